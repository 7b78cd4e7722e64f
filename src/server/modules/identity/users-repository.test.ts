import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calendarMonthPeriod } from '#contract/plans.js';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { createIdeasRepository } from '../ideas/repository.js';
import { guestOwner, userOwner } from '../../db/owner.js';
import { createSessionsRepository } from './sessions-repository.js';
import { createUsageRepository } from '../usage/repository.js';
import { createUsersRepository, type UserRecord } from './users-repository.js';

/** The month the ideas these tests save are made in. */
const MONTH = calendarMonthPeriod(new Date());
const PERIOD = MONTH.key;
const QUOTA = {
  monthlyLimit: 10,
  periodKey: PERIOD,
  periodStartsAt: MONTH.startsAt,
  at: new Date(),
  keptAudio: null,
};

function uniqueEmail(): string {
  return `person-${randomBytes(6).toString('hex')}@example.com`;
}

function uniqueGuestId(): string {
  return `guest_${randomBytes(8).toString('hex')}`;
}

forEachDialect((dialect) => {
  const database = useTestDatabase(dialect);
  const users = () => createUsersRepository(database());

  async function register(email = uniqueEmail(), guestIdToAdopt?: string): Promise<UserRecord> {
    const created = await users().create({
      email,
      passwordHash: 'argon2-hash',
      ...(guestIdToAdopt === undefined ? {} : { adopt: { guestId: guestIdToAdopt, quota: QUOTA } }),
    });
    if (created === 'email_taken') throw new Error('unexpected email_taken');
    const { adoption, ...user } = created;
    expect(adoption === null).toBe(guestIdToAdopt === undefined);
    return user;
  }

  async function addGuestIdeas(guestId: string, contents: string[]) {
    const ideas = createIdeasRepository(database());
    for (const content of contents) {
      await ideas.createWithinQuota(
        guestOwner(guestId),
        { content, format: 'tweet', category: 'personal', transcript: null },
        { monthlyLimit: 10, periodKey: PERIOD },
      );
    }
  }

  describe('create and find', () => {
    it('creates a free user and finds it by id and by e-mail', async () => {
      const email = uniqueEmail();
      const user = await register(email);
      expect(user).toEqual({
        id: expect.any(String),
        email,
        passwordHash: 'argon2-hash',
        plan: 'free',
        billingCustomerId: null,
        subscriptionId: null,
        subscriptionStatus: null,
        billingPeriod: null,
        createdByCheckout: null,
        sessionEpoch: 0,
        emailProven: false,
        passwordBeforeProof: false,
        writtenBeforeProof: false,
        createdAt: expect.stringMatching(/Z$/),
      });
      expect(await users().findById(user.id)).toEqual(user);
      expect(await users().findByEmail(email)).toEqual(user);
      expect(await users().findByEmail(email.toUpperCase())).toEqual(user);
      expect(await users().findById('missing')).toBeNull();
      expect(await users().findByEmail('missing@example.com')).toBeNull();
    });

    it('refuses a second account for the same e-mail in any letter case', async () => {
      const email = uniqueEmail();
      await register(email);
      expect(await users().create({ email, passwordHash: null })).toBe('email_taken');
      expect(await users().create({ email: email.toUpperCase(), passwordHash: null })).toBe(
        'email_taken',
      );
    });

    it('lets exactly one of several parallel registrations of one e-mail win', async () => {
      const email = uniqueEmail();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => users().create({ email, passwordHash: null })),
      );
      expect(results.filter((result) => result === 'email_taken')).toHaveLength(4);
    });

    it('creates a user without a password (an account made at checkout) on a Pro plan', async () => {
      const user = await users().create({ email: uniqueEmail(), passwordHash: null, plan: 'pro' });
      expect(user).toMatchObject({ passwordHash: null, plan: 'pro' });
    });
  });

  describe('guest ideas move into the account', () => {
    it("at registration, in the same transaction, counted in the account's month; the guest's row stays", async () => {
      const guestId = uniqueGuestId();
      await addGuestIdeas(guestId, ['first', 'second']);
      const user = await register(uniqueEmail(), guestId);
      const ideas = createIdeasRepository(database());
      const mine = await ideas.list(userOwner(user.id), { limit: 10 });
      expect(mine.items.map((idea) => idea.content)).toEqual(['second', 'first']);
      expect(mine.items.every((idea) => idea.userId === user.id)).toBe(true);
      expect((await ideas.list(guestOwner(guestId), { limit: 10 })).total).toBe(0);
      const usage = createUsageRepository(database());
      expect(await usage.getUsed(guestOwner(guestId), PERIOD)).toBe(2);
      expect(await usage.getUsed(userOwner(user.id), PERIOD)).toBe(2);
    });

    it('not at all when the e-mail is taken', async () => {
      const email = uniqueEmail();
      await register(email);
      const guestId = uniqueGuestId();
      await addGuestIdeas(guestId, ['stays a guest idea']);
      expect(
        await users().create({ email, passwordHash: null, adopt: { guestId, quota: QUOTA } }),
      ).toBe('email_taken');
      const left = await createIdeasRepository(database()).list(guestOwner(guestId), { limit: 10 });
      expect(left.total).toBe(1);
    });

    it('at login, returning how many moved', async () => {
      const user = await register();
      const guestId = uniqueGuestId();
      await addGuestIdeas(guestId, ['a', 'b', 'c']);
      const repo = createIdeasRepository(database());
      expect(await repo.adoptGuestIdeas(user.id, guestId, QUOTA)).toEqual({
        moved: 3,
        keptAsGuest: 0,
      });
      expect(await repo.adoptGuestIdeas(user.id, guestId, QUOTA)).toEqual({
        moved: 0,
        keptAsGuest: 0,
      });
      const mine = await createIdeasRepository(database()).list(userOwner(user.id), { limit: 10 });
      expect(mine.total).toBe(3);
    });
  });

  describe('updates', () => {
    it('changes the password hash and the plan with its billing customer', async () => {
      const user = await register();
      await users().updatePassword(user.id, 'new-hash');
      await users().updatePlan(user.id, 'pro', 'cus_123');
      expect(await users().findById(user.id)).toMatchObject({
        passwordHash: 'new-hash',
        plan: 'pro',
        billingCustomerId: 'cus_123',
      });
      expect(await users().findByBillingCustomerId('cus_123')).toMatchObject({ id: user.id });
      await users().updatePlan(user.id, 'free');
      expect(await users().findById(user.id)).toMatchObject({
        plan: 'free',
        billingCustomerId: 'cus_123',
      });
    });
  });

  describe('delete', () => {
    it('removes the user with its ideas, usage, sessions and tokens, and no one else', async () => {
      const user = await register();
      const bystander = await register();
      const ideas = createIdeasRepository(database());
      const quota = { monthlyLimit: 10, periodKey: PERIOD };
      const input = {
        content: 'mine',
        format: 'tweet',
        category: 'work',
        transcript: null,
      } as const;
      await ideas.createWithinQuota(userOwner(user.id), input, quota);
      await ideas.createWithinQuota(userOwner(bystander.id), input, quota);
      const sessions = createSessionsRepository(database());
      const tokenHash = createHash('sha256').update(randomBytes(32)).digest('hex');
      await sessions.create({
        userId: user.id,
        tokenHash,
        expiresAt: new Date(Date.now() + 60_000),
        epoch: 0,
      });
      const at = new Date().toISOString();
      await database()
        .db.insertInto('auth_tokens')
        .values({
          id: randomBytes(8).toString('hex'),
          purpose: 'password_reset',
          token_hash: randomBytes(16).toString('hex'),
          user_id: user.id,
          guest_id: null,
          email: null,
          expires_at: at,
          used_at: null,
          created_at: at,
        })
        .execute();

      expect(await users().delete(user.id)).toBe('deleted');

      expect(await users().findById(user.id)).toBeNull();
      expect(await sessions.findUserBySession(tokenHash, new Date())).toBeNull();
      expect((await ideas.list(userOwner(user.id), { limit: 10 })).total).toBe(0);
      expect(await createUsageRepository(database()).getUsed(userOwner(user.id), PERIOD)).toBe(0);
      const tokens = await database()
        .db.selectFrom('auth_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(tokens).toEqual([]);
      expect((await ideas.list(userOwner(bystander.id), { limit: 10 })).total).toBe(1);
      expect(await users().delete(user.id)).toBe('missing');
    });

    it('frees the e-mail for a new account', async () => {
      const email = uniqueEmail();
      const user = await register(email);
      await users().delete(user.id);
      expect(await register(email)).toMatchObject({ email });
    });
  });
});
