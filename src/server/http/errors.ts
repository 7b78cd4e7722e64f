import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * A failure the caller is meant to see: a status, a stable machine code the web app branches on,
 * and one human sentence. Anything else that reaches the error handler is a defect and answers
 * a generic 500 without details.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers?: Record<string, string>,
    /** `cause`: what went wrong underneath, for the log only (a provider's status, say). */
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** How long to ask a client to wait when recordings have no room on this server: a minute's uploads. */
const RECORDINGS_BUSY_RETRY_AFTER_SECONDS = 30;

/**
 * The server short of room for recordings (staging space full, the recogniser's queue full):
 * 503 server_busy with Retry-After, rather than a failure of the person's recording.
 */
export function recordingsBusyError(options?: ErrorOptions): HttpError {
  return new HttpError(
    503,
    'server_busy',
    'This server is busy with other recordings. Please try again in a minute.',
    { 'Retry-After': String(RECORDINGS_BUSY_RETRY_AFTER_SECONDS) },
    options,
  );
}

export interface ErrorBody {
  error: string;
  message: string;
}

/** Fastify's own error codes that a client can cause, and what the API says about each. */
const FASTIFY_CLIENT_ERRORS: Record<string, { statusCode: number; code: string; message: string }> =
  {
    FST_ERR_CTP_BODY_TOO_LARGE: {
      statusCode: 413,
      code: 'payload_too_large',
      message: 'The request body is larger than the 64 KiB this server accepts.',
    },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      statusCode: 415,
      code: 'unsupported_media_type',
      message:
        'The request body must be sent as application/json (a recording: as multipart/form-data).',
    },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
      statusCode: 400,
      code: 'invalid_input',
      message: 'The Content-Length header does not match the body.',
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      statusCode: 400,
      code: 'invalid_json',
      message: 'The request body is empty but its Content-Type says JSON.',
    },
    FST_ERR_CTP_INVALID_JSON_BODY: {
      statusCode: 400,
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    },
    FST_ERR_CTP_INVALID_TYPE: {
      statusCode: 400,
      code: 'invalid_input',
      message: 'The Content-Type header is malformed.',
    },
  };

const GENERIC_CLIENT_ERROR: ErrorBody = {
  error: 'bad_request',
  message: 'The request could not be processed.',
};

/** A code that matches the status, for the client errors no route raises itself. */
const CLIENT_ERROR_BODIES: Record<number, ErrorBody> = {
  403: { error: 'forbidden', message: 'This request is not allowed.' },
  404: { error: 'not_found', message: 'There is nothing at this address.' },
  405: { error: 'method_not_allowed', message: 'This method is not allowed here.' },
  406: { error: 'not_acceptable', message: 'No acceptable representation is available.' },
  411: { error: 'length_required', message: 'The request needs a Content-Length header.' },
  413: { error: 'payload_too_large', message: 'The request body is too large.' },
  414: { error: 'uri_too_long', message: 'The address is too long.' },
  415: {
    error: 'unsupported_media_type',
    message: 'The request body is of a type this server does not accept.',
  },
};

const REQUEST_PARTS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/**
 * "query.limit: Too small: expected number to be >=1" - names the field, as docs/api.md
 * ("Errors") asks.
 */
function describeValidationFailure(context: string | undefined, issues: ValidationIssue[]): string {
  const part = REQUEST_PARTS[context ?? ''] ?? 'request';
  const described = issues.slice(0, 3).map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return `${field ? `${part}.${field}` : part}: ${issue.message ?? 'is invalid'}`;
  });
  return `Invalid input: ${described.join('; ')}.`;
}

function isJsonSyntaxError(error: FastifyError): boolean {
  // The default JSON parser (secure-json-parse) throws a plain SyntaxError tagged with status 400.
  return error instanceof SyntaxError && error.statusCode === 400;
}

/** Socket errors of a database connection that is gone or cannot be made. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL refusing work for now: shutting down, starting up, out of connections. */
const POSTGRES_UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What the pg client says when its server goes away mid-query or never answers a connect. */
const POSTGRES_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect)/;

