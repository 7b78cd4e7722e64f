import type { Readable } from 'node:stream';

/*
 * An upload's body that reserves the room it takes as it arrives, a step ahead of its bytes
 * (ADR 113). A PATCH used to reserve its whole Content-Length before a byte came and to hold it
 * while the body trickled, for up to ten minutes at the slowest speed the server allows: six
 * addresses held 990 MiB of a 1,000 MiB room with a few KB sent. A request now holds at most
 * what it stored plus one step.
 */

/**
 * How far ahead of the bytes that arrived a request holds room. Most recordings are smaller
 * (a minute of Opus is about 240 KB), so they reserve once, as before; a large one takes a
 * reservation (one short write transaction) per mebibyte.
 */
export const RESERVE_STEP_BYTES = 1024 * 1024;

export interface ReservingBody {
  /** The body as a web stream, for tus: it ends early, cleanly, when room is refused. */
  stream: ReadableStream<Uint8Array>;
  /** Why the body was cut short (the reservation's refusal or failure), once it was. */
  refusal(): unknown;
}

function brokenOff(): Error {
  return Object.assign(new Error('the request body was broken off'), { name: 'AbortError' });
}

/** The next chunk of a paused Node stream, or null at its end. */
function nextChunk(raw: Readable): Promise<Buffer | null> {
  const chunk = raw.read() as Buffer | null;
  if (chunk !== null) return Promise.resolve(chunk);
  if (raw.readableEnded) return Promise.resolve(null);
  // Broken off while nobody listened: a request stream with no 'error' listener closes silently.
  if (raw.destroyed) return Promise.reject(brokenOff());
  return new Promise((resolve, reject) => {
    const done = () => {
      raw.off('readable', onReadable);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onClose);
    };
    const onReadable = () => {
      const next = raw.read() as Buffer | null;
      if (next === null) return;
      done();
      resolve(next);
    };
    const onEnd = () => {
      done();
      resolve(null);
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      if (raw.readableEnded) resolve(null);
      else reject(brokenOff());
    };
    raw.on('readable', onReadable);
    raw.once('end', onEnd);
    raw.once('error', onError);
    raw.once('close', onClose);
  });
}

/**
 * `raw`'s bytes, passed on only once `reserve(upTo)` has held room for them (`upTo` counts the
 * body's bytes, never more than `declared`); `reservedUpTo`: what was held before it began.
 * When a reservation throws, the stream ends with what fitted, and what the client still sends
 * is left to the transport's lingering close: cancelling the request stream would destroy the
 * socket, and the client would see a reset instead of the refusal.
 */
export function reservingBody(
  raw: Readable,
  declared: number,
  reservedUpTo: number,
  reserve: (upTo: number) => Promise<void>,
): ReservingBody {
  let arrived = 0;
  let reserved = reservedUpTo;
  let refusal: unknown;
  const stop = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    controller.close();
    // Flowing with no reader: the rest is read and dropped, so the socket can close cleanly.
    raw.removeAllListeners('readable');
    raw.resume();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await nextChunk(raw);
        if (chunk === null) {
          controller.close();
          return;
        }
        const before = arrived;
        arrived += chunk.byteLength;
        // A step at a time, however large the chunk: a chunk larger than the room left still
        // passes on the part that fits.
        while (arrived > reserved) {
          const upTo = Math.max(
            Math.min(declared, reserved + RESERVE_STEP_BYTES),
            Math.min(arrived, reserved + RESERVE_STEP_BYTES),
          );
          try {
            await reserve(upTo);
            reserved = upTo;
          } catch (error) {
            refusal = error;
            if (reserved > before) controller.enqueue(chunk.subarray(0, reserved - before));
            stop(controller);
            return;
          }
        }
        controller.enqueue(chunk);
      },
      cancel() {
        // tus stopped reading (a lock lost, a write failed): the rest is dropped the same way.
        raw.removeAllListeners('readable');
        raw.resume();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, refusal: () => refusal };
}
