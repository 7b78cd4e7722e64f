import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEA_CONTENT_MAX_CHARS,
  TRANSCRIPT_MAX_CHARS,
  GUEST_ID_PATTERN,
} from '#contract/limits.js';
import type { Dialect } from '#server/db/database.js';
import { forEachDialect } from '#server/test-support/databases.js';
import {
  createIdea,
  createTestApp,
  guestHeaders,
  newGuestId,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import {
  captureLogs,
  LOG_LEVELS,
  listenOnLoopback,
  rawExchange,
  parseRawResponse,
} from './support.js';
import {
  operationsOf,
  requestsFor,
  type FuzzRequest,
  type Identities,
  type Operation,
} from './fuzz-requests.js';

/**
 * Hostile requests generated from the OpenAPI document, thousands of them, against every route
 * (fuzz-requests.ts says what they are). Whatever arrives, the server answers: never a 5xx,
 * never a crash, never a stack trace or SQL in a reply, every error `{error, message}`; and the
 * database is sound afterwards (SQLite's integrity check and the FTS index's own check;
 * PostgreSQL's amcheck on every B-tree and table), with every stored idea within the rules.
 *
 * FUZZ_RUNS (default 8,000) requests go through app.inject on SQLite, FUZZ_RUNS_POSTGRES
 * (default 2,000) on PostgreSQL, and FUZZ_SOCKET_RUNS (default 300 per database) through a real
 * socket, where the HTTP framing itself can be broken too: 10,600 in all by default, spread
 * evenly over the operations. FUZZ_SEED replays a run.
 */

const RUNS: Record<Dialect, number> = {
  sqlite: Number(process.env.FUZZ_RUNS ?? 8_000),
  postgres: Number(process.env.FUZZ_RUNS_POSTGRES ?? 2_000),
};
const SOCKET_RUNS = Number(process.env.FUZZ_SOCKET_RUNS ?? 300);
/** Every run is new; a failure names its seed, and FUZZ_SEED replays it. */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const FUZZ_TIMEOUT_MS = 300_000;

/** Text that betrays the server's insides: a stack frame, a source path, the SQL engine. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /(\n|\\n)\s+at\s|node:internal|\.(ts|js):\d+:\d+/],
  ['a source path', new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
  [
    'SQL',
    /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b|SQLITE_|sqlite3|syntax error|relation "|violates|constraint|kysely/i,
  ],
];

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** What is wrong with one reply, or nothing. */
function problemsOf(request: FuzzRequest, reply: Reply): string[] {
  const problems: string[] = [];
  // docs/api.md's one 5xx a client can cause here on purpose: billing that is not configured.
  const documented = reply.status === 503 && reply.text.includes('"error":"billing_unavailable"');
  if (!(reply.status >= 100 && reply.status < 500) && !documented) {
    problems.push(`status ${reply.status}`);
  }
  const isError = reply.status >= 400;
  const underApi = request.url.startsWith('/api');
  if (isError && request.method !== 'HEAD' && (underApi || reply.status !== 404)) {
    const type = String(reply.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) problems.push(`error as ${type || 'no type'}`);
    try {
      const body = JSON.parse(reply.text) as Record<string, unknown>;
      const keys = Object.keys(body).sort().join(',');
      if (keys !== 'error,message' || typeof body.error !== 'string' || !body.message) {
        problems.push(`error shape ${keys}`);
      }
    } catch {
      problems.push('error body is not JSON');
    }
    for (const [what, pattern] of LEAKS) if (pattern.test(reply.text)) problems.push(what);
  } else if (LEAKS[1]?.[1].test(reply.text)) {
    problems.push('a source path');
  }
  return problems;
}

interface Finding {
  problem: string;
  request: FuzzRequest;
  status: number;
  text: string;
}

/** One finding per kind of problem and operation, so a report stays readable. */
class Findings {
  readonly seen = new Map<string, Finding>();
  count = 0;

  add(problems: string[], request: FuzzRequest, reply: Reply): void {
    for (const problem of problems) {
      this.count += 1;
      const key = `${problem} @ ${request.label}`;
      if (!this.seen.has(key)) {
        this.seen.set(key, {
          problem,
          request,
          status: reply.status,
          text: reply.text.slice(0, 300),
        });
      }
    }
  }

  report(): string[] {
    return [...this.seen.entries()].map(
      ([key, f]) =>
        `${key}: ${f.request.method} ${f.request.url.slice(0, 120)} ` +
        `${JSON.stringify(f.request.headers).slice(0, 200)} -> ${f.status} ${f.text}`,
    );
  }
}

/** The session, guest and ideas the requests use, renewed when a request ends the session. */
class FuzzState implements Identities {
  private current = '';
  private stale = true;
  readonly ids: string[] = [];
  readonly guestId = newGuestId();

  constructor(private readonly app: FastifyInstance) {}

  cookie(): string {
    return this.current;
  }

  ideaIds(): string[] {
    return this.ids;
  }

  async ready(): Promise<void> {
    if (!this.stale) return;
    const user = await registerUser(this.app);
    this.current = user.cookie;
    this.stale = false;
    // Ideas to aim at, made once: this guest's monthly quota soon runs out under fuzzing.
    if (this.ids.length === 0) {
      for (const url of ['/api/ideas', '/api/guest-ideas'] as const) {
        const headers = url === '/api/ideas' ? user.headers : guestHeaders(this.guestId);
        this.ids.push((await createIdea(this.app, { headers, url })).id);
      }
    }
  }

  /** Follows what a reply did to the session: a new one is adopted, an ended one replaced. */
  observe(request: FuzzRequest, reply: Reply): void {
    const setCookie = [reply.headers['set-cookie'] ?? []].flat().join('\n');
    const session = /(?:^|\n)vi_session=([^;]*)/.exec(setCookie);
    if (session) {
      if (session[1] === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie)) {
        if (request.headers.cookie === this.current) this.stale = true;
      } else {
        this.current = `vi_session=${session[1]}`;
      }
    }
    if (reply.status === 201 && this.ids.length < 200) {
      try {
        const id = (JSON.parse(reply.text) as { id?: unknown }).id;
        if (typeof id === 'string') this.ids.push(id);
      } catch {
        // Not an idea: nothing to remember.
      }
    }
  }
}

