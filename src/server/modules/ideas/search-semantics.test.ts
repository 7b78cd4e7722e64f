import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Idea, NewIdea } from '#contract/api-schemas.js';
import { CATEGORIES, FORMATS } from '#contract/taxonomy.js';
import { guestOwner, userOwner, type Owner } from '../../db/owner.js';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { createTestUser } from '../../test-support/users.js';
import { createIdeasRepository, type IdeasRepository } from './repository.js';
import { WORD_PAIR_MAX_FIRST_WORDS } from './search-conditions.js';

/** Adoption without a limit: these tests hold where ideas go, not the quota. */
const ADOPT_ALL = {
  monthlyLimit: null,
  periodKey: '2026-11',
  periodStartsAt: new Date(0),
  at: new Date(),
  keptAudio: null,
};

/*
 * Search answers exactly the substring semantics of docs/api.md whichever index serves the
 * query (ADR 014): the word pair index for queries of several words, the trigram index, or a
 * scan. Every query's full result (all pages, in order) and total are compared with a plain
 * substring test over the same ideas, before and after edits, deletes and a move between owners.
 */

const UNLIMITED = { monthlyLimit: null, periodKey: '2026-11' } as const;

/** Hand-picked texts for the pair index's edges: word ends and starts, separators, case. */
const EDGE_TEXTS: [string, string | null][] = [
  ['Recall client tomorrow', null],
  ['CALL CLIENT about the invoice', 'call the client'],
  ['call  client with two spaces', null],
  ['call-client, call.clara', 'call\nclient'],
  ['Café call clé, naïve call cl', null],
  ['nothing here', 'please call Clara before friday'],
  ['ship it tomorrow morning', 'ship it tomorrow mor'],
  ['snake_case columns', 'a_b c'],
  ['10% budget cut', 'Q3 budget by 10'],
  ['x call', 'call'],
  ['ÜBER call Über', 'über cl'],
  ['recall  cl', 'precall cl recall clip'],
];

const VOCABULARY = ['call', 'recall', 'client', 'clip', 'it', 'tomorrow', 'ship', 'a', 'b', 'c'];

