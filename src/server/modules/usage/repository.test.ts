import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { guestOwner, userOwner } from '../../db/owner.js';
import { createUsageRepository } from './repository.js';

function newGuest() {
  return guestOwner(`guest_${randomBytes(8).toString('hex')}`);
}

forEachDialect((dialect) => {
  const database = useTestDatabase(dialect);
  const usage = () => createUsageRepository(database());

  it('starts at zero and counts up to the limit, then refuses without counting', async () => {
    const guest = newGuest();
    expect(await usage().getUsed(guest, '2026-11')).toBe(0);
    expect(await usage().incrementWithinLimit(guest, '2026-11', 2)).toBe(1);
    expect(await usage().incrementWithinLimit(guest, '2026-11', 2)).toBe(2);
    expect(await usage().incrementWithinLimit(guest, '2026-11', 2)).toBe('quota_exceeded');
    expect(await usage().getUsed(guest, '2026-11')).toBe(2);
  });

  it('keeps periods and owners apart', async () => {
    const guest = newGuest();
    const user = userOwner(guest.kind === 'guest' ? guest.guestId : '');
    await usage().incrementWithinLimit(guest, '2026-11', 5);
    await usage().incrementWithinLimit(guest, '2026-12', 5);
    await usage().incrementWithinLimit(guest, '2026-12', 5);
    expect(await usage().getUsed(guest, '2026-11')).toBe(1);
    expect(await usage().getUsed(guest, '2026-12')).toBe(2);
    expect(await usage().getUsed(user, '2026-12')).toBe(0);
  });

  it('counts without limit when the limit is null', async () => {
    const guest = newGuest();
    for (let i = 1; i <= 12; i += 1) {
      expect(await usage().incrementWithinLimit(guest, '2026-11', null)).toBe(i);
    }
  });

  it('refuses at once when the limit is zero', async () => {
    const guest = newGuest();
    expect(await usage().incrementWithinLimit(guest, '2026-11', 0)).toBe('quota_exceeded');
    expect(await usage().getUsed(guest, '2026-11')).toBe(0);
  });

  it('with one unit left, lets exactly one of 20 parallel increments through', async () => {
    const guest = newGuest();
    for (let i = 0; i < 9; i += 1) await usage().incrementWithinLimit(guest, '2026-11', 10);
    const repo = usage();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => repo.incrementWithinLimit(guest, '2026-11', 10)),
    );
    expect(results.filter((result) => result === 10)).toHaveLength(1);
    expect(results.filter((result) => result === 'quota_exceeded')).toHaveLength(19);
    expect(await usage().getUsed(guest, '2026-11')).toBe(10);
  });
});
