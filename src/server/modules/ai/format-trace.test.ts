import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { closeTestApp, createTestApp, type TestApp } from '../../test-support/api.js';

const BODY = {
  transcript: 'charge my watch lay out my kit and book a taxi',
  format: 'checklist',
  category: 'personal',
};

async function format(testApp: TestApp, payload: object) {
  return testApp.app.inject({ method: 'POST', url: '/api/format', payload });
}

describe('POST /api/format debug trace, on a server started with FORMAT_DEBUG_TRACE', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { FORMAT_DEBUG_TRACE: 'true' } });
  });
  afterAll(() => closeTestApp(testApp));

  it('names the rows that made each line of the rules answer, and the inference decisions', async () => {
    const response = await format(testApp, { ...BODY, debug: true });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{
      formatted: string;
      path: string;
      trace: {
        inference: { format: string | null; decisions: string[] };
        lines: { line: string; rules: string[] }[];
        whole: string[];
      };
    }>();
    expect(answer.path).toBe('rules');
    expect(answer.formatted).toBe(formatWithRules(BODY.transcript, 'checklist', 'personal'));
    expect(answer.trace.lines.map((one) => one.line)).toEqual(
      answer.formatted.split('\n').filter((line) => line !== ''),
    );
    expect(answer.trace.lines.flatMap((one) => one.rules)).toContain(
      'tag.base-verb-after-a-determiner-is-a-thing',
    );
    expect(answer.trace.inference.format).toBe('checklist');
    expect(answer.trace.inference.decisions.length).toBeGreaterThan(0);
  });

  it('answers as the contract says when debug is not asked for', async () => {
    const response = await format(testApp, BODY);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<object>()).sort()).toEqual([
      'formatted',
      'mode',
      'notes',
      'path',
    ]);
  });

  it('refuses a debug flag that is not true or false', async () => {
    const response = await format(testApp, { ...BODY, debug: 'yes' });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/format debug trace, on a server started without the setting', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(() => closeTestApp(testApp));

  it('gives no trace: debug is an unknown field like any other', async () => {
    const response = await format(testApp, { ...BODY, debug: true });
    expect(response.statusCode).toBe(200);
    const answer = response.json<Record<string, unknown>>();
    expect(answer).not.toHaveProperty('trace');
    expect(answer.formatted).toBe(formatWithRules(BODY.transcript, 'checklist', 'personal'));
  });
});
