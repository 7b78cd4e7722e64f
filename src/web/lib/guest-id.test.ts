import { describe, expect, it } from 'vitest';
import { GUEST_ID_PATTERN } from '#contract/limits';
import { ensureGuestId } from './guest-id';
import { STORAGE_KEYS, type KeyValueStore } from './storage';

function memoryStore(
  initial: Record<string, string> = {},
): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const ID = 'guest_abcdef123456';

describe('guest id lifecycle', () => {
  it('creates a new id in both places when neither exists', () => {
    const store = memoryStore();
    const id = ensureGuestId(store);
    expect(id).toMatch(GUEST_ID_PATTERN);
    expect(store.data.get(STORAGE_KEYS.guestId)).toBe(id);
    expect(store.data.get(STORAGE_KEYS.guestIdBackup)).toBe(id);
  });

  it('keeps the primary and refreshes the backup', () => {
    const store = memoryStore({
      [STORAGE_KEYS.guestId]: ID,
      [STORAGE_KEYS.guestIdBackup]: 'guest_oldoldold',
    });
    expect(ensureGuestId(store)).toBe(ID);
    expect(store.data.get(STORAGE_KEYS.guestIdBackup)).toBe(ID);
  });

  it('restores a missing primary from the backup', () => {
    const store = memoryStore({ [STORAGE_KEYS.guestIdBackup]: ID });
    expect(ensureGuestId(store)).toBe(ID);
    expect(store.data.get(STORAGE_KEYS.guestId)).toBe(ID);
  });

  it('treats a malformed stored id as missing', () => {
    const store = memoryStore({
      [STORAGE_KEYS.guestId]: 'not-a-guest',
      [STORAGE_KEYS.guestIdBackup]: ID,
    });
    expect(ensureGuestId(store)).toBe(ID);
  });

  it('still answers an id when storage throws', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(ensureGuestId(broken)).toMatch(GUEST_ID_PATTERN);
    } finally {
      console.warn = warn;
    }
  });
});
