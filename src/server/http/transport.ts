import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyHttpOptions,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { IDEA_ID_MAX_CHARS } from '#contract/limits.js';
import { HttpError, toErrorResponse, type ErrorBody } from './errors.js';

/**
 * Limits on the connection itself, below any route: how long a client may take to send its
 * headers and its body, and what a request that HTTP itself refuses gets back. Fastify's defaults
 * leave both timeouts off, so a few clients that send a body one byte at a time could hold the
 * server's sockets for ever.
 */
export interface TransportLimits {
  /** A body must move at least `bodyMinBytes` in every window of this length, or it is cut. */
  bodyProgressWindowMs: number;
  bodyMinBytes: number;
  /** An answer waiting to be sent must move at least one byte in every window of this length. */
  writeProgressWindowMs: number;
}

/**
 * 1 KiB per 10 s is 0.8 kbit/s, a tenth of the slowest mobile link and a thirtieth of a recording's
 * own bitrate, so any upload that is moving at all passes; a stalled one is cut at the end of the
 * second window after it stopped, within 20 s.
 */
export const DEFAULT_TRANSPORT_LIMITS: TransportLimits = {
  bodyProgressWindowMs: 10_000,
  bodyMinBytes: 1024,
  writeProgressWindowMs: 30_000,
};

/**
 * Requests one connection may carry before it is closed: far above what a browser sends on one
 * connection, far below a client pipelining tens of thousands of requests it never reads.
 */
const MAX_REQUESTS_PER_SOCKET = 1000;

/** Headers that never arrive in full are cut by Node's own check, which runs this often. */
const HEADERS_TIMEOUT_MS = 20_000;
const CONNECTIONS_CHECKING_INTERVAL_MS = 2_000;
/**
 * A backstop on a whole request, body included, for a client that trickles just above the
 * progress floor: 25 MiB at 350 kbit/s still fits, and a recording from the app is a few
 * hundred kilobytes.
 */
const REQUEST_TIMEOUT_MS = 10 * 60_000;
const QUIET_MARGIN_MS = 30_000;
/** Above every id this API issues, so an over-long id reaches its route's schema and gets a 400. */
const MAX_PARAM_CHARS = IDEA_ID_MAX_CHARS * 2;

type Headers = readonly (readonly [string, string])[];

function jsonHead(statusCode: number, body: string, headers: Headers): string {
  const lines = [
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'Error'}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    'Content-Type: application/json; charset=utf-8',
    'Cache-Control: no-store',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Whether an answer to this socket's request has begun: then a second one written after it
 * would reach the client as garbage. It happens when a route answers before the body arrived
 * (a cross-site refusal, say) and the body then breaks the framing. Node's own clientError
 * handler asks the same question of the same field; there is no public one.
 */
function answerBegun(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  return inFlight?.headersSent === true;
}

/** What Node's parser refused, in the API's error shape. */
function clientErrorBody(error: NodeJS.ErrnoException): { statusCode: number; body: ErrorBody } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        statusCode: 431,
        body: {
          error: 'headers_too_large',
          message: 'The request line or headers are larger than this server accepts.',
        },
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        statusCode: 408,
        body: { error: 'request_timeout', message: 'The request took too long to arrive.' },
      };
    default:
      return {
        statusCode: 400,
        body: { error: 'bad_request', message: 'The request is not valid HTTP.' },
      };
  }
}

/** The Fastify options that set these limits and answer protocol-level errors as the API does. */
export function transportServerOptions(
  headers: Headers,
  /** The longest a request may rightly sit without a byte moving (an AI call's budget, say). */
  longestQuietMs: number,
): Pick<
  FastifyHttpOptions<Server>,
  | 'http'
  | 'requestTimeout'
  | 'connectionTimeout'
  | 'routerOptions'
  | 'clientErrorHandler'
  | 'frameworkErrors'
  | 'maxRequestsPerSocket'
> {
  return {
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    // A socket on which nothing moves for this long is closed: a client that stops reading
    // its answers (each held in memory) is let go, while a request waiting on an AI engine
    // within its budget never is.
    connectionTimeout: longestQuietMs + QUIET_MARGIN_MS,
    http: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
      // Node would answer a missing Host with a bare 400; the hook below answers in the API's shape.
      requireHostHeader: false,
    },
    requestTimeout: REQUEST_TIMEOUT_MS,
    routerOptions: { maxParamLength: MAX_PARAM_CHARS },
    clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const { statusCode, body } = clientErrorBody(error);
      this.log.info({ code: error.code, statusCode }, 'malformed request refused');
      if (socket.writable && !answerBegun(socket)) {
        socket.write(jsonHead(statusCode, JSON.stringify(body), headers));
      }
      socket.destroy();
    },
    // Errors the router raises before any hook runs: set the security headers here too.
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const response = toErrorResponse(frameworkError(error));
      request.log.info(
        { code: response.body.error, statusCode: response.statusCode },
        'request refused',
      );
      for (const [name, value] of headers) void reply.header(name, value);
      void reply
        .code(response.statusCode)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(response.body);
    },
  };
}

function frameworkError(error: FastifyError): Error {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new HttpError(400, 'invalid_input', 'path: a path parameter is too long.');
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return new HttpError(400, 'invalid_input', 'path: the URL is not validly encoded.');
  }
  return error;
}