async function injectReply(app: FastifyInstance, request: FuzzRequest): Promise<Reply> {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [
      name,
      typeof value === 'number' ? String(value) : value,
    ]),
  );
  return { status: response.statusCode, headers, text: response.body };
}

// ---- Raw HTTP over a socket -----------------------------------------------------------------

type Framing = (head: string[], body: Buffer) => Buffer;

const crlf = (head: string[], body: Buffer) =>
  Buffer.concat([
    Buffer.from(`${head.join('\r\n')}\r\nContent-Length: ${body.length}\r\n\r\n`, 'latin1'),
    body,
  ]);

/** Ways a client can get HTTP/1.1 itself wrong, from sloppy to smuggling attempts. */
const FRAMINGS: Array<[string, Framing]> = [
  ['well framed', crlf],
  ['well framed', crlf],
  ['well framed', crlf],
  [
    'bare LF',
    (head, body) =>
      Buffer.concat([
        Buffer.from(`${head.join('\n')}\nContent-Length: ${body.length}\n\n`, 'latin1'),
        body,
      ]),
  ],
  [
    'chunked',
    (head, body) =>
      Buffer.concat([
        Buffer.from(`${head.join('\r\n')}\r\nTransfer-Encoding: chunked\r\n\r\n`, 'latin1'),
        Buffer.from(`${body.length.toString(16)}\r\n`),
        body,
        Buffer.from('\r\n0\r\n\r\n'),
      ]),
  ],
  [
    'bad chunk size',
    (head) =>
      Buffer.from(
        `${head.join('\r\n')}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`,
      ),
  ],
  [
    'length and chunked',
    (head, body) =>
      Buffer.concat([
        Buffer.from(
          `${head.join('\r\n')}\r\nContent-Length: ${body.length + 5}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
          'latin1',
        ),
      ]),
  ],
  [
    'two lengths',
    (head, body) =>
      Buffer.concat([
        Buffer.from(
          `${head.join('\r\n')}\r\nContent-Length: ${body.length}\r\nContent-Length: 1\r\n\r\n`,
        ),
        body,
      ]),
  ],
  ['control bytes in a header', (head, body) => crlf([...head, 'X-Evil: a\u0001b\u007f'], body)],
  [
    'raw UTF-8 in headers',
    (head, body) =>
      crlf(
        [
          ...head,
          'Cookie: vi_session=\u00e9\u00ff',
          'X-Guest-Id: guest_\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9',
        ],
        body,
      ),
  ],
  ['a folded header', (head, body) => crlf([...head, 'X-Folded: a', ' b'], body)],
  [
    'a space before the colon',
    (head, body) => crlf([...head, 'Content-Type : application/json'], body),
  ],
  ['a 20 KB header', (head, body) => crlf([...head, `X-Big: ${'a'.repeat(20_000)}`], body)],
  [
    'HTTP/1.0 without Host',
    (head, body) =>
      crlf([head[0]?.replace('HTTP/1.1', 'HTTP/1.0') ?? '', 'Connection: close'], body),
  ],
  [
    'HTTP/2.0 as text',
    (head, body) => crlf([head[0]?.replace('HTTP/1.1', 'HTTP/2.0') ?? '', ...head.slice(1)], body),
  ],
  [
    'absolute form',
    (head, body) =>
      crlf([head[0]?.replace(' /', ' http://evil.example/') ?? '', ...head.slice(1)], body),
  ],
  [
    'a space in the target',
    (head, body) => crlf([head[0]?.replace('/api', '/a pi') ?? '', ...head.slice(1)], body),
  ],
  [
    'a lower-case method',
    (head, body) => crlf([head[0]?.toLowerCase() ?? '', ...head.slice(1)], body),
  ],
  [
    'garbage',
    () => Buffer.from('\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u01fc\u0003\u0003', 'latin1'),
  ],
];

function rawRequest(request: FuzzRequest, framing: Framing): Buffer {
  const body =
    request.body === undefined
      ? Buffer.alloc(0)
      : Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body);
  const head = [
    `${request.method} ${request.url} HTTP/1.1`,
    'Host: localhost',
    'Connection: close',
  ];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'content-length' || name === 'transfer-encoding' || name === 'host') continue;
    head.push(`${name}: ${value}`);
  }
  return framing(head, body);
}

async function socketReply(port: number, bytes: Buffer): Promise<Reply | null> {
  const { response } = await rawExchange(port, [{ data: bytes }], 15_000);
  if (response === '') return null;
  const parsed = parseRawResponse(response);
  const text = response.split('\r\n\r\n').slice(1).join('\r\n\r\n');
  return { status: parsed.status, headers: parsed.headers, text };
}

// ---- The database afterwards ----------------------------------------------------------------

async function integrityProblems(testApp: TestApp): Promise<string[]> {
  const { db, dialect } = testApp.database;
  const problems: string[] = [];
  if (dialect === 'sqlite') {
    const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
    const verdict = check.rows.map((row) => row.integrity_check).join('; ');
    if (verdict !== 'ok') problems.push(`integrity_check: ${verdict}`);
    const foreign = await sql`PRAGMA foreign_key_check`.execute(db);
    if (foreign.rows.length > 0)
      problems.push(`foreign_key_check: ${JSON.stringify(foreign.rows)}`);
    const fts = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%'`.execute(
      db,
    );
    for (const { name } of fts.rows) {
      try {
        // FTS5's own check: the index holds exactly what its content table holds.
        await sql`INSERT INTO ${sql.table(name)} (${sql.raw(name)}) VALUES ('integrity-check')`.execute(
          db,
        );
      } catch (error) {
        problems.push(`${name} integrity-check: ${String(error)}`);
      }
    }
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS amcheck`.execute(db);
    const indexes = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_am am ON am.oid = c.relam
        JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE am.amname = 'btree' AND n.nspname = 'public'`.execute(db);
    for (const { name } of indexes.rows) {
      try {
        // Every heap tuple is in the index, and the index is ordered and well formed.
        await sql`SELECT bt_index_check(${name}::regclass, true)`.execute(db);
      } catch (error) {
        problems.push(`bt_index_check ${name}: ${String(error)}`);
      }
    }
    const tables = await sql<{ name: string }>`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(db);
    for (const { name } of tables.rows) {
      const corrupt = await sql`SELECT * FROM verify_heapam(${name}::regclass)`.execute(db);
      if (corrupt.rows.length > 0)
        problems.push(`verify_heapam ${name}: ${JSON.stringify(corrupt.rows)}`);
    }
  }

  // What the rules say about every stored row, whatever the requests tried.
  const ideas = await db.selectFrom('ideas').selectAll().execute();
  for (const idea of ideas) {
    const where = `idea ${idea.id}`;
    if (idea.content.trim() === '' || idea.content.length > IDEA_CONTENT_MAX_CHARS)
      problems.push(`${where}: content length`);
    for (const text of [idea.content, idea.transcript ?? '']) {
      if (text.includes('\u0000') || /\p{Cs}/u.test(text))
        problems.push(`${where}: NUL or a lone surrogate`);
    }
    if ((idea.transcript ?? '').length > TRANSCRIPT_MAX_CHARS)
      problems.push(`${where}: transcript length`);
    if ((idea.user_id === null) === (idea.guest_id === null)) problems.push(`${where}: owner`);
    if (idea.guest_id !== null && !GUEST_ID_PATTERN.test(idea.guest_id))
      problems.push(`${where}: guest id`);
  }
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  for (const user of users) {
    if (user.email !== user.email.trim().toLowerCase() || user.email.length > 254) {
      problems.push(`user ${user.id}: e-mail ${JSON.stringify(user.email)}`);
    }
  }
  const counted = await sql<{ owner_key: string; category: string; count: number | string }>`
    SELECT owner_key, category, count FROM idea_counts ORDER BY owner_key, category`.execute(db);
  const actual = await sql<{ owner_key: string; category: string; count: number | string }>`
    SELECT CASE WHEN user_id IS NOT NULL THEN 'user:' || user_id ELSE 'guest:' || guest_id END AS owner_key,
      category, count(*) AS count
    FROM ideas GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  const asText = (rows: typeof counted.rows) =>
    rows
      .map((row) => `${row.owner_key}/${row.category}=${Number(row.count)}`)
      .sort()
      .join(' ');
  if (asText(counted.rows) !== asText(actual.rows))
    problems.push('idea_counts differ from the ideas');
  return problems;
}

// ---- The runs -------------------------------------------------------------------------------

forEachDialect((dialect) => {
  describe(`fuzzing from the OpenAPI document (${dialect})`, () => {
    let fake: FakeOpenAI;
    let webDir: string;
    let testApp: TestApp;
    const logs = captureLogs();
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);

    beforeAll(async () => {
      process.on('uncaughtException', onCrash);
      process.on('unhandledRejection', onCrash);
      fake = await startFakeOpenAI({ transcript: 'Tweet work: ship it.' });
      // A built web app, so paths that leave /api meet the SPA fallback, not the no-build 503.
      webDir = await mkdtemp(join(tmpdir(), 'voice-ideas-fuzz-web-'));
      await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Voice Ideas</title>');
      testApp = await createTestApp(dialect, {
        env: {
          TRANSCRIBE_ENGINE: 'openai',
          OPENAI_BASE_URL: fake.url,
          TRANSCRIBE_TIMEOUT_MS: '5000',
          WEB_DIST_DIR: webDir,
          LOG_LEVEL: 'warn',
        },
        deps: { logDestination: logs.destination },
      });
    });

    afterAll(async () => {
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
      await testApp.app.close();
      await testApp.database.close();
      await fake.close();
      await rm(webDir, { recursive: true, force: true });
    });

    async function document() {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
      return operationsOf(response.json());
    }

    it(
      `answers ${RUNS[dialect]} hostile requests through app.inject with no 5xx, leak or crash`,
      async () => {
        const { operations, schemas } = await document();
        expect(operations.length).toBeGreaterThan(20);
        const state = new FuzzState(testApp.app);
        await state.ready();
        const findings = new Findings();
        const perOperation = Math.ceil(RUNS[dialect] / operations.length);
        let sent = 0;
        for (const operation of operations) {
          await fc.assert(
            fc.asyncProperty(requestsFor(operation, schemas, state), async (request) => {
              await state.ready();
              const reply = await injectReply(testApp.app, request);
              sent += 1;
              state.observe(request, reply);
              findings.add(problemsOf(request, reply), request, reply);
            }),
            { numRuns: perOperation, seed: SEED },
          );
        }
        expect(sent).toBeGreaterThanOrEqual(RUNS[dialect]);
        expect(findings.report(), `FUZZ_SEED=${SEED}`).toEqual([]);
        expect(crashes).toEqual([]);
        const errors = logs.lines.filter((line) => line.level >= LOG_LEVELS.error);
        expect(
          errors.map((line) => `${line.msg} ${JSON.stringify(line.err ?? '')}`.slice(0, 300)),
        ).toEqual([]);

        const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        expect(await integrityProblems(testApp), `FUZZ_SEED=${SEED}`).toEqual([]);
      },
      FUZZ_TIMEOUT_MS,
    );

    it(
      `answers ${SOCKET_RUNS} hostile requests over a real socket, broken framing included`,
      async () => {
        const { operations, schemas } = await document();
        const state = new FuzzState(testApp.app);
        await state.ready();
        const port = await listenOnLoopback(testApp.app);
        const findings = new Findings();
        const unanswered: string[] = [];
        const framing = fc.constantFrom(...FRAMINGS);
        const requests = fc.oneof(...operations.map((op) => requestsFor(op, schemas, state)));
        let sent = 0;
        await fc.assert(
          fc.asyncProperty(requests, framing, async (request, [how, frame]) => {
            await state.ready();
            const reply = await socketReply(port, rawRequest(request, frame));
            sent += 1;
            const labelled = { ...request, label: `${request.label} (${how})` };
            if (reply === null) {
              unanswered.push(`${labelled.label}: ${request.method} ${request.url.slice(0, 80)}`);
              return;
            }
            state.observe(request, reply);
            findings.add(problemsOf(labelled, reply), labelled, reply);
          }),
          { numRuns: SOCKET_RUNS, seed: SEED },
        );
        expect(sent).toBe(SOCKET_RUNS);
        expect(findings.report(), `FUZZ_SEED=${SEED}`).toEqual([]);
        expect(unanswered, `FUZZ_SEED=${SEED}`).toEqual([]);
        expect(crashes).toEqual([]);
        expect(await integrityProblems(testApp), `FUZZ_SEED=${SEED}`).toEqual([]);
      },
      FUZZ_TIMEOUT_MS,
    );

    it('gives one answer when a body breaks its framing after the route has answered', async () => {
      const port = testApp.app.server.listening
        ? (testApp.app.server.address() as { port: number }).port
        : await listenOnLoopback(testApp.app);
      // Refused for its Origin as soon as the headers are read; the bad chunk size comes after.
      const request =
        'POST /api/format HTTP/1.1\r\nHost: localhost\r\nOrigin: https://evil.example\r\n' +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n';
      const { response } = await rawExchange(port, [{ data: request }], 10_000);
      expect(response.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 403']);
      expect(parseRawResponse(response).body).toMatchObject({ error: 'forbidden_origin' });
    });
  });
});

describe('the fuzzer', () => {
  it('finds what it is meant to find', () => {
    const request: FuzzRequest = { method: 'GET', url: '/api/me', headers: {}, label: 'x' };
    const json = { 'content-type': 'application/json' };
    expect(
      problemsOf(request, { status: 500, headers: json, text: '{"error":"a","message":"b"}' }),
    ).toEqual(['status 500']);
    expect(problemsOf(request, { status: 400, headers: {}, text: '<html>' })).toEqual([
      'error as no type',
      'error body is not JSON',
    ]);
    expect(
      problemsOf(request, {
        status: 400,
        headers: json,
        text: JSON.stringify({
          error: 'x',
          message: 'SQLITE_ERROR near "SELECT": syntax error\n    at run',
        }),
      }),
    ).toEqual(['a stack frame', 'SQL']);
    expect(problemsOf(request, { status: 400, headers: json, text: '{"error":"x"}' })).toEqual([
      'error shape error',
    ]);
    expect(problemsOf(request, { status: 200, headers: json, text: '{"me":1}' })).toEqual([]);
  });

  it('makes requests for every kind of operation', () => {
    const operation: Operation = {
      method: 'PUT',
      path: '/api/ideas/{id}',
      parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }],
      jsonBody: {
        type: 'object',
        properties: { content: { type: 'string' } },
        required: ['content'],
      },
    };
    const identities: Identities = {
      cookie: () => 'vi_session=x',
      guestId: newGuestId(),
      ideaIds: () => ['abc'],
    };
    const samples = fc.sample(requestsFor(operation, {}, identities), { numRuns: 300, seed: 1 });
    expect(samples.every((r) => r.url.startsWith('/api/ideas/'))).toBe(true);
    expect(samples.some((r) => r.method !== 'PUT')).toBe(true);
    expect(samples.some((r) => r.url === '/api/ideas/abc')).toBe(true);
    expect(samples.some((r) => r.headers['content-type'] === 'application/json')).toBe(true);
    expect(samples.some((r) => r.body === undefined)).toBe(true);
  });
});
