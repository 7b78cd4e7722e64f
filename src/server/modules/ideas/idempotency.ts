import { LRUCache } from 'lru-cache';
import type { Idea } from '#contract/api-schemas.js';
import type { Owner } from '../../db/owner.js';
import { HttpError } from '../../http/errors.js';

/** Long enough for a phone to come back from a day without signal and retry its save. */
const REMEMBER_MS = 24 * 60 * 60 * 1000;
/** About 2 MB of remembered ideas at the longest content, far above what one process saves a day. */
const MAX_REMEMBERED = 10_000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * docs/api.md, Saving twice: a save sent again with the same Idempotency-Key by the same owner
 * within a day answers the idea made the first time, instead of a second idea and a second use
 * of the quota. The app's offline queue sends its recording's id, so a reply lost on the way
 * back cannot make two ideas. Kept in this process's memory (ADR 060): a restart forgets the keys.
 */
export interface IdempotentCreates {
  run(owner: Owner, key: string | undefined, create: () => Promise<Idea>): Promise<Idea>;
}

export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new HttpError(
      400,
      'invalid_input',
      'Invalid input: the Idempotency-Key header must be 8 to 128 letters, digits, - or _.',
    );
  }
  return header;
}

export function createIdempotentCreates(): IdempotentCreates {
  // The promise itself is kept, so a second save arriving while the first runs waits for it.
  const remembered = new LRUCache<string, Promise<Idea>>({ max: MAX_REMEMBERED, ttl: REMEMBER_MS });
  return {
    run(owner, key, create) {
      if (key === undefined) return create();
      const slot = `${owner.kind === 'user' ? `u:${owner.userId}` : `g:${owner.guestId}`}\n${key}`;
      const earlier = remembered.get(slot);
      if (earlier) return earlier;
      const created = create();
      remembered.set(slot, created);
      // A refused save (quota, bad input) is not remembered: the same key may try again.
      created.catch(() => remembered.delete(slot));
      return created;
    },
  };
}
