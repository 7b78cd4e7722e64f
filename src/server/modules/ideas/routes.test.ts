import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { IDEA_CONTENT_MAX_CHARS, TRANSCRIPT_MAX_CHARS } from '#contract/limits.js';
import { createUsersRepository } from '../identity/users-repository.js';
import {
  createIdea,
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  useTestApp,
} from '../../test-support/api.js';
import { forEachDialect } from '../../test-support/databases.js';

interface IdeaBody {
  id: string;
  content: string;
  format: string;
  category: string;
  transcript: string | null;
  userId: string | null;
  createdAt: string;
}
interface IdeaListBody {
  items: IdeaBody[];
  total: number;
  nextCursor: string | null;
}

const IDEA_KEYS = [
  'category',
  'content',
  'createdAt',
  'format',
  'id',
  'recordingId',
  'transcript',
  'userId',
];

function guestScope(guestId = newGuestId()) {
  return { guestId, headers: guestHeaders(guestId), url: '/api/guest-ideas' as const };
}

async function list(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<IdeaListBody> {
  const response = await app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IdeaListBody>();
}

forEachDialect((dialect) => {
  describe('ideas', () => {
    const ctx = useTestApp(dialect);

    describe('signed-in only under /api/ideas', () => {
      it.each([
        ['GET', '/api/ideas'],
        ['POST', '/api/ideas'],
        ['PUT', '/api/ideas/01ARZ3NDEKTSV4RRFFQ69G5FAV'],
        ['DELETE', '/api/ideas/01ARZ3NDEKTSV4RRFFQ69G5FAV'],
        ['DELETE', '/api/ideas/all'],
        ['GET', '/api/ideas/export'],
      ] as const)('%s %s answers 401 to a guest', async (method, url) => {
        const response = await ctx().app.inject({
          method,
          url,
          headers: guestHeaders(newGuestId()),
          ...(method === 'POST' || method === 'PUT'
            ? { payload: { content: 'x', format: 'tweet', category: 'work' } }
            : {}),
        });
        expectApiError(response, 401, 'not_authenticated');
      });
    });

    describe('guest routes need a valid X-Guest-Id', () => {
      const badIds = [
        undefined,
        '',
        'guest_short',
        'user_abcdefghijk',
        `guest_${'a'.repeat(65)}`,
        'guest_abc def ghi',
        'guest_abcdefgh;drop',
      ];
      const routes = [
        ['GET', '/api/guest-ideas'],
        ['POST', '/api/guest-ideas'],
        ['PUT', '/api/guest-ideas/01ARZ3NDEKTSV4RRFFQ69G5FAV'],
        ['DELETE', '/api/guest-ideas/01ARZ3NDEKTSV4RRFFQ69G5FAV'],
        ['POST', '/api/guest-ideas/clear'],
        ['DELETE', '/api/guest-data'],
        ['GET', '/api/guest-ideas/export'],
      ] as const;
      it.each(routes)('%s %s answers 400 invalid_guest_id', async (method, url) => {
        for (const guestId of badIds) {
          const response = await ctx().app.inject({
            method,
            url,
            headers: guestId === undefined ? {} : { 'x-guest-id': guestId },
            ...(method === 'POST' || method === 'PUT'
              ? { payload: { content: 'x', format: 'tweet', category: 'work' } }
              : {}),
          });
          const body = expectApiError(response, 400, 'invalid_guest_id');
          expect(body.message).toContain('X-Guest-Id');
        }
      });
    });

    describe('create', () => {
      it('answers 201 with exactly the Idea fields, owned by the session whatever the body says', async () => {
        const user = await registerUser(ctx().app);
        const other = await registerUser(ctx().app);
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/ideas',
          headers: user.headers,
          payload: {
            content: 'Ship the beta',
            format: 'checklist',
            category: 'work',
            transcript: 'checklist work ship the beta',
            userId: other.id,
            id: 'chosen-id',
            plan: 'pro',
            createdAt: '2000-01-01T00:00:00.000Z',
          },
        });
        expect(response.statusCode).toBe(201);
        const idea = response.json<IdeaBody>();
        expect(Object.keys(idea).sort()).toEqual(IDEA_KEYS);
        expect(idea).toMatchObject({
          content: 'Ship the beta',
          format: 'checklist',
          category: 'work',
          transcript: 'checklist work ship the beta',
          userId: user.id,
        });
        expect(idea.id).not.toBe('chosen-id');
        expect(new Date(idea.createdAt).toISOString()).toBe(idea.createdAt);
        expect(idea.createdAt.startsWith('2000')).toBe(false);
        expect((await list(ctx().app, '/api/ideas', other.headers)).total).toBe(0);
      });

      it('files a guest idea under the header guest, not the body guestId', async () => {
        const owner = guestScope();
        const victim = guestScope();
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/guest-ideas',
          headers: owner.headers,
          payload: {
            content: 'mine',
            format: 'tweet',
            category: 'personal',
            guestId: victim.guestId,
          },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json<IdeaBody>()).toMatchObject({ userId: null, transcript: null });
        expect((await list(ctx().app, '/api/guest-ideas', owner.headers)).total).toBe(1);
        expect((await list(ctx().app, '/api/guest-ideas', victim.headers)).total).toBe(0);
      });

      const valid = { content: 'fine', format: 'tweet', category: 'work' };
      it.each([
        ['missing content', { format: 'tweet', category: 'work' }, 'body.content'],
        ['empty content', { ...valid, content: '' }, 'body.content'],
        ['blank content', { ...valid, content: '   ' }, 'body.content'],
        [
          'oversize content',
          { ...valid, content: 'x'.repeat(IDEA_CONTENT_MAX_CHARS + 1) },
          'body.content',
        ],
        ['numeric content', { ...valid, content: 42 }, 'body.content'],
        [
          'oversize transcript',
          { ...valid, transcript: 'x'.repeat(TRANSCRIPT_MAX_CHARS + 1) },
          'body.transcript',
        ],
        ['numeric transcript', { ...valid, transcript: 7 }, 'body.transcript'],
        ['unknown format', { ...valid, format: 'tweets' }, 'body.format'],
        ['missing format', { ...valid, format: undefined }, 'body.format'],
        ['unknown category', { ...valid, category: 'work ' }, 'body.category'],
        ['null category', { ...valid, category: null }, 'body.category'],
        ['an array body', [valid], 'body'],
        ['a string body', 'just text', 'body'],
      ])(
        'refuses %s with 400 naming the field and writes nothing',
        async (_label, payload, field) => {
          const guest = guestScope();
          const response = await ctx().app.inject({
            method: 'POST',
            url: '/api/guest-ideas',
            headers: { ...guest.headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          const body = expectApiError(response, 400, 'invalid_input');
          expect(body.message).toContain(field);
          expect((await list(ctx().app, '/api/guest-ideas', guest.headers)).total).toBe(0);
          const usage = await ctx().app.inject({ url: '/api/usage', headers: guest.headers });
          expect(usage.json<{ usedThisMonth: number }>().usedThisMonth).toBe(0);
        },
      );

      it('keeps content at exactly the limit', async () => {
        const guest = guestScope();
        const idea = await createIdea(ctx().app, guest, {
          content: 'y'.repeat(IDEA_CONTENT_MAX_CHARS),
        });
        expect(idea.content).toHaveLength(IDEA_CONTENT_MAX_CHARS);
      });

      it('answers 413 to a body over 64 KiB and 400 to malformed JSON, writing nothing', async () => {
        const guest = guestScope();
        const tooBig = await ctx().app.inject({
          method: 'POST',
          url: '/api/guest-ideas',
          headers: guest.headers,
          payload: { content: 'x', format: 'tweet', category: 'work', padding: 'p'.repeat(66_000) },
        });
        expectApiError(tooBig, 413, 'payload_too_large');
        for (const raw of ['{"content": "x",', '{content: x}', 'nul', '{"__proto__": {"a": 1}}']) {
          const malformed = await ctx().app.inject({
            method: 'POST',
            url: '/api/guest-ideas',
            headers: { ...guest.headers, 'content-type': 'application/json' },
            payload: raw,
          });
          expectApiError(malformed, 400, 'invalid_json');
        }
        expect((await list(ctx().app, '/api/guest-ideas', guest.headers)).total).toBe(0);
      });
    });

    describe('another owner’s idea is a 404 exactly like a missing one', () => {
      it('for PUT and DELETE, across users and guests, and leaves the idea untouched', async () => {
        const owner = await registerUser(ctx().app);
        const intruder = await registerUser(ctx().app);
        const guest = guestScope();
        const idea = await createIdea(
          ctx().app,
          { headers: owner.headers, url: '/api/ideas' },
          { content: 'private plan' },
        );
        const missing = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

        const attempts = [
          { url: `/api/ideas/${idea.id}`, headers: intruder.headers },
          { url: `/api/guest-ideas/${idea.id}`, headers: guest.headers },
          // The owner's session does not reach its idea through the guest routes either.
          { url: `/api/guest-ideas/${idea.id}`, headers: { ...owner.headers, ...guest.headers } },
        ];
        const missingPut = await ctx().app.inject({
          method: 'PUT',
          url: `/api/ideas/${missing}`,
          headers: intruder.headers,
          payload: { content: 'x' },
        });
        const expected = expectApiError(missingPut, 404, 'not_found');
        for (const attempt of attempts) {
          const put = await ctx().app.inject({
            method: 'PUT',
            ...attempt,
            payload: { content: 'hijacked' },
          });
          expect(expectApiError(put, 404, 'not_found')).toEqual(expected);
          const del = await ctx().app.inject({ method: 'DELETE', ...attempt });
          expect(expectApiError(del, 404, 'not_found')).toEqual(expected);
        }
        const still = await list(ctx().app, '/api/ideas', owner.headers);
        expect(still.items.map((i) => i.content)).toEqual(['private plan']);
      });
    });

    describe('update and delete', () => {
      it('PUT changes the content only and answers the Idea', async () => {
        const user = await registerUser(ctx().app);
        const idea = await createIdea(
          ctx().app,
          { headers: user.headers, url: '/api/ideas' },
          { content: 'draft', format: 'pitch', category: 'creative', transcript: 'spoken' },
        );
        const response = await ctx().app.inject({
          method: 'PUT',
          url: `/api/ideas/${idea.id}`,
          headers: user.headers,
          payload: { content: 'final', format: 'tweet', userId: 'someone', id: 'other' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          ...idea,
          content: 'final',
          format: 'pitch',
          category: 'creative',
          transcript: 'spoken',
        });
      });

      it('PUT takes the words of a recording transcribed again with the new content', async () => {
        const guest = guestScope();
        const idea = await createIdea(ctx().app, guest, { content: 'old', transcript: 'misheard' });
        const response = await ctx().app.inject({
          method: 'PUT',
          url: `/api/guest-ideas/${idea.id}`,
          headers: guest.headers,
          payload: { content: 'new', transcript: 'heard right' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ content: 'new', transcript: 'heard right' });
        const tooLong = await ctx().app.inject({
          method: 'PUT',
          url: `/api/guest-ideas/${idea.id}`,
          headers: guest.headers,
          payload: { content: 'newer', transcript: 'x'.repeat(TRANSCRIPT_MAX_CHARS + 1) },
        });
        expect(expectApiError(tooLong, 400, 'invalid_input').message).toContain('transcript');
        const { items } = await list(ctx().app, '/api/guest-ideas', guest.headers);
        expect(items[0]).toMatchObject({ content: 'new', transcript: 'heard right' });
      });

      it('PUT refuses empty or oversize content with 400 and keeps the old content', async () => {
        const guest = guestScope();
        const idea = await createIdea(ctx().app, guest, { content: 'keep me' });
        for (const content of ['', ' ', 'x'.repeat(IDEA_CONTENT_MAX_CHARS + 1), 5]) {
          const response = await ctx().app.inject({
            method: 'PUT',
            url: `/api/guest-ideas/${idea.id}`,
            headers: guest.headers,
            payload: { content },
          });
          expect(expectApiError(response, 400, 'invalid_input').message).toContain('body.content');
        }
        const { items } = await list(ctx().app, '/api/guest-ideas', guest.headers);
        expect(items[0]?.content).toBe('keep me');
      });

      it('DELETE answers 204, then 404', async () => {
        const guest = guestScope();
        const idea = await createIdea(ctx().app, guest);
        const first = await ctx().app.inject({
          method: 'DELETE',
          url: `/api/guest-ideas/${idea.id}`,
          headers: guest.headers,
        });
        expect(first.statusCode).toBe(204);
        expect(first.body).toBe('');
        const second = await ctx().app.inject({
          method: 'DELETE',
          url: `/api/guest-ideas/${idea.id}`,
          headers: guest.headers,
        });
        expectApiError(second, 404, 'not_found');
      });

      it('refuses an id holding U+0000 with 400 on PUT, DELETE and reformat (PostgreSQL cannot compare it)', async () => {
        const guest = guestScope();
        await createIdea(ctx().app, guest);
        for (const [method, url] of [
          ['PUT', '/api/guest-ideas/a%00b'],
          ['DELETE', '/api/guest-ideas/%00'],
          ['POST', '/api/guest-ideas/a%00/reformat'],
        ] as const) {
          const response = await ctx().app.inject({
            method,
            url,
            headers: guest.headers,
            ...(method === 'DELETE' ? {} : { payload: { content: 'new words' } }),
          });
          expect(expectApiError(response, 400, 'invalid_input').message).toContain(
            'path.id: id must not contain U+0000',
          );
        }
      });

      it('DELETE /api/ideas/all removes every idea of the user only (not taken for an id)', async () => {
        const user = await registerUser(ctx().app);
        const other = await registerUser(ctx().app);
        for (let i = 0; i < 3; i += 1) {
          await createIdea(ctx().app, { headers: user.headers, url: '/api/ideas' });
        }
        await createIdea(ctx().app, { headers: other.headers, url: '/api/ideas' });
        const response = await ctx().app.inject({
          method: 'DELETE',
          url: '/api/ideas/all',
          headers: user.headers,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ deletedCount: 3 });
        expect((await list(ctx().app, '/api/ideas', user.headers)).total).toBe(0);
        expect((await list(ctx().app, '/api/ideas', other.headers)).total).toBe(1);
      });

      it('POST /api/guest-ideas/clear and DELETE /api/guest-data remove that guest ideas only', async () => {
        const guest = guestScope();
        const neighbour = guestScope();
        await createIdea(ctx().app, guest);
        await createIdea(ctx().app, guest);
        await createIdea(ctx().app, neighbour);

        const cleared = await ctx().app.inject({
          method: 'POST',
          url: '/api/guest-ideas/clear',
          headers: guest.headers,
        });
        expect(cleared.json()).toEqual({ deletedCount: 2 });
        await createIdea(ctx().app, guest);
        const wiped = await ctx().app.inject({
          method: 'DELETE',
          url: '/api/guest-data',
          headers: guest.headers,
        });
        expect(wiped.json()).toEqual({ deletedCount: 1 });
        expect((await list(ctx().app, '/api/guest-ideas', guest.headers)).total).toBe(0);
        expect((await list(ctx().app, '/api/guest-ideas', neighbour.headers)).total).toBe(1);
      });
    });

    describe('listing', () => {
      it('walks every idea exactly once, newest first, with total on every page', async () => {
        const guest = guestScope();
        const created: string[] = [];
        for (let i = 0; i < 7; i += 1) {
          created.push((await createIdea(ctx().app, guest, { content: `idea ${i}` })).id);
        }
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
          const page = await list(ctx().app, `/api/guest-ideas?limit=3${query}`, guest.headers);
          expect(page.total).toBe(7);
          expect(page.items.length).toBeLessThanOrEqual(3);
          seen.push(...page.items.map((idea) => idea.id));
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor !== null && pages < 10);
        expect(pages).toBe(3);
        expect(seen).toEqual([...created].reverse());
      });

      it('defaults to 50 per page', async () => {
        const user = await registerUser(ctx().app);
        await createUsersRepository(ctx().database).updatePlan(user.id, 'pro');
        for (let i = 0; i < 51; i += 1) await createIdeaQuietly(ctx().app, user.headers);
        const page = await list(ctx().app, '/api/ideas', user.headers);
        expect(page.items).toHaveLength(50);
        expect(page.total).toBe(51);
        expect(page.nextCursor).not.toBeNull();
      });

      it.each([
        ['limit=0', 'query.limit'],
        ['limit=201', 'query.limit'],
        ['limit=abc', 'query.limit'],
        ['limit=2.5', 'query.limit'],
        ['category=food', 'query.category'],
        ['format=poem', 'query.format'],
        ['q=<201 characters>', 'query.q'],
        ['cursor=not-a-cursor', 'query.cursor'],
      ])('refuses %s with 400 naming %s', async (query, field) => {
        const response = await ctx().app.inject({
          url: `/api/guest-ideas?${query.replace('<201 characters>', 'q'.repeat(201))}`,
          headers: guestHeaders(newGuestId()),
        });
        expect(expectApiError(response, 400, 'invalid_input').message).toContain(field);
      });

      it('filters by category', async () => {
        const guest = guestScope();
        await createIdea(ctx().app, guest, { category: 'work' });
        await createIdea(ctx().app, guest, { category: 'creative', content: 'paint' });
        const page = await list(ctx().app, '/api/guest-ideas?category=creative', guest.headers);
        expect(page.items.map((i) => i.content)).toEqual(['paint']);
        expect(page.total).toBe(1);
      });

      it('filters by format, alone and with a category', async () => {
        const guest = guestScope();
        await createIdea(ctx().app, guest, { format: 'tweet', content: 'short thought' });
        await createIdea(ctx().app, guest, { format: 'checklist', content: 'pack the car' });
        await createIdea(ctx().app, guest, {
          format: 'checklist',
          category: 'creative',
          content: 'sketch the mural',
        });
        const checklists = await list(
          ctx().app,
          '/api/guest-ideas?format=checklist',
          guest.headers,
        );
        expect(checklists.items.map((i) => i.content)).toEqual([
          'sketch the mural',
          'pack the car',
        ]);
        expect(checklists.total).toBe(2);
        const both = await list(
          ctx().app,
          '/api/guest-ideas?format=checklist&category=creative',
          guest.headers,
        );
        expect(both.items.map((i) => i.content)).toEqual(['sketch the mural']);
        expect(both.total).toBe(1);
      });

      it('searches content, transcript, format and category case-insensitively, % and _ literally', async () => {
        const user = await registerUser(ctx().app);
        const scope = { headers: user.headers, url: '/api/ideas' as const };
        await createIdea(ctx().app, scope, {
          content: 'Buy 100% organic milk',
          category: 'personal',
        });
        await createIdea(ctx().app, scope, {
          content: 'rename snake_case fields',
          format: 'checklist',
        });
        await createIdea(ctx().app, scope, {
          content: 'Pitch deck',
          format: 'pitch',
          category: 'creative',
          transcript: 'A ZEBRA crossing',
        });
        const search = async (q: string) =>
          (await list(ctx().app, `/api/ideas?q=${encodeURIComponent(q)}`, user.headers)).items.map(
            (i) => i.content,
          );

        expect(await search('100%')).toEqual(['Buy 100% organic milk']);
        expect(await search('%')).toEqual(['Buy 100% organic milk']);
        expect(await search('_')).toEqual(['rename snake_case fields']);
        expect(await search('zebra')).toEqual(['Pitch deck']);
        expect(await search('ORGANIC')).toEqual(['Buy 100% organic milk']);
        expect(await search('checklist')).toEqual(['rename snake_case fields']);
        expect(await search('creative')).toEqual(['Pitch deck']);
        expect(await search('ze')).toEqual(['Pitch deck']);
        expect(await search('no such words')).toEqual([]);
        expect((await list(ctx().app, '/api/ideas?q=', user.headers)).total).toBe(3);
      });
    });

    describe('export', () => {
      it('downloads the ideas as JSON by default, as Markdown, and as RFC 4180 CSV', async () => {
        const user = await registerUser(ctx().app);
        const scope = { headers: user.headers, url: '/api/ideas' as const };
        await createIdea(ctx().app, scope, {
          content: 'Line one\nsaid "hi", then left',
          transcript: 'spoken, with a comma',
        });
        await createIdea(ctx().app, scope, {
          content: 'plain',
          format: 'pitch',
          category: 'creative',
        });

        const json = await ctx().app.inject({ url: '/api/ideas/export', headers: user.headers });
        expect(json.statusCode).toBe(200);
        expect(json.headers['content-type']).toMatch(/^application\/json/);
        expect(json.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.json"$/);
        const ideas = json.json<IdeaBody[]>();
        expect(ideas).toHaveLength(2);
        expect(ideas.every((idea) => Object.keys(idea).sort().join() === IDEA_KEYS.join())).toBe(
          true,
        );

        const markdown = await ctx().app.inject({
          url: '/api/ideas/export?format=markdown',
          headers: user.headers,
        });
        expect(markdown.headers['content-type']).toMatch(/^text\/markdown/);
        expect(markdown.headers['content-disposition']).toMatch(/^attachment; filename=".+\.md"$/);
        expect(markdown.body).toContain('plain');
        expect(markdown.body).toContain('Pitch · Creative');

        const csv = await ctx().app.inject({
          url: '/api/ideas/export?format=csv',
          headers: user.headers,
        });
        expect(csv.headers['content-type']).toMatch(/^text\/csv/);
        expect(csv.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
        const [header, ...records] = csv.body.split('\r\n');
        expect(header).toBe('id,createdAt,format,category,content,transcript');
        expect(csv.body.endsWith('\r\n')).toBe(true);
        const quoted = ideas.find((idea) => idea.content.startsWith('Line one'));
        expect(csv.body).toContain(
          `${quoted?.id},${quoted?.createdAt},tweet,work,"Line one\nsaid ""hi"", then left","spoken, with a comma"\r\n`,
        );
        const plain = ideas.find((idea) => idea.content === 'plain');
        expect(records).toContain(`${plain?.id},${plain?.createdAt},pitch,creative,plain,`);
      });

      it('exports a guest ideas only, and refuses an unknown format with 400', async () => {
        const guest = guestScope();
        await createIdea(ctx().app, guest, { content: 'guest thought' });
        await createIdea(ctx().app, guestScope(), { content: 'someone else' });
        const response = await ctx().app.inject({
          url: '/api/guest-ideas/export?format=json',
          headers: guest.headers,
        });
        expect(response.json<IdeaBody[]>().map((i) => i.content)).toEqual(['guest thought']);
        const bad = await ctx().app.inject({
          url: '/api/guest-ideas/export?format=pdf',
          headers: guest.headers,
        });
        expect(expectApiError(bad, 400, 'invalid_input').message).toContain('query.format');
      });
    });

    describe('quota', () => {
      it('with 1 unit left, 20 parallel creates give exactly one 201 and nineteen 402', async () => {
        const guest = guestScope();
        for (let i = 0; i < 9; i += 1) await createIdea(ctx().app, guest);
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            ctx().app.inject({
              method: 'POST',
              url: '/api/guest-ideas',
              headers: guest.headers,
              payload: { content: `race ${i}`, format: 'tweet', category: 'work' },
            }),
          ),
        );
        const statuses = responses.map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 201)).toHaveLength(1);
        expect(statuses.filter((s) => s === 402)).toHaveLength(19);
        for (const refused of responses.filter((r) => r.statusCode === 402)) {
          expectApiError(refused, 402, 'quota_exceeded');
        }
        expect((await list(ctx().app, '/api/guest-ideas', guest.headers)).total).toBe(10);
        const usage = await ctx().app.inject({ url: '/api/usage', headers: guest.headers });
        expect(usage.json()).toMatchObject({ usedThisMonth: 10, monthlyLimit: 10 });
      });

      it('the same race for a signed-in free user', async () => {
        const user = await registerUser(ctx().app);
        const scope = { headers: user.headers, url: '/api/ideas' as const };
        for (let i = 0; i < 9; i += 1) await createIdea(ctx().app, scope);
        const responses = await Promise.all(
          Array.from({ length: 20 }, () =>
            ctx().app.inject({
              method: 'POST',
              url: '/api/ideas',
              headers: user.headers,
              payload: { content: 'race', format: 'tweet', category: 'work' },
            }),
          ),
        );
        expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
        expect(responses.filter((r) => r.statusCode === 402)).toHaveLength(19);
      });

      it('deleting does not give the unit back; Pro is unlimited', async () => {
        const user = await registerUser(ctx().app);
        const scope = { headers: user.headers, url: '/api/ideas' as const };
        for (let i = 0; i < 10; i += 1) await createIdea(ctx().app, scope);
        await ctx().app.inject({ method: 'DELETE', url: '/api/ideas/all', headers: user.headers });
        const refused = await ctx().app.inject({
          method: 'POST',
          url: '/api/ideas',
          headers: user.headers,
          payload: { content: 'one more', format: 'tweet', category: 'work' },
        });
        expectApiError(refused, 402, 'quota_exceeded');

        await createUsersRepository(ctx().database).updatePlan(user.id, 'pro');
        for (let i = 0; i < 3; i += 1) await createIdea(ctx().app, scope);
        const usage = await ctx().app.inject({ url: '/api/usage', headers: user.headers });
        expect(usage.json()).toMatchObject({ usedThisMonth: 13, monthlyLimit: null });
      });
    });
  });
});

async function createIdeaQuietly(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ideas',
    headers,
    payload: { content: 'bulk', format: 'tweet', category: 'work' },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
}
