import fc from 'fast-check';

/**
 * Hostile requests generated from the OpenAPI document (GET /api/openapi.json): for every
 * operation, requests that are nearly right (the schema's own shapes with one field gone bad)
 * and plainly wrong (other types, huge and deeply nested bodies, odd encodings and Unicode, bad
 * headers, methods, cookies, guest ids and multipart bodies). The document drives it, so a new
 * route is fuzzed the day it is added.
 */

type Json = Record<string, unknown>;

export interface Operation {
  method: string;
  /** The OpenAPI path, `{id}` and all. */
  path: string;
  parameters: Array<{ name: string; in: string; schema: unknown }>;
  /** The JSON body's schema, when the operation takes one. */
  jsonBody?: unknown;
  /** The file field's name, when the operation takes a multipart upload. */
  uploadField?: string;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What the request was made to be, for the failure message. */
  label: string;
}

/** What a request may use from the test's state: a session, a guest, ideas that exist. */
export interface Identities {
  cookie(): string;
  guestId: string;
  ideaIds(): string[];
}

export function operationsOf(document: Json): { operations: Operation[]; schemas: Json } {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Json;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, raw] of Object.entries(item)) {
      const operation = raw as Json;
      const content = (operation.requestBody as Json | undefined)?.content as Json | undefined;
      const multipart = content?.['multipart/form-data'] as Json | undefined;
      const uploadSchema = multipart?.schema as { required?: string[] } | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []) as Operation['parameters'],
        jsonBody: (content?.['application/json'] as Json | undefined)?.schema,
        uploadField: uploadSchema?.required?.[0],
      });
    }
  }
  return { operations, schemas };
}

// ---- Hostile text ---------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000\u0000\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\u202e\u2066evil\u2069',
  '\u200b\u200d\ufeff\u2060',
  '\u00ad\u034f\u115f',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307',
  '👩‍👩‍👧‍👦🏳️‍🌈🇺🇳',
  'Ａｄｍｉｎ',
  'İıſK',
  "' OR 1=1 --",
  '"; DROP TABLE ideas; --',
  "'); DELETE FROM users; --",
  '%',
  '_',
  '%_\\',
  '\\',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '=cmd|" /C calc"!A0',
  '1e309',
  'NaN',
  '-0',
  '0x10',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '\r\n\r\nHTTP/1.1 200 OK',
  'guest_' + 'a'.repeat(8),
];