/** Random texts over a small vocabulary, so that most queries match several ideas. */
function randomTexts(count: number): string[] {
  let state = 0x9e3779b9;
  const next = (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  const separators = [' ', ' ', ' ', ' ', '  ', ', ', '-', '\n'];
  return Array.from({ length: count }, () => {
    let text = '';
    for (let i = 0, n = 3 + next(8); i < n; i += 1) {
      const word = VOCABULARY[next(VOCABULARY.length)] as string;
      text +=
        (i === 0 ? '' : separators[next(separators.length)]) +
        (next(4) === 0 ? word.toUpperCase() : word);
    }
    return text;
  });
}

const QUERIES = [
  'call cl',
  'call clie',
  'CALL client',
  'all cl',
  'l c',
  'recall c',
  'it tomorrow mor',
  'p it tomorrow morning',
  'ship it',
  'call clé',
  'call cl\u00e9',
  'über cl',
  'Über c',
  'snake_case col',
  'a_b c',
  '10 budget',
  'budget by 10',
  '3 budget',
  'call  client',
  'call-client',
  'call\nclient',
  'call',
  'cl',
  'c',
  'a b',
  'a b c',
  'b c',
  'c a',
  'tomorrow a',
  'clip call',
  'ip re',
  'zzz call',
  'call zzz',
  ' call',
  'call ',
];

/** The substring semantics of docs/api.md, applied to the ideas directly. */
function expected(ideas: Idea[], q: string): string[] {
  const needle = q.toLowerCase();
  return ideas
    .filter((idea) =>
      [idea.content, idea.transcript ?? '', idea.format, idea.category].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    )
    .map((idea) => idea.id);
}

forEachDialect((dialect) => {
  const database = useTestDatabase(dialect);

  async function newUser(): Promise<Owner> {
    return userOwner((await createTestUser(database())).id);
  }

  /** Every page of a search, newest first, and the totals the pages gave. */
  async function searchAll(repo: IdeasRepository, owner: Owner, q: string) {
    const ids: string[] = [];
    const totals = new Set<number>();
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const result = await repo.list(owner, { limit: 7, q, cursor });
      ids.push(...result.items.map((item) => item.id));
      totals.add(result.total);
      if (result.nextCursor === null) break;
      cursor = result.nextCursor;
    }
    return { ids, totals: [...totals] };
  }

  describe('search semantics, whichever index answers', () => {
    it('matches exactly the substring test, through edits, deletes and a move between owners', async () => {
      const user = await newUser();
      const guest = guestOwner(`guest_${randomBytes(8).toString('hex')}`);
      let tick = Date.parse('2026-06-01T00:00:00.000Z');
      const repo = createIdeasRepository(database(), { now: () => new Date((tick += 1000)) });
      const held = new Map<Owner, Idea[]>([
        [user, []],
        [guest, []],
      ]);
      const savedAt = new Map<string, number>();
      const save = async (owner: Owner, input: NewIdea) => {
        const made = await repo.createWithinQuota(owner, input, UNLIMITED);
        if (made === 'quota_exceeded') throw new Error('unexpected quota_exceeded');
        savedAt.set(made.id, tick);
        held.get(owner)?.unshift(made);
        return made;
      };
      for (const [content, transcript] of EDGE_TEXTS) {
        await save(user, { content, transcript, format: 'tweet', category: 'work' });
      }
      const texts = randomTexts(120);
      for (const [i, content] of texts.entries()) {
        await save(i % 3 === 0 ? guest : user, {
          content,
          transcript: texts[(i * 7) % texts.length] ?? null,
          format: FORMATS[i % FORMATS.length] ?? 'tweet',
          category: CATEGORIES[i % CATEGORIES.length] ?? 'work',
        });
      }
      // More words end in "ed" than the pair index looks up: such queries take the trigrams.
      await save(guest, {
        content: Array.from(
          { length: WORD_PAIR_MAX_FIRST_WORDS + 1 },
          (_, i) => `w${i}ed clip`,
        ).join(' '),
        transcript: null,
        format: 'pitch',
        category: 'creative',
      });
      const queries = [...QUERIES, 'ed cl', 'w7ed clip w8ed'];

      const check = async (when: string) => {
        for (const [owner, ideas] of held) {
          for (const q of queries) {
            const want = expected(ideas, q);
            const got = await searchAll(repo, owner, q);
            expect(got.ids, `${when}: ${JSON.stringify(q)}`).toEqual(want);
            expect(got.totals, `${when}: ${JSON.stringify(q)}`).toEqual([want.length]);
          }
        }
      };
      await check('as saved');

      const userIdeas = held.get(user) ?? [];
      for (const [i, idea] of userIdeas.slice(0, 40).entries()) {
        if (i % 4 === 0) {
          expect(await repo.delete(user, idea.id)).toBe(true);
          userIdeas.splice(userIdeas.indexOf(idea), 1);
        } else {
          const content = i % 2 === 0 ? 'now recall clients' : `${idea.content} tomorrow a b c`;
          const updated = await repo.update(user, idea.id, { content });
          if (updated === null) throw new Error('unexpected missing idea');
          userIdeas.splice(userIdeas.indexOf(idea), 1, updated);
        }
      }
      await check('after edits and deletes');

      const userId = user.kind === 'user' ? user.userId : '';
      const guestId = guest.kind === 'guest' ? guest.guestId : '';
      const moved = held.get(guest) ?? [];
      expect((await repo.adoptGuestIdeas(userId, guestId, ADOPT_ALL)).moved).toBe(moved.length);
      const newestFirst = (a: Idea, b: Idea) => (savedAt.get(b.id) ?? 0) - (savedAt.get(a.id) ?? 0);
      held.set(user, [...moved, ...userIdeas].sort(newestFirst));
      held.set(guest, []);
      await check('after the move');
    });
  });
});
