/**
 * What the server writes can be saved as it is (docs/api.md, POST /api/format): a tweet holds at
 * most 1,400 characters in every language, and a checklist or pitch of the longest transcript at
 * most what an idea's content holds, cut at a whole item or sentence with a note saying so.
 */
import { describe, expect, it } from 'vitest';
import { IDEA_CONTENT_MAX_CHARS, TRANSCRIPT_MAX_CHARS } from '#contract/limits.js';
import { TWEET_LONGEST_CHARS } from '#contract/taxonomy.js';
import { guestHeaders, newGuestId, useTestApp } from '#server/test-support/api.js';

describe('formatted ideas', () => {
  const testApp = useTestApp('sqlite', { env: { RATE_LIMIT_AI_PER_MIN: '1000' } });

  async function formatted(transcript: string, format: string) {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/format',
      payload: { transcript, format, category: 'work', mode: 'reliable' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ formatted: string; notes: string[] }>();
  }

  it('keep a tweet within 1,400 characters, in a language the rules only tidy too', async () => {
    const french = 'problème : x solution : y '.repeat(700).slice(0, TRANSCRIPT_MAX_CHARS);
    const english = 'We tried the new rota and it worked better than anyone thought. '.repeat(300);
    for (const transcript of [french, english.slice(0, TRANSCRIPT_MAX_CHARS)]) {
      const tweet = await formatted(transcript, 'tweet');
      expect(tweet.formatted.length).toBeLessThanOrEqual(TWEET_LONGEST_CHARS);
      expect(tweet.formatted.length).toBeGreaterThan(TWEET_LONGEST_CHARS / 2);
    }
  });

  it('keep a checklist or a pitch of the longest transcript savable, cut at a whole item', async () => {
    const tasks = Array.from({ length: 2_000 }, (_, i) => `ring supplier number ${i + 1}`);
    const transcript = tasks.join(' and ').slice(0, TRANSCRIPT_MAX_CHARS);
    for (const format of ['checklist', 'pitch']) {
      const idea = await formatted(transcript, format);
      expect(idea.formatted.length, format).toBeLessThanOrEqual(IDEA_CONTENT_MAX_CHARS);
      expect(idea.notes.join(' ')).toMatch(/the transcript keeps every word/);
      if (format === 'checklist') expect(idea.formatted.split('\n').at(-1)).toMatch(/\d$/);
      const saved = await testApp().app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guestHeaders(newGuestId()),
        payload: { content: idea.formatted, format, category: 'work', transcript },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
  });
});
