import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/api.js';

/**
 * The document at GET /api/openapi.json against the contract: every call the tables of
 * docs/api.md list is in it with its method, every call in it is in those tables, and it holds
 * together as an OpenAPI 3.1 document (the structure rules below are the specification's, checked
 * by hand because no validator package is installed).
 */

const API_MD = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Call {
  method: string;
  path: string;
}

/**
 * The calls in the first column of docs/api.md's tables, as `METHOD /path` with `:id` written
 * `{id}` as OpenAPI does. The "Not built yet" section lists calls the server does not have.
 */
function contractCalls(markdown: string): Call[] {
  const built = markdown.split(/^## Not built yet$/m)[0] ?? '';
  const calls = new Map<string, Call>();
  for (const line of built.split('\n')) {
    // /api and the public share page /s/:token, the one page the contract names.
    const match = /^\| `(GET|POST|PUT|PATCH|DELETE|OPTIONS) (\/(?:api|s)\/[^`\s?]*)/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const path = match[2].replace(/:(\w+)/g, '{$1}');
    calls.set(`${match[1]} ${path}`, { method: match[1].toLowerCase(), path });
  }
  return [...calls.values()];
}

/** "Every call exists twice": docs/api.md lists the /api/ideas form of the guests' calls. */
function asListed(path: string): string {
  return path === '/api/guest-ideas/clear'
    ? path
    : path.replace(/^\/api\/guest-ideas/, '/api/ideas');
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every problem found in the document, as readable lines (an empty list when it is sound). */
function openApi31Problems(document: Json): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string) => problems.push(`${where}: ${what}`);

  if (typeof document.openapi !== 'string' || !/^3\.1\.\d+$/.test(document.openapi)) {
    fail('openapi', `must be 3.1.x, is ${String(document.openapi)}`);
  }
  const info = document.info;
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') {
    fail('info', 'needs a title and a version');
  }
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  if (!isObject(document.paths)) {
    fail('paths', 'missing');
    return problems;
  }

  const checkRefs = (where: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((item, i) => checkRefs(`${where}[${i}]`, item));
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref') {
        const match = typeof child === 'string' && /^#\/components\/schemas\/(.+)$/.exec(child);
        if (!match || !match[1] || !(match[1] in schemas)) fail(where, `$ref ${String(child)}`);
      } else {
        checkRefs(`${where}.${key}`, child);
      }
    }
  };
  const checkSchema = (where: string, schema: unknown): void => {
    if (typeof schema === 'boolean') return;
    if (!isObject(schema)) {
      fail(where, 'a schema must be an object or a boolean');
      return;
    }
    const types = schema.type === undefined ? [] : [schema.type].flat();
    const known = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'];
    for (const type of types) if (!known.includes(type as string)) fail(where, `type ${type}`);
    if ('nullable' in schema) fail(where, '`nullable` is OpenAPI 3.0, not 3.1');
    if (isObject(schema.properties)) {
      for (const [name, child] of Object.entries(schema.properties)) {
        checkSchema(`${where}.${name}`, child);
      }
    }
    if (schema.items !== undefined) checkSchema(`${where}[]`, schema.items);
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      const list = schema[key];
      if (list !== undefined && (!Array.isArray(list) || list.length === 0)) {
        fail(where, `${key} must be a non-empty array`);
      }
      if (Array.isArray(list))
        list.forEach((child, i) => checkSchema(`${where}.${key}${i}`, child));
    }
  };
  const checkContent = (where: string, content: unknown): void => {
    if (!isObject(content) || Object.keys(content).length === 0) {
      fail(where, 'content must map media types to media objects');
      return;
    }
    for (const [mediaType, media] of Object.entries(content)) {
      if (!/^[\w.+-]+\/[\w.+-]+$/.test(mediaType)) fail(where, `media type ${mediaType}`);
      if (!isObject(media)) fail(`${where}.${mediaType}`, 'not a media type object');
      else checkSchema(`${where}.${mediaType}`, media.schema);
    }
  };

  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) fail(path, 'a path must start with /');
    if (!isObject(item)) {
      fail(path, 'not a path item');
      continue;
    }
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!HTTP_METHODS.includes(method)) {
        if (method !== 'parameters' && method !== 'summary' && method !== 'description') {
          fail(where, 'not an HTTP method');
        }
        continue;
      }
      if (!isObject(operation)) {
        fail(where, 'not an operation');
        continue;
      }
      if (typeof operation.operationId === 'string') {
        if (operationIds.has(operation.operationId)) fail(where, 'operationId used twice');
        operationIds.add(operation.operationId);
      }
      const parameters = operation.parameters === undefined ? [] : operation.parameters;
      if (!Array.isArray(parameters)) fail(where, 'parameters must be an array');
      const seen = new Set<string>();
      for (const parameter of Array.isArray(parameters) ? (parameters as unknown[]) : []) {
        if (!isObject(parameter) || typeof parameter.name !== 'string') {
          fail(where, 'a parameter needs a name');
          continue;
        }
        if (!['query', 'header', 'path', 'cookie'].includes(parameter.in as string)) {
          fail(where, `parameter ${parameter.name} is in ${String(parameter.in)}`);
        }
        if (parameter.in === 'path' && parameter.required !== true) {
          fail(where, `path parameter ${parameter.name} must be required`);
        }
        if (parameter.in === 'path' && !templated.includes(parameter.name)) {
          fail(where, `path parameter ${parameter.name} is not in the path`);
        }
        const key = `${String(parameter.in)}:${parameter.name}`;
        if (seen.has(key)) fail(where, `parameter ${key} twice`);
        seen.add(key);
        checkSchema(`${where} ${key}`, parameter.schema);
      }
      for (const name of templated) {
        if (!seen.has(`path:${name}`)) fail(where, `{${name}} has no path parameter`);
      }
      if (operation.requestBody !== undefined) {
        if (!isObject(operation.requestBody)) fail(where, 'requestBody is not an object');
        else checkContent(`${where} requestBody`, operation.requestBody.content);
      }
      const responses = operation.responses;
      if (!isObject(responses) || Object.keys(responses).length === 0) {
        fail(where, 'needs at least one response');
        continue;
      }
      for (const [status, response] of Object.entries(responses)) {
        if (status !== 'default' && !/^[1-5](\d\d|XX)$/.test(status)) {
          fail(where, `response key ${status}`);
        }
        if (!isObject(response) || typeof response.description !== 'string') {
          fail(`${where} ${status}`, 'a response needs a description');
          continue;
        }
        if (response.content !== undefined) checkContent(`${where} ${status}`, response.content);
      }
    }
  }
  for (const [name, schema] of Object.entries(schemas)) checkSchema(`components.${name}`, schema);
  checkRefs('document', document);
  return problems;
}

