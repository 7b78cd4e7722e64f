import type { Me, Usage } from '#contract/api-schemas';
import { DEFAULT_GUEST_IDEAS_LEFT } from '#contract/plans';
import { STORAGE_KEYS, readItem, writeItem, type KeyValueStore } from '../../lib/storage';

/** A guest is whoever the server knows by the guest id alone: plan guest, or no e-mail. */
export function isGuest(me: Pick<Me, 'email' | 'plan'>): boolean {
  return me.plan === 'guest' || me.email === '';
}

/**
 * The browser's `guestIdeasLeft` only mirrors `monthlyLimit - usedThisMonth` from the usage
 * answer (docs/api.md, "Plans and usage"); the server alone decides whether a save is allowed.
 * It is a guest's figure: a signed-in person's answer must not overwrite it, or a guest who
 * signs out would see the account's count.
 */
export function mirrorGuestIdeasLeft(
  usage: Pick<Usage, 'usedThisMonth' | 'monthlyLimit'>,
  me: Pick<Me, 'email' | 'plan'> | undefined,
  store?: KeyValueStore | null,
): void {
  if (!me || !isGuest(me) || usage.monthlyLimit === null) return;
  const left = Math.max(0, usage.monthlyLimit - usage.usedThisMonth);
  writeItem(STORAGE_KEYS.guestIdeasLeft, String(left), store);
}

/** What the browser last heard, or DEFAULT_GUEST_IDEAS_LEFT before any usage answer. */
export function readGuestIdeasLeft(store?: KeyValueStore | null): number {
  const stored = readItem(STORAGE_KEYS.guestIdeasLeft, store);
  const left = stored === null || stored.trim() === '' ? Number.NaN : Number(stored);
  return Number.isInteger(left) && left >= 0 ? left : DEFAULT_GUEST_IDEAS_LEFT;
}
