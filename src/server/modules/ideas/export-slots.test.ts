import { request as httpRequest, type IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { Idea } from '#contract/api-schemas.js';
import { installErrorHandler } from '../../http/errors.js';
import { exportingRepository, usageUnusedByExport } from '../../test-support/exporting-ideas.js';
import { createExportSlots, EXPORTS_PER_ADDRESS } from './export-slots.js';
import { ideasRoutes } from './routes.js';
import { createIdeasService } from './service.js';

const idea: Idea = {
  id: 'idea-1',
  content: 'Buy milk',
  format: 'tweet',
  category: 'personal',
  transcript: null,
  userId: null,
  createdAt: '2026-11-22T08:00:00.000Z',
};

/** An app whose every export sends its first batch, then waits for `open()` before the second. */
async function appWithSlowExports() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(ideasRoutes, {
    ideas: createIdeasService({
      ideas: exportingRepository(async function* () {
        yield [idea];
        await gate;
        yield [{ ...idea, id: 'idea-2' }];
      }, 2),
      usage: usageUnusedByExport,
      now: () => new Date('2026-11-22T09:00:00.000Z'),
    }),
    idempotent: {
      run: () => Promise.reject(new Error('not used by export')),
      forgetDeleted: () => Promise.reject(new Error('not used by export')),
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return { app, port: address.port, open: () => open() };
}

/** Starts an export for `guest` and resolves once its headers are in. */
function startExport(port: number, guest: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/guest-ideas/export',
      headers: { 'x-guest-id': guest },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

function bodyOf(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    response.on('data', (chunk: Buffer) => (text += chunk.toString()));
    response.on('end', () => resolve(text));
    response.on('error', () => resolve(text));
  });
}

describe('exports running at once', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('refuses a third export from one address while two are downloading, and takes it after', async () => {
    const { app, port, open } = await appWithSlowExports();
    close = () => app.close();
    const running = [
      await startExport(port, 'guest_exportslots0001'),
      await startExport(port, 'guest_exportslots0002'),
    ];
    expect(running.map((response) => response.statusCode)).toEqual([200, 200]);
    const refused = await startExport(port, 'guest_exportslots0003');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(await bodyOf(refused))).toMatchObject({ error: 'rate_limited' });
    open();
    await Promise.all(running.map(bodyOf));
    const after = await startExport(port, 'guest_exportslots0003');
    expect(after.statusCode).toBe(200);
    expect(JSON.parse(await bodyOf(after))).toHaveLength(2);
  });

  it('frees the slot of a client that leaves mid-download', async () => {
    const { app, port } = await appWithSlowExports();
    close = () => app.close();
    for (let round = 0; round < 3; round++) {
      const held = [];
      for (let k = 0; k < EXPORTS_PER_ADDRESS; k++) {
        held.push(await startExport(port, `guest_exportslots1${round}${k}0`));
      }
      expect(held.map((response) => response.statusCode)).toEqual([200, 200]);
      for (const response of held) response.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('holds each owner, each address and the instance to their own number', () => {
    const slots = createExportSlots(1, 2, 3);
    const first = slots.take('guest:a', '203.0.113.1');
    expect(() => slots.take('guest:a', '203.0.113.2')).toThrow(/already being downloaded/u);
    slots.take('guest:b', '203.0.113.1');
    expect(() => slots.take('guest:c', '203.0.113.1')).toThrow(/already being downloaded/u);
    slots.take('guest:c', '203.0.113.3');
    let busy: unknown;
    try {
      slots.take('guest:d', '203.0.113.4');
    } catch (error) {
      busy = error;
    }
    expect(busy).toMatchObject({ statusCode: 503, code: 'server_busy' });
    first();
    first();
    expect(() => slots.take('guest:d', '203.0.113.4')).not.toThrow();
  });
});