describe('GET /api/openapi.json', () => {
  const testApp = useTestApp('sqlite');

  async function openApiDocument(): Promise<Json> {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<Json>();
  }

  it('holds every call of docs/api.md with its method, and nothing docs/api.md does not list', async () => {
    const document = await openApiDocument();
    const paths = document.paths as Record<string, Record<string, unknown>>;
    const contract = contractCalls(API_MD);
    // The parser reads the tables: a change of their layout must not leave this test empty.
    expect(contract.length).toBeGreaterThanOrEqual(20);
    const missing = contract
      .filter(({ method, path }) => paths[path]?.[method] === undefined)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);

    const listed = new Set(contract.map(({ method, path }) => `${method} ${path}`));
    const unlisted = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => HTTP_METHODS.includes(method))
        .filter((method) => !listed.has(`${method} ${asListed(path)}`))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(unlisted).toEqual([]);
  });

  it('is a sound OpenAPI 3.1 document', async () => {
    expect(openApi31Problems(await openApiDocument())).toEqual([]);
  });

  it('describes bodies, parameters and answers as the routes validate them', async () => {
    const document = await openApiDocument();
    const paths = document.paths as Record<string, Record<string, Json>>;
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    for (const { path, method, operation } of operations) {
      const responses = operation.responses as Json;
      // The error handler's shape is every call's answer to a failure.
      expect(responses.default, `${method} ${path}`).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      });
      const success = Object.keys(responses).filter((status) => /^[23]\d\d$/.test(status));
      expect(success.length, `${method} ${path} has a success answer`).toBeGreaterThan(0);
      if (method === 'post' || method === 'put') {
        const bodyless = [
          '/api/logout',
          '/api/usage/increment',
          '/api/guest-ideas/clear',
          '/api/billing/portal',
          // The provider's signed bytes, checked by their signature rather than a schema.
          '/api/billing/webhook',
          // tus creation: what it asks for is in its headers (docs/api.md, "Recordings").
          '/api/uploads',
          // Transcribes the recording named in the path again: there is nothing else to say.
          '/api/recordings/{id}/transcribe',
          // The idea named in the path gets its link: there is nothing else to say.
          '/api/ideas/{id}/share',
          '/api/guest-ideas/{id}/share',
          // The signed-in person says the password set before their e-mail's proof was theirs.
          '/api/account/password-before-proof',
          // ... or that it was not: what goes is fixed by the account, not by the caller.
          '/api/account/password-before-proof/not-mine',
        ];
        if (!bodyless.includes(path)) {
          expect(operation.requestBody, `${method} ${path} has a body`).toBeDefined();
        }
      }
    }

    expect(paths['/api/transcribe']?.post?.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { required: ['audio'] } } },
    });
    expect(paths['/api/ideas']?.get?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'limit',
          in: 'query',
          schema: expect.objectContaining({ minimum: 1, maximum: 200, default: 50 }),
        }),
      ]),
    );
    expect(paths['/api/ideas/{id}']?.put?.requestBody).toMatchObject({
      content: {
        'application/json': { schema: { required: ['content'], properties: { content: {} } } },
      },
    });
    expect(paths['/api/ideas/export']?.get?.responses).toMatchObject({
      200: { content: { 'text/csv': {}, 'text/markdown': {}, 'application/json': {} } },
    });
    expect(paths['/api/logout']?.post?.responses).toHaveProperty('204');
    const schemas = (document.components as { schemas: Json }).schemas;
    expect(schemas.Idea).toMatchObject({
      required: expect.arrayContaining(['id', 'content', 'format', 'category', 'createdAt']),
    });
  });

  it('finds a broken document broken', () => {
    expect(openApi31Problems({ openapi: '3.0.3', info: {}, paths: {} })).toHaveLength(2);
    expect(
      openApi31Problems({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/a/{id}': {
            get: {
              parameters: [{ name: 'id', in: 'path' }],
              responses: {
                200: {
                  description: 'x',
                  content: { 'application/json': { schema: { nullable: true } } },
                },
                201: {},
              },
            },
            fetch: {},
          },
          '/b': { post: { responses: { 299: { description: 'x', content: { $ref: '#/x' } } } } },
        },
      }),
    ).toEqual([
      'GET /a/{id}: path parameter id must be required',
      'GET /a/{id} path:id: a schema must be an object or a boolean',
      'GET /a/{id} 200.application/json: `nullable` is OpenAPI 3.0, not 3.1',
      'GET /a/{id} 201: a response needs a description',
      'FETCH /a/{id}: not an HTTP method',
      'POST /b 299: media type $ref',
      'POST /b 299.$ref: not a media type object',
      'document.paths./b.post.responses.299.content: $ref #/x',
    ]);
  });

  it('reads the contract tables of docs/api.md', () => {
    expect(
      contractCalls(
        '| `GET /api/ideas` | q |\n| `DELETE /api/ideas/:id` | - |\n## Not built yet\n| `POST /api/auth/claim` |',
      ),
    ).toEqual([
      { method: 'get', path: '/api/ideas' },
      { method: 'delete', path: '/api/ideas/{id}' },
    ]);
  });
});
