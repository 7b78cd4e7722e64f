import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { createIdea, registerUser, useTestApp, type TestApp } from './test-support/api.js';
import { forEachDialect } from './test-support/databases.js';

/**
 * Whatever writes, through this server or through another connection to the same database (as
 * another server would), the next request must see it: a save, an edit, a logout, a plan change.
 * (Session expiry: modules/identity/routes.test.ts, 'sliding sessions'.)
 */

interface IdeaList {
  items: { id: string; content: string }[];
  total: number;
  nextCursor: string | null;
}

async function listing(ctx: TestApp, headers: Record<string, string>, query = 'limit=20') {
  const response = await ctx.app.inject({ url: `/api/ideas?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<IdeaList>(), raw: response };
}

/** A second, independent connection to the app's database, as another server would have. */
async function withOtherConnection(
  ctx: TestApp,
  work: (other: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
): Promise<void> {
  const other = await openDatabase(ctx.database.url, { migrate: false });
  try {
    await work(other);
  } finally {
    await other.close();
  }
}

forEachDialect((dialect) => {
  describe('reads after writes', () => {
    const ctx = useTestApp(dialect);

    it('a repeated listing is byte-identical, and changes once an idea is saved, edited or deleted', async () => {
      const user = await registerUser(ctx().app);
      const first = await createIdea(ctx().app, { headers: user.headers, url: '/api/ideas' });
      const a = await listing(ctx(), user.headers);
      const b = await listing(ctx(), user.headers);
      expect(b.raw.body).toBe(a.raw.body);
      expect(b.raw.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(b.raw.headers['content-length'])).toBe(Buffer.byteLength(b.raw.body));
      expect(a.body.items.map((idea) => idea.id)).toEqual([first.id]);

      const second = await createIdea(ctx().app, {
        headers: user.headers,
        url: '/api/ideas',
      });
      expect((await listing(ctx(), user.headers)).body.items.map((idea) => idea.id)).toEqual([
        second.id,
        first.id,
      ]);

      const edited = await ctx().app.inject({
        method: 'PUT',
        url: `/api/ideas/${first.id}`,
        headers: user.headers,
        payload: { content: 'Edited with ünïcödé ✓' },
      });
      expect(edited.statusCode).toBe(200);
      const afterEdit = await listing(ctx(), user.headers);
      expect(afterEdit.body.items[1]?.content).toBe('Edited with ünïcödé ✓');
      expect(Number(afterEdit.raw.headers['content-length'])).toBe(
        Buffer.byteLength(afterEdit.raw.body),
      );

      const deleted = await ctx().app.inject({
        method: 'DELETE',
        url: `/api/ideas/${second.id}`,
        headers: user.headers,
      });
      expect(deleted.statusCode).toBe(204);
      const afterDelete = (await listing(ctx(), user.headers)).body;
      expect(afterDelete.items.map((idea) => idea.id)).toEqual([first.id]);
      expect(afterDelete.total).toBe(1);
    });

    it('a search repeated after a matching idea is saved finds it and counts it', async () => {
      const user = await registerUser(ctx().app);
      await createIdea(
        ctx().app,
        { headers: user.headers, url: '/api/ideas' },
        { content: 'Plan the roadmap review' },
      );
      const query = 'q=roadmap&limit=5';
      const before = (await listing(ctx(), user.headers, query)).body;
      const again = (await listing(ctx(), user.headers, query)).body;
      expect(again).toEqual(before);
      const added = await createIdea(
        ctx().app,
        { headers: user.headers, url: '/api/ideas' },
        { content: 'Roadmap: ship search' },
      );
      const after = (await listing(ctx(), user.headers, query)).body;
      expect(after.total).toBe(before.total + 1);
      expect(after.items[0]?.id).toBe(added.id);
    });

    it("sees another connection's writes to ideas, sessions and plans at once", async () => {
      const user = await registerUser(ctx().app);
      const idea = await createIdea(ctx().app, { headers: user.headers, url: '/api/ideas' });
      expect((await listing(ctx(), user.headers)).body.total).toBe(1);
      const me = async () =>
        (await ctx().app.inject({ url: '/api/me', headers: user.headers })).json<{
          plan: string;
        }>();
      expect((await me()).plan).toBe('free');
      expect((await me()).plan).toBe('free');

      await withOtherConnection(ctx(), async (other) => {
        await sql`UPDATE ideas SET content = ${'Changed elsewhere'} WHERE id = ${idea.id}`.execute(
          other.db,
        );
        await sql`UPDATE users SET plan = 'pro' WHERE id = ${user.id}`.execute(other.db);
      });
      expect((await listing(ctx(), user.headers)).body.items[0]?.content).toBe('Changed elsewhere');
      expect((await me()).plan).toBe('pro');

      await withOtherConnection(ctx(), async (other) => {
        await sql`DELETE FROM sessions WHERE user_id = ${user.id}`.execute(other.db);
      });
      expect((await me()).plan).toBe('guest');
      expect(
        (await ctx().app.inject({ url: '/api/ideas', headers: user.headers })).statusCode,
      ).toBe(401);
    });

    it('ends a session at logout even though its lookup was just answered', async () => {
      const user = await registerUser(ctx().app);
      for (let i = 0; i < 2; i += 1) {
        expect((await listing(ctx(), user.headers)).body.total).toBe(0);
      }
      const logout = await ctx().app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: user.headers,
      });
      expect(logout.statusCode).toBe(204);
      expect(
        (await ctx().app.inject({ url: '/api/ideas', headers: user.headers })).statusCode,
      ).toBe(401);
    });
  });
});
