/**
 * An answer given before the request's body has arrived (413, 503, 403...) reaches the client:
 * the server reads and discards the rest for a while before it closes, so Node's fetch sees the
 * status instead of a broken pipe. docs/security.md names the control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guestHeaders, newGuestId } from '#server/test-support/api.js';
import {
  killAllServers,
  serverEnv,
  startServer,
  type ServerProcess,
} from '#tests/system/support/server-process.js';

describe('an early answer to a large upload', () => {
  // The real server process, as `npm start` runs it: the reset showed there, not in an
  // in-process test app.
  let server: ServerProcess;
  const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-early-'));
  beforeAll(async () => {
    server = await startServer(serverEnv({ DATABASE_URL: `sqlite:${join(dir, 'app.db')}` }));
  }, 60_000);
  afterAll(async () => {
    await killAllServers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is read by Node’s fetch while it still sends 26 MiB', async () => {
    const body = new FormData();
    const bytes = Buffer.alloc(26 * 1024 * 1024, 1);
    body.append('audio', new Blob([bytes], { type: 'audio/webm' }), 'recording.webm');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await fetch(`${server.url}/api/transcribe`, {
        method: 'POST',
        body,
        headers: guestHeaders(newGuestId()),
        signal: AbortSignal.timeout(30_000),
      });
      // No engine here: 503 before the body is read; with one, 413 past 25 MiB. Either way the
      // status, not a reset.
      expect([413, 503]).toContain(response.status);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /payload_too_large|transcription_unavailable/,
      );
      expect(response.headers.get('connection')).toBe('close');
    }
  }, 60_000);
});
