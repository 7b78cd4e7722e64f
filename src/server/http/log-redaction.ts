import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * No token, password or other secret is ever written to a log line (docs/api.md,
 * "Conventions"). Links carry one-time tokens in their query (`/reset-password?token=…`,
 * `/api/auth/magic?token=…`) and a share link its token in the path (`/s/<token>`); whoever reads
 * the log must not be able to use them. So every URL and every error text the log serializers
 * see has such values replaced, whatever the route, and whether or not it exists.
 */
export const REDACTED = '[redacted]';

/** Query names that hold a secret: matched anywhere in the name, case-insensitively. */
const SECRET_NAME =
  /token|code|key|secret|pass(word|wd)?|pwd|claim|signature|sig|auth|session|credential|otp|nonce|cookie/i;

/** `name=value` pairs in a query or in free text, after `?`, `&` or `;`. */
const QUERY_PAIR = /([?&;])([^=&;#\s"'<>]*)=([^&;#\s"'<>]*)/g;
/** A share link's token: `/s/<token>`, anywhere in a text. */
const SHARE_PATH = /(^|[^A-Za-z0-9_-])\/s\/[^/?#\s"'<>]+/g;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** The text with every secret-named query value and every share token replaced. */
export function redactSecrets(text: string): string {
  if (!text.includes('=') && !text.includes('/s/')) return text;
  return text
    .replace(QUERY_PAIR, (pair, separator: string, name: string) =>
      SECRET_NAME.test(decodedName(name)) ? `${separator}${name}=${REDACTED}` : pair,
    )
    .replace(SHARE_PATH, (_match, before: string) => `${before}/s/${REDACTED}`);
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
    if (typeof value === 'string') redacted[field] = redactSecrets(value);
  }
  return redacted as SerializedError;
}

/** The logger's serializers and redact paths, for Fastify's `logger` option. */
export const logRedaction = {
  serializers: { req: requestValue, err: errorValue },
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