/** Strings of every kind: ASCII, any code point, lone surrogates, and the classic traps. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 1,
    // Just past and far past the limits: 10,000 content, 20,000 transcript, 64 KiB body.
    arbitrary: fc
      .tuple(fc.constantFrom(201, 10_001, 20_001, 70_000), fc.constantFrom('x', 'é', '😀', ' '))
      .map(([length, unit]) => unit.repeat(length)),
  },
);

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Any JSON value, leaning to the ones that break naive code. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, true, false, null),
  },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { '': '' }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 50, max: 2_000 }),
        fc.constantFrom<'array' | 'object'>('array', 'object'),
      )
      .map(([depth, kind]) => nested(depth, kind)),
  },
  {
    weight: 1,
    // Own properties named like the prototype chain, as JSON.parse makes them.
    arbitrary: fc.constantFrom(
      JSON.parse('{"__proto__": {"admin": true}}') as unknown,
      JSON.parse('{"constructor": {"prototype": {"admin": true}}}') as unknown,
    ),
  },
);

// ---- Values from a schema -------------------------------------------------------------------

function resolve(schema: unknown, schemas: Json): Json {
  let current = schema as Json;
  while (typeof current.$ref === 'string') {
    current = schemas[current.$ref.replace('#/components/schemas/', '')] as Json;
  }
  return current;
}

/** A value the schema accepts (mostly: strings are drawn from all of Unicode). */
export function validValue(schema: unknown, schemas: Json): fc.Arbitrary<unknown> {
  const s = resolve(schema, schemas);
  if (Array.isArray(s.anyOf)) return fc.oneof(...s.anyOf.map((one) => validValue(one, schemas)));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  switch (s.type) {
    case 'string': {
      const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
      const maxLength = Math.min(typeof s.maxLength === 'number' ? s.maxLength : 60, 60);
      return fc.oneof(
        fc.string({ minLength: Math.min(minLength, maxLength), maxLength }),
        fc.string({ unit: 'grapheme', minLength: Math.min(minLength, maxLength), maxLength }),
      );
    }
    case 'integer':
      return fc.integer({
        min: typeof s.minimum === 'number' ? s.minimum : -1000,
        max: typeof s.maximum === 'number' ? s.maximum : 1000,
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(s.items ?? {}, schemas), { maxLength: 4 });
    case 'object': {
      const properties = (s.properties ?? {}) as Json;
      const required = (s.required ?? []) as string[];
      const shape = Object.fromEntries(
        Object.entries(properties).map(([name, child]) => [name, validValue(child, schemas)]),
      );
      return fc.record(shape, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The schema's object with some fields gone bad, gone missing, or joined by strangers. */
function nearlyValidObject(schema: unknown, schemas: Json): fc.Arbitrary<unknown> {
  const s = resolve(schema, schemas);
  const properties = (s.properties ?? {}) as Json;
  const shape = Object.fromEntries(
    Object.entries(properties).map(([name, child]) => [
      name,
      fc.oneof(validValue(child, schemas), hostileValue),
    ]),
  );
  return fc
    .tuple(
      fc.record(shape, { requiredKeys: [] }),
      fc.dictionary(
        fc.oneof(hostileString, fc.constantFrom('userId', 'guestId', 'id')),
        hostileValue,
        {
          maxKeys: 3,
        },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

// ---- Bodies, encodings, headers -------------------------------------------------------------

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;=',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/octet-stream',
  '*/*',
  'json',
];

interface EncodedBody {
  body?: string | Buffer;
  contentType?: string;
  label: string;
}

const NO_BODY: EncodedBody = { label: 'no body' };

/** A body's text and how it says it is encoded. */
function encodedBody(value: fc.Arbitrary<unknown>): fc.Arbitrary<EncodedBody> {
  const json = value.map((v) => JSON.stringify(v) ?? 'null');
  return fc.oneof(
    {
      weight: 8,
      arbitrary: json.map((body) => ({ body, contentType: 'application/json', label: 'json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(json, fc.constantFrom(...JSON_TYPES))
        .map(([body, contentType]) => ({ body, contentType, label: `json as ${contentType}` })),
    },
    {
      weight: 1,
      arbitrary: json.map((body) => ({ body, label: 'json without content-type' })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(json, fc.nat()).map(([text, cut]) => ({
        body: text.slice(0, cut % Math.max(text.length, 1)),
        contentType: 'application/json',
        label: 'truncated json',
      })),
    },
    {
      weight: 1,
      arbitrary: json.map((text) => ({
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
        contentType: 'application/json',
        label: 'json after a byte order mark',
      })),
    },
    {
      weight: 1,
      arbitrary: json.map((text) => ({
        body: Buffer.from(text, 'utf16le'),
        contentType: 'application/json; charset=utf-16le',
        label: 'json in UTF-16',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.uint8Array({ maxLength: 600 }).map((bytes) => ({
        body: Buffer.from(bytes),
        contentType: 'application/json',
        label: 'random bytes as json',
      })),
    },
    {
      weight: 1,
      // Invalid UTF-8 inside a JSON string: overlong, truncated and surrogate encodings.
      arbitrary: fc
        .constantFrom(
          [0xc0, 0xaf],
          [0xe0, 0x80],
          [0xed, 0xa0, 0x80],
          [0xff],
          [0xf4, 0x90, 0x80, 0x80],
        )
        .map((bytes) => ({
          body: Buffer.concat([
            Buffer.from('{"content":"a'),
            Buffer.from(bytes),
            Buffer.from('","transcript":"x","email":"a@b.co","password":"abcdef"}'),
          ]),
          contentType: 'application/json',
          label: 'invalid UTF-8',
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(70_000, 200_000).map((size) => ({
        body: `{"content":"${'x'.repeat(size)}"}`,
        contentType: 'application/json',
        label: `a ${size}-byte body`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1000, max: 30_000 }).map((depth) => ({
        body: '['.repeat(depth) + ']'.repeat(depth),
        contentType: 'application/json',
        label: `arrays ${depth} deep`,
      })),
    },
    { weight: 1, arbitrary: fc.constant(NO_BODY) },
  );
}

const BOUNDARY = '----fuzz-boundary';

/** Multipart bodies, mostly broken: wrong fields, truncations, bad boundaries, fake audio. */
function multipartBody(field: string): fc.Arbitrary<EncodedBody> {
  const part = (name: string, filename: string | null, type: string | null, content: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
          (filename === null ? '' : `; filename="${filename}"`) +
          (type === null ? '' : `\r\nContent-Type: ${type}`) +
          '\r\n\r\n',
      ),
      content,
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${BOUNDARY}--\r\n`);
  const content = fc.oneof(
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
    // Audio magic numbers followed by garbage: sniffed as audio, then refused by the decoder.
    fc
      .tuple(
        fc.constantFrom(
          'RIFF\u0000\u0000\u0000\u0000WAVEfmt ',
          'OggS',
          '\u001aE\u00df\u00a3',
          'ID3',
          '\u0000\u0000\u0000\u0018ftypM4A ',
        ),
        fc.uint8Array({ maxLength: 400 }),
      )
      .map(([magic, rest]) => Buffer.concat([Buffer.from(magic, 'latin1'), Buffer.from(rest)])),
  );
  const name = fc.oneof(
    fc.constant(field),
    hostileString.filter((s) => !s.includes('"')),
  );
  const filename = fc.oneof(
    fc.constant('recording.webm'),
    fc.constant(null),
    fc.constantFrom('../../etc/passwd', 'a\u0000.webm', '😀.ogg', 'x'.repeat(1000)),
  );
  const type = fc.constantFrom('audio/webm', null, 'text/html', 'audio/x-evil; a=b', '');
  const parts = fc.array(fc.tuple(name, filename, type, content), { minLength: 0, maxLength: 3 });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: parts.map((list) => ({
        body: Buffer.concat([...list.map(([n, f, t, c]) => part(n, f, t, c)), end]),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        label: `multipart with ${list.length} parts`,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(parts, fc.nat()).map(([list, cut]) => {
        const whole = Buffer.concat(list.map(([n, f, t, c]) => part(n, f, t, c)));
        return {
          body: whole.subarray(0, cut % Math.max(whole.length, 1)),
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          label: 'multipart cut short',
        };
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          content,
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'multipart/form-data; boundary=other',
            `multipart/form-data; boundary="${'b'.repeat(200)}"`,
            'multipart/mixed; boundary=x',
            'application/json',
          ),
        )
        .map(([c, contentType]) => ({
          body: Buffer.concat([part(field, 'recording.webm', 'audio/webm', c), end]),
          contentType,
          label: `multipart as ${contentType}`,
        })),
    },
    { weight: 1, arbitrary: fc.constant({ label: 'no upload' }) },
  );
}

/**
 * encodeURIComponent, except that half a surrogate pair (which it refuses) is written as the
 * three bytes a careless encoder would produce: one more malformed sequence for the server.
 */
function percentEncoded(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    out +=
      char.length === 1 && unit >= 0xd800 && unit <= 0xdfff
        ? `%ED%${(0xa0 | ((unit >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (unit & 0x3f)).toString(16).toUpperCase()}`
        : encodeURIComponent(char);
  }
  return out;
}

/** Path segment values: real ids, hostile text, over-long ids and broken percent-encoding. */
function pathValue(identities: Identities): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null).map(() => pick(identities.ideaIds()) ?? 'none') },
    { weight: 3, arbitrary: hostileString.filter((s) => s !== '').map(percentEncoded) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%C0%AF',
        '%ED%A0%80',
        '%F0%9F',
        '..%2F..%2Fetc',
        '%2e%2e',
        'a%00b',
        'x'.repeat(129),
        'x'.repeat(5000),
        'all',
        'export',
      ),
    },
  );
}

let picks = 0;
function pick<T>(list: T[]): T | undefined {
  picks += 1;
  return list[picks % Math.max(list.length, 1)];
}

function queryString(operation: Operation, schemas: Json): fc.Arbitrary<string> {
  const known = operation.parameters.filter((p) => p.in === 'query');
  const value = (schema: unknown) =>
    fc.oneof(
      validValue(schema, schemas).map((v) =>
        percentEncoded(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')),
      ),
      hostileString.map(percentEncoded),
      fc.constantFrom('%', '%zz', '%C0%AF', '%ED%A0%80', '1e999', '-1', '0', '201', '1.5', ''),
    );
  const pairs = fc.tuple(
    ...known.map((p) =>
      fc.option(
        fc
          .array(value(p.schema), { minLength: 1, maxLength: 2 })
          .map((values) => values.map((v) => `${p.name}=${v}`)),
      ),
    ),
    fc.array(
      fc.tuple(
        fc.constantFrom('__proto__[admin]', 'constructor', 'x', 'limit[]', 'q[$ne]'),
        value({}),
      ),
      { maxLength: 2 },
    ),
  );
  // Generated values are not mutated: fast-check shrinks from them when a run fails.
  return pairs.map((parts) => {
    const extra = parts.at(-1) as Array<[string, string]>;
    const list = [
      ...(parts.slice(0, -1) as Array<string[] | null>).flatMap((p) => p ?? []),
      ...extra.map(([k, v]) => `${k}=${v}`),
    ];
    return list.length === 0 ? '' : `?${list.join('&')}`;
  });
}

/** The headers a hostile client sends: sessions, guests, origins and the like, good and bad. */
function headersArb(identities: Identities): fc.Arbitrary<Record<string, string>> {
  const printable = fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((s) =>
    // What an HTTP client can put in a header at all; raw bytes beyond this are the socket's.
    s.replace(/[^\x20-\x7e]/g, ''),
  );
  const cookie = fc.oneof(
    { weight: 4, arbitrary: fc.constant(null).map(() => identities.cookie()) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        printable.map((v) => `vi_session=${v}`),
        fc.constantFrom(
          'vi_session=',
          'vi_session=%ZZ',
          'vi_session="unterminated',
          `vi_session=${'a'.repeat(4000)}`,
          'vi_session=a; vi_session=b',
          '=; ;; =x',
          'vi_session=\u00ff\u00fe',
          '__proto__=1; constructor=2',
        ),
      ),
    },
  );
  const guest = fc.oneof(
    { weight: 4, arbitrary: fc.constant(identities.guestId) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        printable,
        fc.constantFrom(
          'guest_',
          'guest_short',
          `guest_${'a'.repeat(65)}`,
          'GUEST_abcdefgh',
          'guest_abcdefgh\u00e9',
          'guest_abc defgh',
          "guest_abcdefgh' OR '1'='1",
          'user:abc',
        ),
      ),
    },
  );
  const origin = fc.constantFrom(
    undefined,
    undefined,
    'http://localhost',
    'https://evil.example',
    'null',
    'http://localhost.evil.example',
    '://',
    'file://',
  );
  const extra = fc.constantFrom<Record<string, string>>(
    {},
    {},
    { accept: 'text/html' },
    { 'accept-encoding': 'gzip;q=1e9, br, *;q=-1' },
    { 'x-forwarded-for': '1.2.3.4, <script>' },
    { 'transfer-encoding': 'chunked' },
    { 'content-encoding': 'gzip' },
    { 'content-length': '5' },
    { 'content-length': '-1' },
    { expect: '100-continue' },
    { range: 'bytes=0-1,5-' },
    { 'if-none-match': '*' },
    { authorization: 'Bearer x' },
    { host: 'evil.example' },
  );
  return fc.tuple(cookie, guest, origin, extra).map(([c, g, o, e]) => {
    const headers: Record<string, string> = { ...e };
    if (c !== undefined) headers.cookie = c;
    if (g !== undefined) headers['x-guest-id'] = g;
    if (o !== undefined) headers.origin = o;
    return headers;
  });
}

const OTHER_METHODS = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'PROPFIND',
];

/** Requests for one operation of the document. */
export function requestsFor(
  operation: Operation,
  schemas: Json,
  identities: Identities,
): fc.Arbitrary<FuzzRequest> {
  const method = fc.oneof(
    { weight: 6, arbitrary: fc.constant(operation.method) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
  );
  const params = operation.path.match(/\{[^}]+\}/g) ?? [];
  const path = fc
    .tuple(...params.map(() => pathValue(identities)))
    .map((values) => values.reduce((url, v, i) => url.replace(params[i] ?? '', v), operation.path));
  const body: fc.Arbitrary<EncodedBody> = operation.uploadField
    ? multipartBody(operation.uploadField)
    : operation.jsonBody
      ? encodedBody(
          fc.oneof(
            { weight: 5, arbitrary: nearlyValidObject(operation.jsonBody, schemas) },
            { weight: 2, arbitrary: validValue(operation.jsonBody, schemas) },
            { weight: 2, arbitrary: hostileValue },
          ),
        )
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant(NO_BODY) },
          { weight: 1, arbitrary: encodedBody(hostileValue) },
        );
  return fc
    .tuple(method, path, queryString(operation, schemas), headersArb(identities), body)
    .map(([m, p, q, headers, b]) => {
      const all = { ...headers };
      if (b.contentType !== undefined) all['content-type'] = b.contentType;
      return {
        method: m,
        url: p + q,
        headers: all,
        body: b.body,
        label: `${operation.method} ${operation.path}: ${b.label}`,
      };
    });
}
