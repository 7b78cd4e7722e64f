import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Idea, NewIdea } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import {
  forEachDialect,
  preparedStatementTexts,
  useTestDatabase,
} from '../../test-support/databases.js';
import { createTestUser } from '../../test-support/users.js';
import { encodeCursor, InvalidCursorError } from '../../db/cursor.js';
import { createIdeasRepository, type IdeasRepository } from './repository.js';
import { guestOwner, userOwner, type Owner } from '../../db/owner.js';
import { createUsageRepository } from '../usage/repository.js';
import { newId } from '../../db/ids.js';
import { writeTransaction } from '../../db/transactions.js';

const UNLIMITED = { monthlyLimit: null, periodKey: '2026-11' } as const;
/** Adoption without a limit: these tests hold where ideas go, not the quota. */
const ADOPT_ALL = {
  monthlyLimit: null,
  periodKey: '2026-11',
  periodStartsAt: new Date(0),
  at: new Date(),
  keptAudio: null,
};

/** Past the cap, SQLite full-text search finds the page by walking (see SearchTuning). */
const CAP_TWO = { totalCap: 2, walkBudgetRows: 1000 };

async function exportAll(repo: IdeasRepository, owner: Owner, batchSize?: number) {
  const all: Idea[] = [];
  for await (const batch of repo.exportBatches(owner, batchSize)) all.push(...batch);
  return all;
}

function idea(content: string, extra: Partial<NewIdea> = {}): NewIdea {
  return { content, format: 'tweet', category: 'work', transcript: null, ...extra };
}

function newGuest(): Owner {
  return guestOwner(`guest_${randomBytes(8).toString('hex')}`);
}