function hasBody(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/** How long an early answer's connection keeps reading the rest of the body before it closes. */
export const LINGER_MS = 10_000;

/**
 * What nginx calls a lingering close, which Node has no option for: where Node would destroy
 * the socket once the answer is out (`destroySoon`), this one sends its end, reads and discards
 * what the client still sends, and closes when the client has finished or after LINGER_MS. The
 * body progress guard still cuts a client that stalls meanwhile.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
    this.resume();
  };
}

/**
 * Cuts a request whose body stops moving. Node's own timeouts cannot tell a slow but moving
 * upload from a stalled one (a total limit cuts the first, an idle limit misses a byte every few
 * seconds), so progress is measured on the socket each window, without touching the body stream
 * the route reads.
 */
export function installBodyProgressGuard(
  app: FastifyInstance,
  limits: TransportLimits,
  headers: Headers,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!hasBody(request)) {
      done();
      return;
    }
    const raw = request.raw;
    const socket = raw.socket as Socket | undefined;
    // A request injected in-process (light-my-request, in tests) has no real socket to watch.
    if (typeof socket?.bytesRead !== 'number') {
      done();
      return;
    }
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const now = socket.bytesRead;
      if (now - seen >= limits.bodyMinBytes) {
        seen = now;
        return;
      }
      clearInterval(timer);
      request.log.info(
        { receivedBytes: now, declaredBytes: request.headers['content-length'] },
        'request body stalled: connection cut',
      );
      const body: ErrorBody = {
        error: 'request_timeout',
        message: 'The upload stopped arriving, so it was cancelled. Please try again.',
      };
      // Once the answer is out the socket goes, and the route still reading the body sees it
      // end early and stops.
      if (!reply.raw.headersSent && socket.writable) {
        socket.end(jsonHead(408, JSON.stringify(body), headers), () => socket.destroy());
      } else {
        socket.destroy();
      }
    }, limits.bodyProgressWindowMs);
    timer.unref();
    // Stopped as soon as the body is read: a timer left to find that out at its first tick would
    // hold the whole request and reply in memory for a window, tens of thousands of them under
    // load, and the young-generation collections that copy them were the longest pauses on POST
    // /api/format (docs/lab-notes/2026-11-format-http-p99.md). The timer still outlives an early
    // reply (a 403 before the body was read, say): an unread body that stalls is cut all the same,
    // and the tick above stops it once the body is in or the socket gone.
    raw.once('end', () => clearInterval(timer));
    done();
  });
  // Answered before its body arrived: Node would keep reading and discarding the rest to reuse
  // the connection, for as long as the client cares to trickle it. So the connection closes,
  // but lingering: closed at once, the unread body turns into a reset, and the client (Node's
  // fetch, a browser) sees a broken pipe instead of the answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (hasBody(request) && !request.raw.complete) {
      void reply.header('connection', 'close');
      const socket = request.raw.socket as Socket | undefined;
      if (socket !== undefined) lingerOnClose(socket);
    }
    done(null, payload);
  });
}

/**
 * The requests Node answers by itself, bypassing Fastify: a missing Host (HTTP/1.1 requires
 * one), an `Expect` other than 100-continue, and CONNECT. Each gets the API's error shape with
 * the security headers, like every other refusal.
 */
export function installProtocolEdges(app: FastifyInstance, headers: Headers): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const missingHost = request.raw.httpVersion === '1.1' && !request.headers.host;
    done(
      missingHost ? new HttpError(400, 'bad_request', 'The Host header is missing.') : undefined,
    );
  });
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    app.log.info({ expect: request.headers.expect }, 'unsupported expectation refused');
    const body = JSON.stringify({
      error: 'expectation_failed',
      message: 'This server only supports Expect: 100-continue.',
    } satisfies ErrorBody);
    response.writeHead(417, [
      ...headers.flat(),
      ...['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'],
      ...['content-length', String(Buffer.byteLength(body)), 'connection', 'close'],
    ]);
    response.end(body);
  });
  app.server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    const body = JSON.stringify({
      error: 'method_not_allowed',
      message: 'CONNECT is not supported: this is not a proxy.',
    } satisfies ErrorBody);
    socket.end(jsonHead(405, body, headers), () => socket.destroy());
  });
}

/**
 * Closes a connection whose client has stopped reading its answers. Node's socket timeout does
 * not fire while written data waits in the socket's buffer, so a client that pipelines requests
 * for a large file and never reads holds every answer in this process's memory for ever. Each
 * window, a socket with answers waiting that has not flushed one more byte to the network is
 * destroyed; a slow reader that moves at all is left alone.
 */
export function installWriteProgressGuard(app: FastifyInstance, limits: TransportLimits): void {
  app.server.on('connection', (socket: Socket) => {
    let flushed = -1;
    const timer = setInterval(() => {
      const waiting = socket.writableLength;
      const nowFlushed = socket.bytesWritten - waiting;
      if (waiting > 0 && nowFlushed === flushed) {
        app.log.info({ waitingBytes: waiting }, 'client stopped reading: connection closed');
        socket.destroy();
        return;
      }
      flushed = nowFlushed;
    }, limits.writeProgressWindowMs);
    timer.unref();
    socket.once('close', () => clearInterval(timer));
  });
}
