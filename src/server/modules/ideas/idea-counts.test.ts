import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, type Category } from '#contract/taxonomy.js';
import { migrationsFor } from '../../db/migrations/index.js';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { createTestUser } from '../../test-support/users.js';
import type { NewIdea } from '#contract/api-schemas.js';
import { createIdeasRepository } from './repository.js';
import { guestOwner, ownerKey, userOwner, type Owner } from '../../db/owner.js';
import { toCount } from '../../db/rows.js';
import { createUsersRepository } from '../identity/users-repository.js';

const UNLIMITED = { monthlyLimit: null, periodKey: '2026-11' } as const;
/** Adoption without a limit: these tests hold where ideas go, not the quota. */
const ADOPT_ALL = {
  monthlyLimit: null,
  periodKey: '2026-11',
  periodStartsAt: new Date(0),
  at: new Date(),
  keptAudio: null,
};

function idea(category: Category): NewIdea {
  return {
    content: `idea ${randomBytes(3).toString('hex')}`,
    format: 'tweet',
    category,
    transcript: null,
  };
}

forEachDialect((dialect) => {
  const database = useTestDatabase(dialect);
  const ideas = () => createIdeasRepository(database());
  const users = () => createUsersRepository(database());

  function newGuest(): Owner {
    return guestOwner(`guest_${randomBytes(8).toString('hex')}`);
  }

  async function newUserId(): Promise<string> {
    return (await createTestUser(database())).id;
  }

  async function create(owner: Owner, category: Category): Promise<string> {
    const created = await ideas().createWithinQuota(owner, idea(category), UNLIMITED);
    if (created === 'quota_exceeded') throw new Error('unexpected quota_exceeded');
    return created.id;
  }

  /** The stored counts of one owner, as category -> count (no row: absent). */
  async function stored(owner: Owner): Promise<Partial<Record<Category, number>>> {
    const rows = await database()
      .db.selectFrom('idea_counts')
      .select(['category', 'count'])
      .where('owner_key', '=', ownerKey(owner))
      .execute();
    return Object.fromEntries(rows.map((row) => [row.category, toCount(row.count)]));
  }

  /** What counting the ideas themselves says, in the same shape. */
  async function actual(owner: Owner): Promise<Partial<Record<Category, number>>> {
    const column = owner.kind === 'user' ? 'user_id' : 'guest_id';
    const id = owner.kind === 'user' ? owner.userId : owner.guestId;
    const rows = await database()
      .db.selectFrom('ideas')
      .select((eb) => ['category', eb.fn.countAll().as('n')])
      .where(column, '=', id)
      .groupBy('category')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.category, toCount(row.n as number)]));
  }

  async function expectExact(owner: Owner, expected: Partial<Record<Category, number>>) {
    expect(await stored(owner)).toEqual(expected);
    expect(await actual(owner)).toEqual(expected);
    const sum = Object.values(expected).reduce((a, b) => a + b, 0);
    expect((await ideas().list(owner, { limit: 1 })).total).toBe(sum);
    for (const category of CATEGORIES) {
      expect((await ideas().list(owner, { limit: 1, category })).total).toBe(
        expected[category] ?? 0,
      );
    }
  }

  describe('idea counts stay exact', () => {
    it('on create, delete and deleteAll', async () => {
      const owner = newGuest();
      const other = newGuest();
      await create(other, 'work');
      const first = await create(owner, 'work');
      await create(owner, 'work');
      await create(owner, 'creative');
      await expectExact(owner, { work: 2, creative: 1 });

      expect(await ideas().delete(owner, first)).toBe(true);
      expect(await ideas().delete(owner, first)).toBe(false);
      expect(await ideas().delete(other, await create(owner, 'personal'))).toBe(false);
      await expectExact(owner, { work: 1, creative: 1, personal: 1 });

      expect(await ideas().deleteAll(owner)).toBe(3);
      await expectExact(owner, {});
      await expectExact(other, { work: 1 });
    });

    it('when an update changes the category, and not when it changes only the text', async () => {
      const owner = userOwner(await newUserId());
      const id = await create(owner, 'work');
      await create(owner, 'work');
      await ideas().update(owner, id, { content: 'new words', format: 'pitch' });
      await expectExact(owner, { work: 2 });
      await ideas().update(owner, id, { category: 'personal' });
      await expectExact(owner, { work: 1, personal: 1 });
      await ideas().update(owner, id, { category: 'personal', content: 'again' });
      await expectExact(owner, { work: 1, personal: 1 });
    });

    it('when a guest’s ideas are adopted by an account, at sign-up and later', async () => {
      const guest = newGuest();
      await create(guest, 'work');
      await create(guest, 'creative');
      const signedUp = await users().create({
        email: `${randomBytes(6).toString('hex')}@example.com`,
        passwordHash: null,
        adopt: { guestId: guest.kind === 'guest' ? guest.guestId : '', quota: ADOPT_ALL },
      });
      if (signedUp === 'email_taken') throw new Error('unexpected email clash');
      const owner = userOwner(signedUp.id);
      await expectExact(guest, {});
      await expectExact(owner, { work: 1, creative: 1 });

      const laterGuest = newGuest();
      await create(laterGuest, 'creative');
      await create(owner, 'personal');
      if (laterGuest.kind !== 'guest') throw new Error('unreachable');
      expect(
        (await ideas().adoptGuestIdeas(signedUp.id, laterGuest.guestId, ADOPT_ALL)).moved,
      ).toBe(1);
      await expectExact(laterGuest, {});
      await expectExact(owner, { work: 1, creative: 2, personal: 1 });
    });

    it('when the user is deleted', async () => {
      const userId = await newUserId();
      const owner = userOwner(userId);
      await create(owner, 'work');
      await create(owner, 'personal');
      expect(await users().delete(userId)).toBe('deleted');
      await expectExact(owner, {});
    });

    it('when ideas go in and out in bulk statements', async () => {
      const owner = newGuest();
      const other = newGuest();
      for (const category of ['work', 'work', 'creative'] as const) await create(owner, category);
      await create(other, 'personal');
      await database().db.deleteFrom('ideas').where('category', '=', 'work').execute();
      await expectExact(owner, { creative: 1 });
      await expectExact(other, { personal: 1 });
    });

    it('under concurrent creates and deletes', async () => {
      const owner = userOwner(await newUserId());
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, i) => create(owner, CATEGORIES[i % 3] ?? 'work')),
      );
      await Promise.all(ids.slice(0, 7).map((id) => ideas().delete(owner, id)));
      const remaining = { work: 0, personal: 0, creative: 0 };
      ids.slice(7).forEach((_, i) => {
        const category = CATEGORIES[(i + 7) % 3] ?? 'work';
        remaining[category] += 1;
      });
      await expectExact(owner, remaining);
    });

    it('the migration backfills counts for ideas that existed before it', async () => {
      const owner = newGuest();
      await create(owner, 'work');
      await create(owner, 'work');
      await create(owner, 'personal');
      const migration = migrationsFor(dialect)['003-idea-counts'];
      if (migration?.down === undefined) throw new Error('migration 003 not found');
      await migration.down(database().db);
      await migration.up(database().db);
      await expectExact(owner, { work: 2, personal: 1 });
      const all = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ideas`.execute(
        database().db,
      );
      const counted = await sql<{
        n: number | string | null;
      }>`SELECT sum(count) AS n FROM idea_counts`.execute(database().db);
      expect(toCount(counted.rows[0]?.n)).toBe(toCount(all.rows[0]?.n));
    });
  });
});
