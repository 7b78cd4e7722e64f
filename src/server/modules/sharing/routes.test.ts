import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createIdea,
  createTestApp,
  closeTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  useTestApp,
} from '../../test-support/api.js';
import { forEachDialect } from '../../test-support/databases.js';

const PUBLIC_URL = 'https://ideas.example.com';
const LINK = /^https:\/\/ideas\.example\.com\/s\/([A-Za-z0-9_-]{22})$/;

function guest() {
  const headers = guestHeaders(newGuestId());
  return { headers, url: '/api/guest-ideas' as const };
}

async function share(
  app: FastifyInstance,
  scope: { headers: Record<string, string>; url: string },
  id: string,
): Promise<{ url: string; token: string; path: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `${scope.url}/${id}/share`,
    headers: scope.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  expect(Object.keys(response.json<object>())).toEqual(['url']);
  const token = LINK.exec(url)?.[1];
  if (token === undefined) throw new Error(`not a share link: ${url}`);
  return { url, token, path: `/s/${token}` };
}

function expectNotFoundPage(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(response.body).toContain('This link does not work');
}

forEachDialect((dialect) => {
  describe('share links', () => {
    const ctx = useTestApp(dialect, { env: { PUBLIC_URL } });

    it('gives a public link under PUBLIC_URL, the same one each time while it lives', async () => {
      const { app } = ctx();
      const user = await registerUser(app);
      const scope = { headers: user.headers, url: '/api/ideas' as const };
      const idea = await createIdea(app, scope);
      const first = await share(app, scope, idea.id);
      const second = await share(app, scope, idea.id);
      expect(second.url).toBe(first.url);
    });

    it('agrees on one link when two first shares race', async () => {
      const { app } = ctx();
      const scope = guest();
      const idea = await createIdea(app, scope);
      const links = await Promise.all([1, 2, 3].map(() => share(app, scope, idea.id)));
      expect(new Set(links.map((link) => link.url)).size).toBe(1);
      expect((await app.inject(links[0]?.path ?? '')).statusCode).toBe(200);
    });

    it('shows the content, format and category, never the owner or the transcript', async () => {
      const { app } = ctx();
      const user = await registerUser(app);
      const scope = { headers: user.headers, url: '/api/ideas' as const };
      const idea = await createIdea(app, scope, {
        content: 'Pack list <script>alert(1)</script>\n- [x] Tent & poles\n- [ ] "Stove"',
        format: 'checklist',
        category: 'personal',
        transcript: 'secret words only the owner heard',
      });
      const link = await share(app, scope, idea.id);
      const page = await app.inject(link.path);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Pack list &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.body).toContain('Tent &amp; poles');
      expect(page.body).toContain('&quot;Stove&quot;');
      expect(page.body).toContain('1 of 2 done');
      expect(page.body).toContain('>Checklist<');
      expect(page.body).toContain('>Personal<');
      expect(page.body).not.toMatch(/<script/i);
      expect(page.body).not.toContain('secret words');
      expect(page.body).not.toContain(user.email);
      expect(page.body).not.toContain(user.id);
      expect(page.body).not.toContain(idea.id);
    });

    it('is marked noindex, carries Open Graph tags and a CSP that lets nothing run', async () => {
      const { app } = ctx();
      const scope = guest();
      const idea = await createIdea(app, scope, { content: 'Bikes for the whole office' });
      const link = await share(app, scope, idea.id);
      const page = await app.inject(link.path);
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(page.body).toContain(
        '<meta property="og:title" content="Bikes for the whole office">',
      );
      expect(page.body).toContain(`<meta property="og:url" content="${link.url}">`);
      expect(page.body).toContain('<meta property="og:description"');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toMatch(/script-src|unsafe-inline|'self'/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain('prefers-color-scheme:dark');
    });

    it('answers a guessed or malformed token with the 404 page', async () => {
      const { app } = ctx();
      const scope = guest();
      const idea = await createIdea(app, scope);
      const link = await share(app, scope, idea.id);
      const guessed = `${link.token.slice(0, 21)}${link.token.endsWith('A') ? 'B' : 'A'}`;
      expectNotFoundPage(await app.inject(`/s/${guessed}`));
      expectNotFoundPage(await app.inject('/s/not-a-token'));
      expectNotFoundPage(await app.inject(`/s/${'A'.repeat(60)}`));
      // Past the router's longest parameter, and with more path after a token.
      expectNotFoundPage(await app.inject(`/s/${'A'.repeat(300)}`));
      expectNotFoundPage(await app.inject(`/s/${link.token}/more`));
    });

    it('stops at once when revoked, and a new share is a new link', async () => {
      const { app } = ctx();
      const user = await registerUser(app);
      const scope = { headers: user.headers, url: '/api/ideas' as const };
      const idea = await createIdea(app, scope);
      const link = await share(app, scope, idea.id);
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/ideas/${idea.id}/share`,
        headers: user.headers,
      });
      expect(revoked.statusCode).toBe(204);
      expectNotFoundPage(await app.inject(link.path));
      const again = await share(app, scope, idea.id);
      expect(again.url).not.toBe(link.url);
      expectNotFoundPage(await app.inject(link.path));
      expect((await app.inject(again.path)).statusCode).toBe(200);
    });

    it('goes with the idea when the idea is deleted', async () => {
      const { app, database } = ctx();
      const scope = guest();
      const idea = await createIdea(app, scope);
      const link = await share(app, scope, idea.id);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/guest-ideas/${idea.id}`,
        headers: scope.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expectNotFoundPage(await app.inject(link.path));
      const rows = await database.db
        .selectFrom('share_links')
        .select('idea_id')
        .where('idea_id', '=', idea.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it("refuses another owner's idea as a missing one, and leaves its link alone", async () => {
      const { app } = ctx();
      const owner = await registerUser(app);
      const other = await registerUser(app);
      const ownerScope = { headers: owner.headers, url: '/api/ideas' as const };
      const idea = await createIdea(app, ownerScope);
      const link = await share(app, ownerScope, idea.id);
      const stranger = guest();
      for (const [url, headers] of [
        [`/api/ideas/${idea.id}/share`, other.headers],
        [`/api/guest-ideas/${idea.id}/share`, stranger.headers],
      ] as const) {
        for (const method of ['POST', 'DELETE'] as const) {
          expectApiError(await app.inject({ method, url, headers }), 404, 'not_found');
        }
      }
      expect((await app.inject(link.path)).statusCode).toBe(200);
      expectApiError(
        await app.inject({
          method: 'POST',
          url: '/api/ideas/no-such-idea/share',
          headers: owner.headers,
        }),
        404,
        'not_found',
      );
    });

    it('needs a session under /api/ideas and a guest id under /api/guest-ideas', async () => {
      const { app } = ctx();
      expectApiError(
        await app.inject({ method: 'POST', url: '/api/ideas/x/share' }),
        401,
        'not_authenticated',
      );
      expect(
        (await app.inject({ method: 'POST', url: '/api/guest-ideas/x/share' })).statusCode,
      ).toBe(400);
    });

    it('stores neither the token nor the link, only its hash', async () => {
      const { app, database } = ctx();
      const scope = guest();
      const idea = await createIdea(app, scope);
      const link = await share(app, scope, idea.id);
      const rows = await database.db.selectFrom('share_links').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(link.token);
    });
  });

  describe('share links under another SHARE_LINK_SECRET', () => {
    it('hands out a new link, and the old one stops', async () => {
      const first = await createTestApp(dialect, {
        env: { PUBLIC_URL, SHARE_LINK_SECRET: 'a'.repeat(40) },
      });
      try {
        const scope = guest();
        const idea = await createIdea(first.app, scope);
        const before = await share(first.app, scope, idea.id);
        const config = await import('../../config.js');
        const { buildApp } = await import('../../app.js');
        const second = await buildApp(
          config.testConfig({
            PUBLIC_URL,
            SHARE_LINK_SECRET: 'b'.repeat(40),
            TRANSCRIBE_ENGINE: 'none',
          }),
          { database: first.database, recordingQueue: false },
        );
        try {
          const after = await share(second, scope, idea.id);
          expect(after.url).not.toBe(before.url);
          expectNotFoundPage(await second.inject(before.path));
          expect((await second.inject(after.path)).statusCode).toBe(200);
        } finally {
          await second.close();
        }
      } finally {
        await closeTestApp(first);
      }
    });
  });
});