/**
 * True for a failure of the database itself rather than of the request: PostgreSQL unreachable
 * or refusing connections (SQLSTATE class 08 and the states above), or SQLite unable to write
 * (disk full, I/O error, read-only file, locked past its busy timeout). Such a request gets a
 * 503 that says so, and /api/health reports the same until the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_ERROR_CODES.has(code) || POSTGRES_UNAVAILABLE_STATES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
      if (/^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY)/.test(code)) return true;
    }
    if (POSTGRES_CONNECTION_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE: ErrorBody = {
  error: 'database_unavailable',
  message:
    'The database is unavailable right now, so nothing was changed. Please try again in a moment.',
};

/** A body over its route's limit, named in KiB as docs/api.md names them (64 KiB, 512 KiB). */
function bodyTooLarge(limitBytes: number): string {
  return `The request body is larger than the ${Math.round(limitBytes / 1024)} KiB this route accepts.`;
}

/** `bodyLimitBytes`: the limit of the route asked, which says how large its body may be. */
export function toErrorResponse(
  error: FastifyError | HttpError | Error,
  bodyLimitBytes?: number,
): {
  statusCode: number;
  body: ErrorBody;
  headers?: Record<string, string>;
} {
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: { error: error.code, message: error.message },
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    return {
      statusCode: 400,
      body: {
        error: 'invalid_input',
        message: describeValidationFailure(
          fastifyError.validationContext,
          fastifyError.validation as ValidationIssue[],
        ),
      },
    };
  }
  if (Array.isArray(fastifyError.validation)) {
    return {
      statusCode: 400,
      body: { error: 'invalid_input', message: fastifyError.message },
    };
  }
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) {
    const message =
      fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && bodyLimitBytes !== undefined
        ? bodyTooLarge(bodyLimitBytes)
        : known.message;
    return { statusCode: known.statusCode, body: { error: known.code, message } };
  }
  if (isJsonSyntaxError(fastifyError)) {
    return {
      statusCode: 400,
      body: { error: 'invalid_json', message: 'The request body is not valid JSON.' },
    };
  }
  if (fastifyError.statusCode === 429) {
    return {
      statusCode: 429,
      body: { error: 'rate_limited', message: 'Too many requests. Please wait and try again.' },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, body: DATABASE_UNAVAILABLE, headers: { 'Retry-After': '5' } };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Other client errors raised by Fastify or a plugin (the static files' refusal of a path
    // that climbs out of its root, say): keep the status, hide internals.
    return { statusCode: status, body: CLIENT_ERROR_BODIES[status] ?? GENERIC_CLIENT_ERROR };
  }
  return {
    statusCode: 500,
    body: { error: 'internal_error', message: 'Something went wrong on the server.' },
  };
}

function causeOf(error: Error): string | undefined {
  const cause: unknown = error.cause;
  if (cause === undefined) return undefined;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * Logs each failure once, at the level it deserves: a refused request at info, an expected
 * failure the server chose to answer (a provider down, a feature not configured) at warn with
 * its cause and no stack, and only a real fault, one nobody turned into an HttpError, at error
 * with its stack.
 */
function logFailure(
  request: FastifyRequest,
  error: FastifyError | HttpError,
  response: ReturnType<typeof toErrorResponse>,
): void {
  const fields = { code: response.body.error, statusCode: response.statusCode };
  if (error instanceof HttpError && response.statusCode >= 500) {
    const cause = causeOf(error);
    request.log.warn(cause === undefined ? fields : { ...fields, cause }, error.message);
  } else if (response.body.error === DATABASE_UNAVAILABLE.error) {
    request.log.warn({ ...fields, cause: error.message }, 'the database is unavailable');
  } else if (response.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info(fields, 'request refused');
  }
}

/** The one error handler: every failure becomes `{error, message}` with a fitting status. */
/** Whether the client hung up before sending its whole request. */
export function clientLeftMidRequest(request: FastifyRequest): boolean {
  const raw = request.raw;
  return !raw.complete && (raw.destroyed || raw.socket.destroyed);
}

/**
 * The client went away: nobody is left to answer, and it is no fault of the server, so it is
 * logged as a refused request (info) rather than a failure.
 */
export class ClientGoneError extends HttpError {
  constructor(cause: unknown) {
    super(400, 'client_closed_request', 'The client closed the connection first.', undefined, {
      cause,
    });
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (thrown: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
      // A body its client broke off fails with Node's "aborted" (code ECONNRESET), which reads
      // like a lost database connection: it is the client leaving.
      const error =
        !(thrown instanceof HttpError) && clientLeftMidRequest(request)
          ? new ClientGoneError(thrown)
          : thrown;
      const response = toErrorResponse(error, request.routeOptions.bodyLimit);
      logFailure(request, error, response);
      if (response.headers) void reply.headers(response.headers);
      return reply.code(response.statusCode).type('application/json').send(response.body);
    },
  );
}
