import { GUEST_ID_PATTERN } from '#contract/limits';
import { STORAGE_KEYS, readItem, writeItem, type KeyValueStore } from './storage';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID().replace(/-/g, '');
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function newGuestId(): string {
  return `guest_${randomId()}`;
}

function usable(value: string | null): value is string {
  return value !== null && GUEST_ID_PATTERN.test(value);
}

/**
 * docs/product.md, run on each request: a present primary refreshes the backup, a missing
 * primary is restored from the backup, and with neither a new id is stored in both places.
 * A malformed stored value counts as missing so the server never sees an id it refuses.
 */
export function ensureGuestId(store?: KeyValueStore | null): string {
  const primary = readItem(STORAGE_KEYS.guestId, store);
  if (usable(primary)) {
    writeItem(STORAGE_KEYS.guestIdBackup, primary, store);
    return primary;
  }
  const backup = readItem(STORAGE_KEYS.guestIdBackup, store);
  if (usable(backup)) {
    writeItem(STORAGE_KEYS.guestId, backup, store);
    return backup;
  }
  const fresh = newGuestId();
  writeItem(STORAGE_KEYS.guestId, fresh, store);
  writeItem(STORAGE_KEYS.guestIdBackup, fresh, store);
  return fresh;
}
