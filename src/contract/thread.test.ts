import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TWEET_MAX_CHARS } from './taxonomy.js';
import { isThread, sharedText, threadPosts, threadText } from './thread.js';

const chars = (text: string) => Array.from(text).length;
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');
/** A post's words without its " 2/3" numbering. */
const unnumbered = (post: string) => post.replace(/ \d+\/\d+$/, '');

/** A sentence of 111 characters (two fit a post, three do not), numbered to tell them apart. */
function sentence(n: number): string {
  return `Sentence ${n} says that the morning standup should be shorter, start on time and end before ten every working day.`;
}

describe('a tweet as a thread', () => {
  it('leaves a tweet of up to 280 characters as one post, unchanged', () => {
    const exactly = 'a'.repeat(TWEET_MAX_CHARS - 1) + '.';
    expect(threadPosts(exactly)).toEqual([exactly]);
    expect(threadPosts('Ship it on Friday. #shipping')).toEqual(['Ship it on Friday. #shipping']);
    expect(isThread(exactly)).toBe(false);
    expect(threadText(exactly)).toBe(exactly);
  });

  it('counts an emoji as one character, as X does', () => {
    const emoji = '🎉'.repeat(TWEET_MAX_CHARS);
    expect(emoji.length).toBe(2 * TWEET_MAX_CHARS);
    expect(isThread(emoji)).toBe(false);
  });

  it('numbers the posts of a longer tweet " 1/3" and cuts at sentence ends', () => {
    const tweet = [1, 2, 3, 4, 5, 6].map(sentence).join(' ');
    const posts = threadPosts(tweet);
    expect(posts).toHaveLength(3);
    expect(posts[0]).toBe(`${sentence(1)} ${sentence(2)} 1/3`);
    expect(posts[1]).toBe(`${sentence(3)} ${sentence(4)} 2/3`);
    expect(posts[2]).toBe(`${sentence(5)} ${sentence(6)} 3/3`);
  });

  it('gives the copied thread as its posts with a blank line between them', () => {
    const tweet = [1, 2, 3].map(sentence).join(' ');
    expect(threadText(tweet)).toBe(`${sentence(1)} ${sentence(2)} 1/2\n\n${sentence(3)} 2/2`);
  });

  it('makes a thread only of a tweet: a long pitch or checklist is copied as it is', () => {
    const long = [1, 2, 3].map(sentence).join(' ');
    expect(sharedText('tweet', long)).toBe(threadText(long));
    expect(sharedText('pitch', long)).toBe(long);
    expect(sharedText('checklist', long)).toBe(long);
  });

  it('does not end a sentence at an abbreviation or a number said on after it', () => {
    const tweet = `${sentence(1)} ${sentence(2)} Bring snacks e.g. fruit, and rate the talk 4.5 out of five. ${sentence(4)}`;
    const posts = threadPosts(tweet).map(unnumbered);
    expect(posts[1]).toBe(
      `Bring snacks e.g. fruit, and rate the talk 4.5 out of five. ${sentence(4)}`,
    );
  });

  it('cuts a sentence longer than a post after a clause, not inside one', () => {
    const clause = 'we kept the long planning meeting on Mondays because the whole team asked';
    const long = `${[clause, clause, clause, clause].join(', ')}.`;
    const posts = threadPosts(long).map(unnumbered);
    expect(posts.length).toBeGreaterThan(1);
    expect(posts[0]).toBe(`${[clause, clause, clause].join(', ')},`);
    expect(posts[1]).toBe(`${clause}.`);
  });

  it('cuts a clause longer than a post between words, keeping URLs, hashtags and mentions whole', () => {
    const filler = Array.from({ length: 60 }, (_, i) => `word${i}`);
    filler.splice(
      40,
      0,
      'https://example.com/a/very/long/path?with=query&and=more',
      '#buildinpublic',
    );
    filler.splice(20, 0, '@someone_with_a_name');
    const tweet = filler.join(' ');
    const posts = threadPosts(tweet).map(unnumbered);
    expect(posts.length).toBeGreaterThan(1);
    for (const post of posts) {
      for (const word of words(post)) expect(filler).toContain(word);
    }
  });

  it('cuts a single word longer than a whole post, as nothing else would fit', () => {
    const url = `https://example.com/${'x'.repeat(400)}`;
    const posts = threadPosts(`Look at this. ${url}`);
    expect(posts.every((post) => chars(post) <= TWEET_MAX_CHARS)).toBe(true);
    expect(posts.map(unnumbered).join('')).toBe(`Look at this.${url}`);
  });

  it("counts a short link as 23 characters, as X does, so no post is over X's count", () => {
    const links = Array.from({ length: 40 }, (_, i) => `http://a.co/${i}`);
    const posts = threadPosts(links.join(' '));
    // 11 links of 23 and their spaces make 263, a twelfth would pass 276: by length, 19 fit.
    expect(posts[0]).toBe(`${links.slice(0, 11).join(' ')} 1/${posts.length}`);
  });

  it('makes room for two-digit numbering when the thread has ten posts or more', () => {
    const tweet = Array.from({ length: 30 }, (_, i) => sentence(i + 1)).join(' ');
    const posts = threadPosts(tweet);
    expect(posts.length).toBeGreaterThanOrEqual(10);
    expect(posts.at(-1)).toMatch(new RegExp(` ${posts.length}/${posts.length}$`));
    expect(posts.every((post) => chars(post) <= TWEET_MAX_CHARS)).toBe(true);
  });

  describe('over many generated long texts', () => {
    const word = fc.oneof(
      fc.constantFrom(
        'the',
        'meeting',
        'ship',
        'it',
        'Friday.',
        'why?',
        'now!',
        'so,',
        'and',
        '—',
        '#buildinpublic',
        '@team',
        'https://example.com/launch',
        'e.g.',
        '🎉',
        '東京',
        'café',
        '“quoted.”',
      ),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((w) => !/\s/.test(w)),
    );
    const text = fc.array(word, { minLength: 1, maxLength: 900 }).map((list) => list.join(' '));

    it('keeps every post within 280 characters, numbering included', () => {
      fc.assert(
        fc.property(text, (tweet) => {
          for (const post of threadPosts(tweet)) {
            expect(chars(post)).toBeLessThanOrEqual(TWEET_MAX_CHARS);
          }
        }),
        { numRuns: 300 },
      );
    });

    it('gives back every word in order when its posts are joined', () => {
      fc.assert(
        fc.property(text, (tweet) => {
          const posts = threadPosts(tweet);
          if (posts.length === 1) {
            expect(posts[0]).toBe(tweet);
            return;
          }
          expect(words(posts.map(unnumbered).join(' '))).toEqual(words(tweet));
        }),
        { numRuns: 300 },
      );
    });

    it('numbers the posts 1/n to n/n', () => {
      fc.assert(
        fc.property(text, (tweet) => {
          const posts = threadPosts(tweet);
          if (posts.length === 1) return;
          posts.forEach((post, index) => {
            expect(post.endsWith(` ${index + 1}/${posts.length}`)).toBe(true);
          });
        }),
        { numRuns: 300 },
      );
    });
  });
});