forEachDialect((dialect) => {
  const database = useTestDatabase(dialect);
  const ideas = () => createIdeasRepository(database());

  async function newUser(): Promise<Owner> {
    return userOwner((await createTestUser(database())).id);
  }

  async function create(owner: Owner, input: NewIdea): Promise<Idea> {
    const created = await ideas().createWithinQuota(owner, input, UNLIMITED);
    if (created === 'quota_exceeded') throw new Error('unexpected quota_exceeded');
    return created;
  }

  async function walk(
    owner: Owner,
    limit: number,
    query: { q?: string; category?: Category } = {},
  ) {
    const seen: Idea[] = [];
    const totals = new Set<number>();
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page += 1) {
      const result = await ideas().list(owner, { limit, cursor, ...query });
      expect(result.items.length).toBeLessThanOrEqual(limit);
      seen.push(...result.items);
      totals.add(result.total);
      if (result.nextCursor === null) break;
      cursor = result.nextCursor;
    }
    return { seen, totals };
  }

  describe('create, read, update, delete', () => {
    it('creates a user idea with an opaque id and returns it in the API shape', async () => {
      const owner = await newUser();
      const created = await create(owner, idea('Ship the beta', { transcript: 'ship the beta' }));
      expect(created).toEqual({
        id: expect.any(String),
        content: 'Ship the beta',
        format: 'tweet',
        category: 'work',
        transcript: 'ship the beta',
        userId: owner.kind === 'user' ? owner.userId : null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        recordingId: null,
      });
      expect(await ideas().findById(owner, created.id)).toEqual(created);
    });

    it('gives guest ideas a null userId', async () => {
      const guest = newGuest();
      const created = await create(guest, idea('Guest thought'));
      expect(created.userId).toBeNull();
      expect(await ideas().findById(guest, created.id)).toEqual(created);
    });

    it('updates content, format and category and leaves the rest', async () => {
      const owner = await newUser();
      const created = await create(owner, idea('First draft', { transcript: 'spoken' }));
      const updated = await ideas().update(owner, created.id, {
        content: 'Second draft',
        format: 'pitch',
        category: 'creative',
      });
      expect(updated).toEqual({
        ...created,
        content: 'Second draft',
        format: 'pitch',
        category: 'creative',
      });
      expect(await ideas().findById(owner, created.id)).toEqual(updated);
      expect(await ideas().update(owner, created.id, {})).toEqual(updated);
    });

    it('deletes one idea and reports whether it existed', async () => {
      const owner = await newUser();
      const created = await create(owner, idea('Short-lived'));
      expect(await ideas().delete(owner, created.id)).toBe(true);
      expect(await ideas().findById(owner, created.id)).toBeNull();
      expect(await ideas().delete(owner, created.id)).toBe(false);
    });

    it('deletes all of one owner and nothing of another', async () => {
      const owner = await newUser();
      const other = newGuest();
      await create(owner, idea('one'));
      await create(owner, idea('two'));
      const kept = await create(other, idea('kept'));
      expect(await ideas().deleteAll(owner)).toBe(2);
      expect((await ideas().list(owner, { limit: 10 })).total).toBe(0);
      expect(await ideas().findById(other, kept.id)).toEqual(kept);
      expect(await ideas().deleteAll(owner)).toBe(0);
    });

    it('exports every idea of the owner newest first', async () => {
      const owner = await newUser();
      let tick = Date.parse('2026-01-01T00:00:00.000Z');
      const repo = createIdeasRepository(database(), { now: () => new Date((tick += 1000)) });
      for (const content of ['a', 'b', 'c']) {
        await repo.createWithinQuota(owner, idea(content), UNLIMITED);
      }
      await create(newGuest(), idea('not mine'));
      expect((await exportAll(repo, owner)).map((item) => item.content)).toEqual(['c', 'b', 'a']);
    });

    it('exports in batches that walk every idea once, even with identical timestamps', async () => {
      const owner = await newUser();
      const sameTime = new Date('2026-02-01T00:00:00.000Z');
      let tick = Date.parse('2026-01-01T00:00:00.000Z');
      const steady = createIdeasRepository(database(), { now: () => new Date((tick += 1000)) });
      const frozen = createIdeasRepository(database(), { now: () => sameTime });
      for (let i = 0; i < 5; i += 1)
        await steady.createWithinQuota(owner, idea(`s${i}`), UNLIMITED);
      for (let i = 0; i < 4; i += 1)
        await frozen.createWithinQuota(owner, idea(`f${i}`), UNLIMITED);
      const sizes: number[] = [];
      for await (const batch of steady.exportBatches(owner, 2)) sizes.push(batch.length);
      expect(sizes).toEqual([2, 2, 2, 2, 1]);
      const batched = await exportAll(steady, owner, 2);
      const whole = await exportAll(steady, owner, 100);
      expect(batched).toEqual(whole);
      expect(new Set(batched.map((item) => item.id)).size).toBe(9);
      expect(batched.slice(4).map((item) => item.content)).toEqual(['s4', 's3', 's2', 's1', 's0']);
      expect(await exportAll(steady, newGuest(), 2)).toEqual([]);
    });
  });

  describe('owner isolation', () => {
    it("treats another owner's idea exactly like a missing one", async () => {
      const alice = await newUser();
      const bob = await newUser();
      const guest = newGuest();
      const secret = await create(alice, idea('Alice only'));
      for (const intruder of [bob, guest]) {
        expect(await ideas().findById(intruder, secret.id)).toBeNull();
        expect(await ideas().update(intruder, secret.id, { content: 'hijacked' })).toBeNull();
        expect(await ideas().delete(intruder, secret.id)).toBe(false);
        expect((await ideas().list(intruder, { limit: 50, q: 'Alice' })).total).toBe(0);
      }
      expect(await ideas().findById(alice, secret.id)).toEqual(secret);
      expect(await ideas().findById(alice, 'no-such-id')).toBeNull();
    });

    it('keeps a guest and a user with the same id string apart', async () => {
      const user = await newUser();
      const id = user.kind === 'user' ? user.userId : '';
      const lookalike = guestOwner(id);
      await create(lookalike, idea('guest side'));
      expect((await ideas().list(user, { limit: 10 })).total).toBe(0);
    });
  });

  describe('paging', () => {
    it('walks every idea exactly once, newest first, even with identical timestamps', async () => {
      const owner = await newUser();
      // Three ideas per instant: the id must break the tie or a page boundary drops or repeats.
      let calls = 0;
      const base = Date.parse('2026-03-01T12:00:00.000Z');
      const repo = createIdeasRepository(database(), {
        now: () => new Date(base + Math.floor(calls++ / 3) * 1000),
      });
      const created: Idea[] = [];
      for (let i = 0; i < 23; i += 1) {
        const made = await repo.createWithinQuota(owner, idea(`idea ${i}`), UNLIMITED);
        if (made === 'quota_exceeded') throw new Error('unexpected');
        created.push(made);
      }
      for (const limit of [1, 2, 3, 5, 7, 23, 50]) {
        const { seen, totals } = await walk(owner, limit);
        expect(seen.map((item) => item.id)).toHaveLength(23);
        expect(new Set(seen.map((item) => item.id)).size).toBe(23);
        expect([...totals]).toEqual([23]);
        const order = seen.map((item) => [item.createdAt, item.id].join(' '));
        expect(order).toEqual([...order].sort().reverse());
        expect(seen[0]?.createdAt).toBe(created.at(-1)?.createdAt);
      }
    });

    it('says there is no next page when the last page is exactly full', async () => {
      const owner = await newUser();
      for (const content of ['x', 'y']) await create(owner, idea(content));
      const page = await ideas().list(owner, { limit: 2 });
      expect(page.items).toHaveLength(2);
      expect(page.nextCursor).toBeNull();
    });

    it('does not lose or repeat ideas when one is deleted between pages', async () => {
      const owner = await newUser();
      let tick = Date.parse('2026-04-01T00:00:00.000Z');
      const repo = createIdeasRepository(database(), { now: () => new Date((tick += 10)) });
      for (let i = 0; i < 6; i += 1) await repo.createWithinQuota(owner, idea(`n${i}`), UNLIMITED);
      const first = await repo.list(owner, { limit: 3 });
      expect(first.items.map((item) => item.content)).toEqual(['n5', 'n4', 'n3']);
      const lastOnPage = first.items[2];
      if (lastOnPage === undefined || first.nextCursor === null) throw new Error('no page');
      await repo.delete(owner, lastOnPage.id);
      const second = await repo.list(owner, { limit: 3, cursor: first.nextCursor });
      expect(second.items.map((item) => item.content)).toEqual(['n2', 'n1', 'n0']);
    });

    it('rejects malformed cursors with InvalidCursorError', async () => {
      const owner = await newUser();
      const malformed = [
        'not-a-cursor',
        '!!!',
        Buffer.from('v1|yesterday|abc').toString('base64url'),
        Buffer.from('v2|2026-01-01T00:00:00.000Z|abc').toString('base64url'),
        Buffer.from('v1|2026-02-30T00:00:00.000Z|abc').toString('base64url'),
        Buffer.from("v1|2026-01-01T00:00:00.000Z|x' OR 1=1").toString('base64url'),
      ];
      for (const cursor of malformed) {
        await expect(ideas().list(owner, { limit: 5, cursor })).rejects.toBeInstanceOf(
          InvalidCursorError,
        );
      }
      const wellFormed = encodeCursor({ createdAt: '2030-01-01T00:00:00.000Z', id: 'ZZZ' });
      await expect(ideas().list(owner, { limit: 5, cursor: wellFormed })).resolves.toMatchObject({
        items: [],
      });
    });
  });

  describe('search', () => {
    async function searchFixture() {
      const owner = await newUser();
      let tick = Date.parse('2026-05-01T00:00:00.000Z');
      const repo = createIdeasRepository(database(), { now: () => new Date((tick += 1000)) });
      const make = async (
        content: string,
        format: Format,
        category: Category,
        transcript: string | null,
      ) => {
        const made = await repo.createWithinQuota(
          owner,
          { content, format, category, transcript },
          UNLIMITED,
        );
        if (made === 'quota_exceeded') throw new Error('unexpected');
        return made;
      };
      const fixtures = {
        budget: await make(
          'Cut the Q3 budget by 10%',
          'checklist',
          'work',
          'cut the budget by ten percent',
        ),
        snake: await make('Rename snake_case columns', 'tweet', 'work', null),
        garden: await make('Plant tomatoes in the GARDEN', 'tweet', 'personal', 'plant tomatoes'),
        novel: await make('Outline the novel', 'pitch', 'creative', 'a mystery set in Lisbon'),
        unicode: await make('Café menu for Ünïcode day', 'tweet', 'creative', null),
        plain: await make('Call mum', 'tweet', 'personal', null),
      };
      // Another owner's matching ideas must never be counted.
      await create(newGuest(), idea('budget garden novel snake_case 10%'));
      return { owner, repo, fixtures };
    }

    const contents = (page: { items: Idea[] }) => page.items.map((item) => item.content);

    it('matches case-insensitively as a substring of content', async () => {
      const { owner, repo } = await searchFixture();
      for (const q of ['garden', 'GARDEN', 'GaRdEn', 'arde', 'tomatoes in the g']) {
        const page = await repo.list(owner, { limit: 10, q });
        expect(contents(page), q).toEqual(['Plant tomatoes in the GARDEN']);
        expect(page.total).toBe(1);
      }
      expect((await repo.list(owner, { limit: 10, q: 'café' })).total).toBe(1);
      expect((await repo.list(owner, { limit: 10, q: 'nothing like this' })).total).toBe(0);
    });

    it('matches words with spaces only where they stand side by side with those spaces', async () => {
      const owner = await newUser();
      for (const content of [
        'Call client about the invoice',
        'Client will call tomorrow',
        'Call  clean twice',
        'Recall\nclosing times',
        'callclient as one word',
      ]) {
        await create(owner, idea(content));
      }
      const found = async (q: string) =>
        contents(await ideas().list(owner, { limit: 10, q })).sort();
      expect(await found('call cl')).toEqual(['Call client about the invoice']);
      expect(await found('call  cl')).toEqual(['Call  clean twice']);
      expect(await found('callcl')).toEqual(['callclient as one word']);
      expect(await found('l c')).toEqual([
        'Call client about the invoice',
        'Client will call tomorrow',
      ]);
      expect(await found('ll  c')).toEqual(['Call  clean twice']);
    });

    it('matches the transcript, the format and the category', async () => {
      const { owner, repo } = await searchFixture();
      expect(contents(await repo.list(owner, { limit: 10, q: 'Lisbon' }))).toEqual([
        'Outline the novel',
      ]);
      expect(contents(await repo.list(owner, { limit: 10, q: 'ten percent' }))).toEqual([
        'Cut the Q3 budget by 10%',
      ]);
      expect(contents(await repo.list(owner, { limit: 10, q: 'checklist' }))).toEqual([
        'Cut the Q3 budget by 10%',
      ]);
      expect(contents(await repo.list(owner, { limit: 10, q: 'PITCH' }))).toEqual([
        'Outline the novel',
      ]);
      const personal = await repo.list(owner, { limit: 10, q: 'personal' });
      expect(contents(personal)).toEqual(['Call mum', 'Plant tomatoes in the GARDEN']);
    });

    it('treats % and _ as literal characters', async () => {
      const { owner, repo: chosen } = await searchFixture();
      // The walk tests rows with LIKE, so its escaping is checked on its own too.
      const walking = createIdeasRepository(database(), {
        searchTuning: { totalCap: 0, walkBudgetRows: 1000 },
      });
      for (const repo of [chosen, walking]) {
        expect(contents(await repo.list(owner, { limit: 10, q: '%' }))).toEqual([
          'Cut the Q3 budget by 10%',
        ]);
        expect(contents(await repo.list(owner, { limit: 10, q: '10%' }))).toEqual([
          'Cut the Q3 budget by 10%',
        ]);
        expect(contents(await repo.list(owner, { limit: 10, q: '_' }))).toEqual([
          'Rename snake_case columns',
        ]);
        expect(contents(await repo.list(owner, { limit: 10, q: 'e_c' }))).toEqual([
          'Rename snake_case columns',
        ]);
        expect((await repo.list(owner, { limit: 10, q: 'b_dget' })).total).toBe(0);
        expect((await repo.list(owner, { limit: 10, q: 'Cut%budget' })).total).toBe(0);
        expect((await repo.list(owner, { limit: 10, q: '\\' })).total).toBe(0);
        expect((await repo.list(owner, { limit: 10, q: '"budget' })).total).toBe(0);
      }
    });

    it('answers one- and two-character queries', async () => {
      const { owner, repo } = await searchFixture();
      expect(contents(await repo.list(owner, { limit: 10, q: 'Q3' }))).toEqual([
        'Cut the Q3 budget by 10%',
      ]);
      expect(contents(await repo.list(owner, { limit: 10, q: 'q3' }))).toEqual([
        'Cut the Q3 budget by 10%',
      ]);
      expect(contents(await repo.list(owner, { limit: 10, q: 'mu' }))).toEqual(['Call mum']);
      const withZ = await repo.list(owner, { limit: 10, q: 'z' });
      expect(withZ.total).toBe(0);
      const withY = await repo.list(owner, { limit: 10, q: 'y' });
      expect(contents(withY)).toEqual([
        'Café menu for Ünïcode day',
        'Outline the novel',
        'Cut the Q3 budget by 10%',
      ]);
    });

    it('combines q with a category filter and pages through search results', async () => {
      const { owner, repo } = await searchFixture();
      const personalThe = await repo.list(owner, { limit: 10, q: 'the', category: 'personal' });
      expect(contents(personalThe)).toEqual(['Plant tomatoes in the GARDEN']);
      expect((await repo.list(owner, { limit: 10, category: 'creative' })).total).toBe(2);
      const { seen, totals } = await walk(owner, 1, { q: 'the' });
      expect(seen.map((item) => item.content)).toEqual([
        'Outline the novel',
        'Plant tomatoes in the GARDEN',
        'Cut the Q3 budget by 10%',
      ]);
      expect([...totals]).toEqual([3]);
    });

    it('pages dense and sparse matches the same way whichever route finds the page', async () => {
      const owner = await newUser();
      let calls = 0;
      const base = Date.parse('2026-06-01T00:00:00.000Z');
      // Pairs of ideas share an instant, so the id tie-break is exercised on every route.
      const clock = () => new Date(base + Math.floor(calls++ / 2) * 1000);
      const writer = createIdeasRepository(database(), { now: clock });
      for (let i = 0; i < 40; i += 1) {
        // Every 3rd idea mentions the word (dense); only the 7 oldest mention "Rare".
        const content = `${i % 3 === 0 ? 'Word' : 'other'} note ${i}${i < 7 ? ' Rare' : ''}`;
        await writer.createWithinQuota(
          owner,
          idea(content, {
            category: i % 2 ? 'work' : 'personal',
            format: (['tweet', 'checklist', 'pitch'] as const)[i % 5 === 0 ? 1 : i % 2 ? 0 : 2],
          }),
          UNLIMITED,
        );
      }
      const routes = {
        exact: { repo: createIdeasRepository(database()), cap: Infinity },
        walk: { repo: createIdeasRepository(database(), { searchTuning: CAP_TWO }), cap: 2 },
        walkGivesUp: {
          repo: createIdeasRepository(database(), {
            searchTuning: { ...CAP_TWO, walkBudgetRows: 4 },
          }),
          cap: 2,
        },
      };
      const queries: { q?: string; category?: Category; format?: Format }[] = [
        { q: 'word' },
        { q: 'RARE' },
        { q: 'word', category: 'personal' },
        // A format filter takes every route too: with a query of 3+ letters (the indexes), of
        // fewer (the scan), and alone (a search for everything).
        { q: 'word', format: 'pitch' },
        { q: 'no', format: 'tweet', category: 'work' },
        { format: 'tweet' },
      ];
      for (const query of queries) {
        const walks = [];
        for (const { repo, cap } of Object.values(routes)) {
          const seen: string[] = [];
          let cursor: string | undefined;
          const totals = new Set<string>();
          do {
            const page = await repo.list(owner, { limit: 3, cursor, ...query });
            seen.push(...page.items.map((item) => item.content));
            totals.add(`${page.total}${page.totalCapped ? '+' : ''}`);
            cursor = page.nextCursor ?? undefined;
          } while (cursor !== undefined);
          walks.push({ seen, totals: [...totals], cap });
        }
        const expected = (await exportAll(ideas(), owner))
          .filter((item) => item.content.toLowerCase().includes((query.q ?? '').toLowerCase()))
          .filter((item) => query.category === undefined || item.category === query.category)
          .filter((item) => query.format === undefined || item.format === query.format)
          .map((item) => item.content);
        expect(expected.length).toBeGreaterThan(3);
        for (const walked of walks) {
          const total = expected.length > walked.cap ? `${walked.cap}+` : String(expected.length);
          expect(walked).toEqual({ seen: expected, totals: [total], cap: walked.cap });
        }
      }
    });

    it('ignores NUL characters in stored text and in queries, and survives FTS5 syntax', async () => {
      const owner = await newUser();
      const stored = await create(
        owner,
        idea('null\u0000byte AND NEAR(x) "quoted"', { transcript: 'a\u0000b' }),
      );
      expect(stored.content).toBe('nullbyte AND NEAR(x) "quoted"');
      expect(stored.transcript).toBe('ab');
      for (const q of ['\u0000byte', 'lbyte', 'NEAR(x)', '"quoted"', '"', 'AND', '\u0000']) {
        expect((await ideas().list(owner, { limit: 5, q })).total, JSON.stringify(q)).toBe(1);
      }
      const updated = await ideas().update(owner, stored.id, { content: 'x\u0000y' });
      expect(updated?.content).toBe('xy');
    });

    it('follows edits and deletes', async () => {
      const { owner, repo, fixtures } = await searchFixture();
      await repo.update(owner, fixtures.plain.id, { content: 'Call the plumber' });
      expect(contents(await repo.list(owner, { limit: 10, q: 'plumber' }))).toEqual([
        'Call the plumber',
      ]);
      expect((await repo.list(owner, { limit: 10, q: 'mum' })).total).toBe(0);
      await repo.delete(owner, fixtures.novel.id);
      expect((await repo.list(owner, { limit: 10, q: 'Lisbon' })).total).toBe(0);
    });

    /** Many ideas at once, newest last, through one multi-row insert per 200. */
    async function bulkCreate(owner: Owner, contents: string[], startMs: number) {
      const rows = contents.map((content, i) => {
        const at = new Date(startMs + i * 1000);
        return {
          id: newId(at.getTime()),
          user_id: owner.kind === 'user' ? owner.userId : null,
          guest_id: owner.kind === 'guest' ? owner.guestId : null,
          content,
          format: 'tweet' as const,
          category: 'work' as const,
          transcript: null,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        };
      });
      for (let i = 0; i < rows.length; i += 200) {
        const batch = rows.slice(i, i + 200);
        await writeTransaction(database(), (trx) =>
          trx.insertInto('ideas').values(batch).execute(),
        );
      }
    }

    it('counts exactly up to 1,000 matches and caps the total past that', async () => {
      const owner = await newUser();
      const start = Date.parse('2026-01-01T00:00:00.000Z');
      await bulkCreate(
        owner,
        Array.from({ length: 1000 }, (_, i) => `Sprint note ${i}`),
        start,
      );
      // Another owner's matches weigh nothing in this owner's totals.
      await bulkCreate(newGuest(), ['Sprint elsewhere', 'sprint again'], start);
      const repo = ideas();
      for (const q of ['sprint', 'pr']) {
        const exact = await repo.list(owner, { limit: 5, q });
        expect([exact.total, exact.totalCapped], q).toEqual([1000, false]);
      }
      await bulkCreate(owner, ['Sprint note newest'], start + 2_000_000);
      for (const q of ['sprint', 'SPRINT no', 'pr', 's']) {
        const capped = await repo.list(owner, { limit: 2, q });
        expect([capped.total, capped.totalCapped], q).toEqual([1000, true]);
        expect(contents(capped), q).toEqual(['Sprint note newest', 'Sprint note 999']);
        const next = await repo.list(owner, { limit: 2, q, cursor: capped.nextCursor ?? '' });
        expect(contents(next), q).toEqual(['Sprint note 998', 'Sprint note 997']);
        expect([next.total, next.totalCapped], q).toEqual([1000, true]);
      }
      const few = await repo.list(owner, { limit: 5, q: 'note 99' });
      expect([few.total, few.totalCapped]).toEqual([11, false]);
      const listing = await repo.list(owner, { limit: 5 });
      expect([listing.total, listing.totalCapped]).toEqual([1001, false]);
    });

    it('finds the newest matches past the cap when saving order and dates disagree', async () => {
      const owner = await newUser();
      let tick = Date.parse('2026-04-01T00:00:00.000Z');
      // The clock runs backwards: the last idea saved is the oldest.
      const writer = createIdeasRepository(database(), { now: () => new Date((tick -= 1000)) });
      for (let i = 0; i < 8; i += 1) {
        await writer.createWithinQuota(owner, idea(`Word ${i}`), UNLIMITED);
      }
      const repo = createIdeasRepository(database(), { searchTuning: CAP_TWO });
      const first = await repo.list(owner, { limit: 2, q: 'word' });
      expect(contents(first)).toEqual(['Word 0', 'Word 1']);
      expect([first.total, first.totalCapped]).toEqual([2, true]);
      const next = await repo.list(owner, { limit: 2, q: 'word', cursor: first.nextCursor ?? '' });
      expect(contents(next)).toEqual(['Word 2', 'Word 3']);
    });

    it('finds the newest matches past the cap even when they lie deep in the owner ideas', async () => {
      const owner = await newUser();
      const start = Date.parse('2026-02-01T00:00:00.000Z');
      // Dense old matches, then many newer ideas without the word: the walk runs out.
      await bulkCreate(owner, ['Rare alpha', 'Rare beta', 'Rare gamma', 'Rare delta'], start);
      await bulkCreate(
        owner,
        Array.from({ length: 30 }, (_, i) => `plain ${i}`),
        start + 10_000,
      );
      const walking = createIdeasRepository(database(), {
        searchTuning: { totalCap: 2, walkBudgetRows: 5 },
      });
      expect((await walking.list(owner, { limit: 2, q: 'Ünï' })).total).toBe(0);
      for (const q of ['rare', 'RARE ', 'ar']) {
        const page = await walking.list(owner, { limit: 2, q });
        expect(contents(page), q).toEqual(['Rare delta', 'Rare gamma']);
        expect([page.total, page.totalCapped], q).toEqual([2, true]);
      }
    });

    it("never reads another owner's index entries, and follows ideas that change owner", async () => {
      const user = await newUser();
      const guest = newGuest();
      const start = Date.parse('2026-03-01T00:00:00.000Z');
      await bulkCreate(guest, ['Guest roadmap one', 'Guest roadmap two'], start);
      await bulkCreate(user, ['User roadmap'], start + 5_000);
      const sameIdGuest = guestOwner(user.kind === 'user' ? user.userId : '');
      await bulkCreate(sameIdGuest, ['Impostor roadmap'], start + 9_000);
      const repo = ideas();
      expect(contents(await repo.list(user, { limit: 10, q: 'roadmap' }))).toEqual([
        'User roadmap',
      ]);
      expect((await repo.list(guest, { limit: 10, q: 'roadmap' })).total).toBe(2);
      expect(
        await repo.adoptGuestIdeas(
          user.kind === 'user' ? user.userId : '',
          guest.kind === 'guest' ? guest.guestId : '',
          ADOPT_ALL,
        ),
      ).toEqual({ moved: 2, keptAsGuest: 0 });
      expect(contents(await repo.list(user, { limit: 10, q: 'roadmap' }))).toEqual([
        'User roadmap',
        'Guest roadmap two',
        'Guest roadmap one',
      ]);
      expect((await repo.list(guest, { limit: 10, q: 'roadmap' })).total).toBe(0);
      expect(contents(await repo.list(sameIdGuest, { limit: 10, q: 'roadmap' }))).toEqual([
        'Impostor roadmap',
      ]);
    });
  });

  describe('quota', () => {
    it('with one unit left, 20 parallel creates give exactly one idea and 19 quota_exceeded', async () => {
      const owner = await newUser();
      const quota = { monthlyLimit: 10, periodKey: '2026-11' };
      const usage = createUsageRepository(database());
      for (let i = 0; i < 9; i += 1) {
        expect(await usage.incrementWithinLimit(owner, quota.periodKey, quota.monthlyLimit)).toBe(
          i + 1,
        );
      }
      const repo = ideas();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          repo.createWithinQuota(owner, idea(`race ${i}`), quota),
        ),
      );
      expect(results.filter((result) => result === 'quota_exceeded')).toHaveLength(19);
      expect(results.filter((result) => result !== 'quota_exceeded')).toHaveLength(1);
      expect(await usage.getUsed(owner, quota.periodKey)).toBe(10);
      expect((await repo.list(owner, { limit: 50 })).total).toBe(1);
    });

    it('counts per period and leaves no idea behind when refused', async () => {
      const guest = newGuest();
      // A clock that moves: two saves in the same millisecond have no defined order.
      let tick = Date.parse('2026-11-20T00:00:00.000Z');
      const repo = createIdeasRepository(database(), { now: () => new Date((tick += 1000)) });
      const quota = { monthlyLimit: 1, periodKey: '2026-11' };
      expect(await repo.createWithinQuota(guest, idea('one'), quota)).toMatchObject({
        content: 'one',
      });
      expect(await repo.createWithinQuota(guest, idea('two'), quota)).toBe('quota_exceeded');
      const nextMonth = { monthlyLimit: 1, periodKey: '2026-12' };
      expect(await repo.createWithinQuota(guest, idea('three'), nextMonth)).toMatchObject({
        content: 'three',
      });
      expect(contents(await repo.list(guest, { limit: 10 }))).toEqual(['three', 'one']);
    });

    it('still counts an unlimited owner', async () => {
      const owner = await newUser();
      for (let i = 0; i < 3; i += 1) await create(owner, idea(`pro ${i}`));
      expect(await createUsageRepository(database()).getUsed(owner, UNLIMITED.periodKey)).toBe(3);
    });

    it('does not give the unit back when an idea is deleted', async () => {
      const guest = newGuest();
      const quota = { monthlyLimit: 1, periodKey: '2026-11' };
      const made = await ideas().createWithinQuota(guest, idea('only'), quota);
      if (made === 'quota_exceeded') throw new Error('unexpected');
      await ideas().delete(guest, made.id);
      await ideas().deleteAll(guest);
      expect(await ideas().createWithinQuota(guest, idea('again'), quota)).toBe('quota_exceeded');
    });
  });

  function contents(page: { items: Idea[] }) {
    return page.items.map((item) => item.content);
  }

  // Last in this file: it adds a column to ideas (db/prepared-statements.ts).
  it.runIf(dialect === 'postgres')(
    'reads the first page through a prepared statement, which a migration adding a column does not break',
    async () => {
      const owner = await newUser();
      await create(owner, idea('prepared once'));
      const first = await ideas().list(owner, { limit: 20 });
      expect(await preparedStatementTexts(database())).toContain(
        'ORDER BY ideas.created_at DESC, ideas.id DESC LIMIT 21',
      );
      await sql`ALTER TABLE ideas ADD COLUMN added_while_running text`.execute(database().db);
      expect(await ideas().list(owner, { limit: 20 })).toEqual(first);
    },
  );
});
