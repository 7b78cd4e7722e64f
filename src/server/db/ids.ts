import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_CHARS = 10;
const RANDOM_CHARS = 16;

/**
 * A ULID-style id (ADR 002): 10 characters of millisecond time and 16 of randomness (80 bits),
 * Crockford base32, 26 characters. Ids sort roughly by creation time, which keeps index
 * inserts near the end of the b-tree, and reveal nothing but that time.
 */
export function newId(now: number = Date.now()): string {
  let time = '';
  let remaining = Math.max(0, Math.floor(now));
  for (let i = 0; i < TIME_CHARS; i += 1) {
    time = CROCKFORD.charAt(remaining % 32) + time;
    remaining = Math.floor(remaining / 32);
  }
  const bytes = randomBytes(RANDOM_CHARS);
  let random = '';
  for (const byte of bytes) random += CROCKFORD.charAt(byte & 31);
  return time + random;
}

export const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
