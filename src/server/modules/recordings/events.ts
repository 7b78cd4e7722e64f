import type { FastifyReply } from 'fastify';
import type { Recording } from '#contract/api-schemas.js';
import { HttpError } from '../../http/errors.js';

/**
 * GET /api/recordings/:id/events: the recording as server-sent events, one each time its status
 * or progress changes, ending after done or failed. The row is read every POLL_MS rather than
 * told by the worker, so a job running on another instance is followed just the same.
 *
 * However many streams follow one recording, one read a tick serves them all, and one client
 * address holds at most MAX_STREAMS_PER_ADDRESS streams on an instance: each is a socket and a
 * file descriptor for as long as the job runs, minutes for long audio.
 */
const POLL_MS = 400;
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** A comment now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/** A person follows a recording or two at a time; a few tabs stay well inside this. */
export const MAX_STREAMS_PER_ADDRESS = 8;

interface Stream {
  write: (chunk: string) => void;
  end: () => void;
  lastSent: string;
  lastWrite: number;
}

interface Followed {
  read: () => Promise<Recording>;
  streams: Set<Stream>;
  timer: NodeJS.Timeout;
  reading: boolean;
}

function isFinal(recording: Recording): boolean {
  return recording.status === 'done' || recording.status === 'failed';
}

/** Sends the recording if its status or progress moved; true once it is done or failed. */
function send(stream: Stream, recording: Recording): boolean {
  const key = `${recording.status}|${recording.progress}`;
  if (key !== stream.lastSent) {
    stream.lastSent = key;
    stream.write(`data: ${JSON.stringify(recording)}\n\n`);
    stream.lastWrite = Date.now();
  }
  return isFinal(recording);
}

export interface RecordingEvents {
  /**
   * Streams `first` and its later states to `reply` (hijacked). `key` names the recording and
   * its owner: streams with one key share one read. 429 when the address holds too many.
   */
  stream(
    reply: FastifyReply,
    address: string,
    key: string,
    first: Recording,
    read: () => Promise<Recording>,
  ): void;
}

export function createRecordingEvents(): RecordingEvents {
  const followed = new Map<string, Followed>();
  const perAddress = new Map<string, number>();

  const tick = (key: string, entry: Followed): void => {
    if (entry.reading) return;
    entry.reading = true;
    entry
      .read()
      .then((recording) => {
        const final = isFinal(recording);
        for (const stream of entry.streams) {
          if (send(stream, recording) || final) stream.end();
          else if (Date.now() - stream.lastWrite >= KEEP_ALIVE_MS) {
            stream.write(': still working\n\n');
            stream.lastWrite = Date.now();
          }
        }
      })
      // Deleted meanwhile, or the database away: the streams end; the clients can ask again.
      .catch(() => {
        for (const stream of entry.streams) stream.end();
      })
      .finally(() => {
        entry.reading = false;
        if (entry.streams.size === 0 && followed.get(key) === entry) {
          clearInterval(entry.timer);
          followed.delete(key);
        }
      });
  };

  return {
    stream(reply, address, key, first, read) {
      if (reply.request.method === 'HEAD') {
        // The stream's headers and no stream: one that never ends would hold the HEAD for the
        // recording's whole life, the socket and its count with it.
        reply.hijack();
        reply.raw.writeHead(200, STREAM_HEADERS);
        reply.raw.end();
        return;
      }
      const held = perAddress.get(address) ?? 0;
      if (held >= MAX_STREAMS_PER_ADDRESS) {
        throw new HttpError(
          429,
          'rate_limited',
          `Too many progress streams open from this address (${MAX_STREAMS_PER_ADDRESS} at most). Close one, or ask GET /api/recordings/:id instead.`,
          { 'Retry-After': '5' },
        );
      }
      perAddress.set(address, held + 1);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, STREAM_HEADERS);
      let closed = false;
      const stream: Stream = {
        write: (chunk) => {
          if (!closed) raw.write(chunk);
        },
        end: () => {
          if (closed) return;
          release();
          raw.end();
        },
        lastSent: '',
        lastWrite: Date.now(),
      };
      let entry: Followed | undefined;
      function release(): void {
        if (closed) return;
        closed = true;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
        entry?.streams.delete(stream);
      }
      raw.on('close', release);
      if (send(stream, first)) {
        stream.end();
        return;
      }
      entry = followed.get(key);
      if (entry === undefined) {
        const created: Followed = {
          read,
          streams: new Set(),
          reading: false,
          timer: setInterval(() => tick(key, created), POLL_MS),
        };
        created.timer.unref();
        followed.set(key, created);
        entry = created;
      }
      entry.streams.add(stream);
    },
  };
}
