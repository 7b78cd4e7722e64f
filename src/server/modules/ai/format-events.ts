import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FormatResultSchema, type FormatResult } from '#contract/api-schemas.js';
import { toErrorResponse } from '../../http/errors.js';
import type { DraftListener } from './idea-formatter.js';

/*
 * POST /api/format as server-sent events, for a client that asks with `Accept:
 * text/event-stream` (docs/api.md, "Extension: the answer as it is written"): `draft` events
 * with the model's words so far, then one `done` event with the checked answer, the JSON
 * reply's body exactly; or one `error` event in the API's error shape. Nothing is sent until
 * there is something to send, so a refusal before the first word (400, 429, 503 server_busy)
 * is the plain JSON error with its status and headers, as for any other caller.
 */

/** At most this often a draft goes out: a token's worth of text is not worth a write each. */
const DRAFT_EVERY_MS = 50;

/** Whether the client asked for the answer as events (a media type in its Accept header). */
export function wantsEvents(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (accept === undefined) return false;
  return accept
    .split(',')
    .some((range) => range.split(';')[0]?.trim().toLowerCase() === 'text/event-stream');
}

function event(name: 'draft' | 'done' | 'error', data: unknown): string {
  // JSON never holds a raw newline, so each event is one data line.
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Runs `format`, telling its drafts as they come and its answer at the end; resolves once the
 * reply has started (sent: the handler returns nothing more), rejects when `format` fails before
 * any of it was sent, so the error handler answers as usual.
 */
export function answerWithEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  format: (onDraft: DraftListener) => Promise<FormatResult>,
): Promise<void> {
  const stream = new PassThrough();
  let started = false;
  let finished = false;
  let waiting: (() => string) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const write = (chunk: string): void => {
    if (!stream.writableEnded && !stream.destroyed) stream.write(chunk);
  };
  const flush = (): void => {
    timer = undefined;
    if (waiting !== undefined) write(event('draft', { formatted: waiting() }));
    waiting = undefined;
  };

  return new Promise<void>((resolve, reject) => {
    const begin = (): void => {
      if (started) return;
      started = true;
      // Proxies (nginx) would otherwise hold the events back until the end.
      void reply
        .code(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .send(stream);
      resolve();
    };
    const onDraft: DraftListener = (soFar) => {
      if (finished) return;
      if (!started) {
        begin();
        write(event('draft', { formatted: soFar() }));
        return;
      }
      waiting = soFar;
      timer ??= setTimeout(flush, DRAFT_EVERY_MS);
    };
    const end = (): void => {
      finished = true;
      clearTimeout(timer);
      // The final answer replaces any draft still waiting to go.
      waiting = undefined;
    };

    format(onDraft).then(
      (result) => {
        end();
        begin();
        write(event('done', FormatResultSchema.parse(result)));
        stream.end();
      },
      (error: unknown) => {
        end();
        if (!started) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const answer = toErrorResponse(error instanceof Error ? error : new Error(String(error)));
        request.log.error({ err: error }, 'the format answer failed after it had started');
        write(event('error', answer.body));
        stream.end();
      },
    );
  });
}
