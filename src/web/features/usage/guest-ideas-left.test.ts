import { describe, expect, it } from 'vitest';
import type { Me } from '#contract/api-schemas';
import { DEFAULT_GUEST_IDEAS_LEFT } from '#contract/plans';
import type { KeyValueStore } from '../../lib/storage';
import { mirrorGuestIdeasLeft, readGuestIdeasLeft } from './guest-ideas-left';

function memoryStore(): KeyValueStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const guest: Me = { id: 'guest_abc', email: '', plan: 'guest' };
const freeUser: Me = { id: 'user-1', email: 'ada@example.com', plan: 'free' };
const proUser: Me = { id: 'user-2', email: 'grace@example.com', plan: 'pro' };

describe('guestIdeasLeft', () => {
  it('is 3 before any usage answer has arrived', () => {
    expect(DEFAULT_GUEST_IDEAS_LEFT).toBe(3);
    expect(readGuestIdeasLeft(memoryStore())).toBe(3);
  });

  it("mirrors a guest's usage answer as the limit minus what was used", () => {
    const store = memoryStore();
    mirrorGuestIdeasLeft({ usedThisMonth: 4, monthlyLimit: 10 }, guest, store);
    expect(store.items.get('guestIdeasLeft')).toBe('6');
    expect(readGuestIdeasLeft(store)).toBe(6);
  });

  it('stops at 0 when the guest has used the month up or more', () => {
    const store = memoryStore();
    mirrorGuestIdeasLeft({ usedThisMonth: 12, monthlyLimit: 10 }, guest, store);
    expect(readGuestIdeasLeft(store)).toBe(0);
  });

  it("leaves it alone for a signed-in person's answer, free or Pro", () => {
    const store = memoryStore();
    mirrorGuestIdeasLeft({ usedThisMonth: 1, monthlyLimit: 10 }, freeUser, store);
    mirrorGuestIdeasLeft({ usedThisMonth: 1, monthlyLimit: null }, proUser, store);
    expect(store.items.has('guestIdeasLeft')).toBe(false);
    expect(readGuestIdeasLeft(store)).toBe(3);

    mirrorGuestIdeasLeft({ usedThisMonth: 9, monthlyLimit: 10 }, guest, store);
    mirrorGuestIdeasLeft({ usedThisMonth: 0, monthlyLimit: 10 }, freeUser, store);
    expect(readGuestIdeasLeft(store)).toBe(1);
  });

  it('writes nothing while it is not yet known who is asking', () => {
    const store = memoryStore();
    mirrorGuestIdeasLeft({ usedThisMonth: 1, monthlyLimit: 10 }, undefined, store);
    expect(store.items.has('guestIdeasLeft')).toBe(false);
  });

  it('falls back to 3 when what is stored is not a count', () => {
    const store = memoryStore();
    for (const junk of ['', 'many', '-2', '1.5']) {
      store.setItem('guestIdeasLeft', junk);
      expect(readGuestIdeasLeft(store)).toBe(3);
    }
  });
});
