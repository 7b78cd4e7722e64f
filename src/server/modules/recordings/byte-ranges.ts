import { HttpError } from '../../http/errors.js';
import type { ByteRange } from './store.js';

/**
 * One `bytes=` range (RFC 9110): `start-end`, `start-` or the last `-n` bytes. Several ranges
 * or a malformed header are answered with the whole file, as the RFC allows; a range that starts
 * past the end is 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) throw rangeNotSatisfiable(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== '' && Number(last) < start) return null;
  }
  if (start >= size) throw rangeNotSatisfiable(size);
  return { start, end };
}

function rangeNotSatisfiable(size: number): HttpError {
  return new HttpError(
    416,
    'range_not_satisfiable',
    'The range asked for is past the end of the recording.',
    {
      'Content-Range': `bytes */${size}`,
    },
  );
}
