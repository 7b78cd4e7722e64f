import { TWEET_MAX_CHARS, type Format } from './taxonomy.js';

/**
 * A tweet longer than one post, as the numbered thread it is offered as (docs/product.md,
 * Threads): posts of at most 280 characters each, numbering (" 1/3") included.
 *
 * Characters are counted as code points, which is how X counts nearly all text. X counts every
 * link as 23, whatever its length; here a link (http://, https://, www.) counts as its own
 * length but never less than 23, so a post is never longer than X counts it, only at times
 * shorter. A bare domain ("example.com") counts as its length: kept simple, at the cost of a
 * few characters over X's count in a post holding short bare domains.
 *
 * Cuts fall at sentence ends; a sentence longer than a post is cut after a clause (a comma, a
 * semicolon, a colon, a dash), and a clause longer than a post between words. A word is everything between two spaces, so a URL, a #hashtag or an @mention
 * is never cut. Only a single "word" longer than a whole post (a URL of 270 characters, a
 * sentence in a script written without spaces) is cut inside, at a code point, since nothing
 * else would let it fit (such a cut may part an emoji sequence or an accent from its letter).
 */

/** Ends a sentence: a stop, possibly followed by closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;
/** Ends a clause: a comma, semicolon or colon, or a dash standing as a word of its own. */
const CLAUSE_END = /(?:[,;:，；：]["'”’)\]]*|^[—–-])$/u;
/** After a stop, a word that goes on the same sentence: "e.g. this", "rated 4. 5 of them". */
const STARTS_LOWER = /^[\p{Ll}\p{N}]/u;

/** A link as X finds one, counted at least X_LINK_CHARS. */
const LINK = /(?:https?:\/\/|www\.)\S+/giu;
const X_LINK_CHARS = 23;

function length(text: string): number {
  let count = Array.from(text).length;
  for (const [link] of text.matchAll(LINK)) {
    count += Math.max(0, X_LINK_CHARS - Array.from(link).length);
  }
  return count;
}

/** The text's words split into runs that end where `ends` says they may, in order. */
function runs(words: readonly string[], ends: (word: string, next: string | undefined) => boolean) {
  const found: string[][] = [];
  let current: string[] = [];
  for (const [index, word] of words.entries()) {
    current.push(word);
    if (ends(word, words[index + 1])) {
      found.push(current);
      current = [];
    }
  }
  if (current.length > 0) found.push(current);
  return found;
}

function sentences(words: readonly string[]): string[][] {
  return runs(
    words,
    (word, next) => SENTENCE_END.test(word) && (next === undefined || !STARTS_LOWER.test(next)),
  );
}

function clauses(words: readonly string[]): string[][] {
  return runs(words, (word) => CLAUSE_END.test(word));
}

/** A word too long for any post, in pieces of `room` code points. */
function pieces(word: string, room: number): string[] {
  const chars = Array.from(word);
  const cut: string[] = [];
  for (let start = 0; start < chars.length; start += room) {
    cut.push(chars.slice(start, start + room).join(''));
  }
  return cut;
}

/**
 * Posts' texts, without numbering, each at most `room` code points. Runs are packed greedily;
 * a run too long for a post starts a post of its own and is broken into smaller runs.
 */
function pack(text: string, room: number): string[] {
  const posts: string[] = [];
  let current = '';
  const add = (run: string) => {
    const joined = current === '' ? run : `${current} ${run}`;
    if (length(joined) <= room) {
      current = joined;
      return;
    }
    if (current !== '') posts.push(current);
    current = run;
  };
  const place = (words: readonly string[], level: 'sentence' | 'clause' | 'word') => {
    const run = words.join(' ');
    if (length(run) <= room) return add(run);
    // Too long for a post: it starts a fresh one (a cut falls at its start, a sentence end) and
    // is cut at the next smaller boundary.
    if (current !== '') posts.push(current);
    current = '';
    if (level === 'sentence') {
      for (const clause of clauses(words)) place(clause, 'clause');
    } else if (level === 'clause') {
      for (const word of words) place([word], 'word');
    } else {
      for (const piece of pieces(run, room)) add(piece);
    }
  };
  const words = text.split(/\s+/u).filter((word) => word !== '');
  for (const sentence of sentences(words)) place(sentence, 'sentence');
  if (current !== '') posts.push(current);
  return posts;
}

/** True when the tweet is longer than one post and is offered as a thread. */
export function isThread(tweet: string): boolean {
  return length(tweet.trim()) > TWEET_MAX_CHARS;
}

/** One post of a thread: its words, and its place as the numbering gives it ("2/3"). */
export interface ThreadPost {
  text: string;
  number: string;
}

/** The posts of a tweet over 280 characters; none for one that fits a single post. */
export function threadOf(tweet: string): ThreadPost[] {
  if (!isThread(tweet)) return [];
  // The numbering's width depends on how many posts there are: room is kept for " 9/9" first,
  // and for " 99/99" if that made ten or more, and so on.
  for (let digits = 1; ; digits++) {
    const numbering = 2 + 2 * digits;
    const posts = pack(tweet, TWEET_MAX_CHARS - numbering);
    if (posts.length < 10 ** digits) {
      return posts.map((text, index) => ({ text, number: `${index + 1}/${posts.length}` }));
    }
  }
}

/** The tweet as posts: itself, unchanged, when it fits one; else numbered posts "… 1/3". */
export function threadPosts(tweet: string): string[] {
  const thread = threadOf(tweet);
  if (thread.length === 0) return [tweet];
  return thread.map((post) => `${post.text} ${post.number}`);
}

/** A thread as copied and shared: its posts in order, a blank line between them. */
export function threadText(tweet: string): string {
  return threadPosts(tweet).join('\n\n');
}

/** What copy and share give for an idea: a tweet over 280 as its thread, anything else as is. */
export function sharedText(format: Format, content: string): string {
  return format === 'tweet' ? threadText(content) : content;
}
