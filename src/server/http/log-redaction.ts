import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * No token, password or other secret is ever written to a log line (docs/api.md,
 * "Conventions"), nor what a person searched their ideas for. Links carry one-time tokens in their query (`/reset-password?token=…`,
 * `/api/auth/magic?token=…`) and a share link its token in the path (`/s/<token>`); whoever reads
 * the log must not be able to use them. So every URL, every error text, every message and every
 * text field of every line has such values replaced, whatever the route, whether or not it
 * exists, and however the secret was escaped.
 */
export const REDACTED = '[redacted]';

/** Query names that hold a secret: matched anywhere in the name, case-insensitively. */
const SECRET_NAME =
  /token|code|key|secret|pass(word|wd)?|pwd|claim|signature|sig|auth|session|credential|otp|nonce|cookie/i;

/**
 * A query pair that holds the person's own words (a search), by its whole name, replaced as it
 * came: decoded, its spaces would end the value early.
 */
const PRIVATE_PAIR = /([?&;])(q|query|search)=[^&#\s"'<>]*/gi;

/**
 * `name=value` pairs in a query or in free text. The router starts a query at `?`, `;` or `#`
 * (find-my-way), so a pair may follow any of them, `&`, a space or the start of the text.
 */
const QUERY_PAIR = /(^|[?&;#\s])([^=&;#\s"'<>]*)=([^&;#\s"'<>]*)/g;
/** A share link's token: `/s/<token>` and whatever follows it up to the query, anywhere. */
const SHARE_PATH = /(^|[^A-Za-z0-9_-])\/s\/[^?#\s"'<>]+/gi;
/** A run of percent-escapes, decoded together so a multi-byte character comes out whole. */
const ESCAPED_RUN = /(?:%[0-9a-f]{2})+/gi;
/** What could be a secret at all: a pair, a share path, or an escape that may hide either. */
const MAYBE_SECRET = /[=%]|\/s\//i;
/**
 * Decodings tried before giving up on a text. The router decodes once; more rounds catch a
 * token escaped again for something downstream, and bound the work a hostile URL can ask for.
 */
const MAX_DECODINGS = 4;

function decodedOnce(text: string): string {
  return text.replace(ESCAPED_RUN, (run) => Buffer.from(run.replace(/%/g, ''), 'hex').toString());
}

/**
 * The text decoded until no escape is left, as the router and anything after it could read it,
 * or undefined when escapes are still left after MAX_DECODINGS rounds: no honest URL is escaped
 * that often, so such a text is withheld whole.
 */
function fullyDecoded(text: string): string | undefined {
  let current = text;
  for (let round = 0; round < MAX_DECODINGS; round += 1) {
    const next = decodedOnce(current);
    if (next === current) return current;
    current = next;
  }
  return decodedOnce(current) === current ? current : undefined;
}

function redactDecoded(text: string): string {
  return text
    .replace(QUERY_PAIR, (pair, separator: string, name: string) => {
      const named = name.replace(/\+/g, ' ');
      return SECRET_NAME.test(named) ? `${separator}${name}=${REDACTED}` : pair;
    })
    .replace(SHARE_PATH, (_match, before: string) => `${before}/s/${REDACTED}`);
}

/**
 * The text with every secret-named query value and every share token replaced, judged on its
 * decoded form: `%74oken=`, `/%73/…`, `token%3D…`, `%2574oken=` and `#token=` are the same
 * secrets to whoever reads the log. A text with nothing to hide is kept exactly as it came; one
 * with a secret is written decoded, since the escapes are what hid it.
 */
export function redactSecrets(said: string): string {
  const text = said.replace(PRIVATE_PAIR, (_pair, separator: string, name: string) => {
    return `${separator}${name}=${REDACTED}`;
  });
  if (!MAYBE_SECRET.test(text)) return text;
  const decoded = fullyDecoded(text);
  if (decoded === undefined) return REDACTED;
  const redacted = redactDecoded(decoded);
  return redacted === decoded ? text : redacted;
}

/** How deep a logged field's plain objects and arrays are searched for texts to redact. */
const FIELD_DEPTH = 4;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Every text in a logged field, redacted: a warning's `cause`, a provider's message or a job's
 * details may quote a URL as well as `req` and `err` do. Other objects (a request, an error)
 * are left to their serializers, which pino runs after this.
 */
function redactField(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth === 0 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => redactField(item, depth - 1));
  if (!isPlainObject(value)) return value;
  const redacted: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) redacted[key] = redactField(field, depth - 1);
  return redacted;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Fastify's request fields, with the URL redacted. */
function requestValue(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    version: firstValue(request.headers['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

/** pino's error fields (message, stack, causes), each text redacted: errors quote URLs too. */
function errorValue(error: Error): SerializedError {
  const serialized = stdSerializers.err(error);
  const redacted: Record<string, unknown> = { ...serialized };
  for (const [field, value] of Object.entries(serialized)) {
    redacted[field] = redactField(value, FIELD_DEPTH);
  }
  return redacted as SerializedError;
}

/**
 * A line's fields, redacted, but for `mail`: the mail written to the log when SMTP_URL is unset
 * carries its link on purpose, for the operator to hand on (docs/api.md, SMTP_URL).
 */
function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  const redacted: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    redacted[key] = key === 'mail' ? field : redactField(field, FIELD_DEPTH);
  }
  return redacted;
}

/** The logger's serializers, formatter and redact paths, for Fastify's `logger` option. */
export const logRedaction = {
  // `msg` is the message: pino runs the serializer of its message key on it.
  serializers: { req: requestValue, err: errorValue, msg: redactSecrets },
  formatters: { log: redactFields },
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["x-guest-id"]',
      'res.headers["set-cookie"]',
      // Bodies and parsed queries are never logged by the app; these catch one that is.
      '*.password',
      '*.newPassword',
      '*.token',
      'body.password',
      'body.newPassword',
      'body.token',
      'query.token',
    ],
    censor: REDACTED,
  },
};
