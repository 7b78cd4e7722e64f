import { IDEA_CONTENT_MAX_CHARS } from '#contract/limits.js';
import { TWEET_LONGEST_CHARS, type Format } from '#contract/taxonomy.js';
import { capitalizeFirst } from '#text/sentences.js';

/**
 * What a model says is checked before a person sees it. Small faults are repaired (a tweet a
 * little too long, bullets in another style); a reply that is not the asked-for thing at all
 * (empty, a refusal, a checklist without tasks) is rejected so the rules can answer instead.
 */
export type OutputCheck =
  { ok: true; text: string; notes: string[] } | { ok: false; reason: string };

const REFUSAL =
  /^(?:i['’]?m sorry|i am sorry|sorry[,.!]|i can(?:['’]?t|not)\b|i won['’]?t\b|i am unable|i['’]?m unable|as an ai\b|i['’]?m not able|i am not able)/i;
const PREAMBLE =
  /^(?:sure[!,.]?\s*)?(?:here(?:['’]s| is| are)\b[^\n]*?:|certainly[!,.][^\n]*?:)\s*/i;
const CHECKBOX_ITEM = /^\s*(?:[-*•+]\s*)?\[[ xX✓]?\]\s*(.*)$/;
const BULLET_ITEM = /^\s*(?:[-*•+]|\d{1,2}[.)])\s+(.*)$/;

function codePointLength(text: string): number {
  let count = 0;
  for (const _char of text) count += 1;
  return count;
}

function stripWrapping(raw: string): string {
  let text = raw.replace(/\r\n?/g, '\n').trim();
  const fenced = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(text);
  if (fenced?.[1] !== undefined) text = fenced[1].trim();
  text = text.replace(PREAMBLE, '').trim();
  const quoted = /^["“«]([\s\S]*)["”»]$/.exec(text);
  if (quoted?.[1] !== undefined && !quoted[1].includes('"')) text = quoted[1].trim();
  return text;
}

/** Cut to `limit` code points at a sentence end when that keeps most of it, else between words. */
export function shortenToLimit(text: string, limit: number): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  const head = chars.slice(0, limit).join('');
  const sentenceEnd = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('! '),
    head.lastIndexOf('? '),
  );
  if (sentenceEnd >= head.length * 0.6) return head.slice(0, sentenceEnd + 1).trim();
  const withRoomForEllipsis = Array.from(head)
    .slice(0, limit - 1)
    .join('');
  const lastSpace = withRoomForEllipsis.search(/\s\S*$/);
  const cut = lastSpace > 0 ? withRoomForEllipsis.slice(0, lastSpace) : withRoomForEllipsis;
  return `${cut.replace(/[\s,;:–—-]+$/, '')}…`;
}

/**
 * Each run of white space that holds a line break becomes one space. Matched as whole runs:
 * "spaces, line breaks, spaces" as one pattern retries every run from each of its spaces, which
 * over a reply of 10,000 spaces is some 10^8 steps.
 */
function oneLine(text: string): string {
  return text.replace(/\s+/g, (space) => (space.includes('\n') ? ' ' : space));
}

function checkTweet(reply: string): OutputCheck {
  // A model handed the words after a spoken command ("Tweet work: ship it") may keep their
  // lower-case start; the rules would not, so neither does the tweet a person is shown.
  const text = capitalizeFirst(reply);
  // Over 280 the tweet is offered as a thread (docs/product.md, Threads): only past the longest
  // a thread may be is it shortened.
  if (codePointLength(text) <= TWEET_LONGEST_CHARS) return { ok: true, text, notes: [] };
  const shortened = shortenToLimit(oneLine(text), TWEET_LONGEST_CHARS);
  return {
    ok: true,
    text: shortened,
    notes: [`The model's tweet was over ${TWEET_LONGEST_CHARS} characters and was shortened.`],
  };
}

function checkChecklist(text: string): OutputCheck {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  let title: string | null = null;
  const items: string[] = [];
  const seen = new Set<string>();
  let restyled = false;
  for (const line of lines) {
    const checkbox = CHECKBOX_ITEM.exec(line);
    const bullet = checkbox ? null : BULLET_ITEM.exec(line);
    const item = (checkbox?.[1] ?? bullet?.[1])?.trim();
    if (item !== undefined) {
      if (item === '') continue;
      if (bullet || !line.startsWith('- [ ] ')) restyled = true;
      const capitalised = item.charAt(0).toLocaleUpperCase() + item.slice(1);
      const key = capitalised.toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        items.push(capitalised);
      }
    } else if (title === null && items.length === 0) {
      title = line
        .replace(/^#+\s*/, '')
        .replace(/^\*\*(.*)\*\*$/, '$1')
        .replace(/:$/, '')
        .trim();
    }
  }
  if (items.length === 0) return { ok: false, reason: 'the checklist had no items' };
  const body = items.map((item) => `- [ ] ${item}`).join('\n');
  return {
    ok: true,
    text: title ? `${title}\n${body}` : body,
    notes: restyled ? ['Checklist items were normalised to "- [ ]" form.'] : [],
  };
}

function checkPitch(text: string): OutputCheck {
  const paragraphs = text.split('\n').filter((line) => line.trim() !== '');
  if (paragraphs.length < 2) return { ok: false, reason: 'the pitch had no structure' };
  return { ok: true, text, notes: [] };
}

/** The labels the pitch prompt asks for: the model's words, not the speaker's. */
const PITCH_LABELS = /^(?:problem|solution|why it matters)\s*:/gim;
/** Words this short are the glue any rewording adds ("the", "and", "get"); they prove nothing. */
const MIN_TELLING_LETTERS = 4;
/** Share of a reply's telling words that must have been said, or share a stem with one that was. */
const MIN_SAID_SHARE = 0.5;
/**
 * A telling word is a run of letters, marks and digits, read by one linear pass: no backtracking,
 * so its cost stays a few nanoseconds a character whatever the text. Intl.Segmenter takes some
 * 0.7 s over the 20,000 characters "a a a ..." the API lets in, time every other request would
 * wait through. Scripts written without spaces (Chinese, Japanese, Thai, Lao,
 * Khmer, Myanmar) are left out: without a dictionary their words cannot be told apart, and a
 * run of them is no telling word, so a transcript in them alone leaves the check aside.
 */
const TELLING_WORD =
  /(?:[^\P{L}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]|[\p{M}\p{N}])+/gu;

function tellingWords(text: string): string[] {
  const found: string[] = [];
  for (const [word] of text.toLocaleLowerCase().matchAll(TELLING_WORD)) {
    if (codePointLength(word) >= MIN_TELLING_LETTERS) found.push(word);
  }
  return found;
}

/**
 * The product writes only what the person said (docs/product.md): a reply whose telling words
 * mostly were not in the transcript is the model's idea, not theirs. A stem shared over the first
 * four letters counts as said, so "shipping" for "ship it" and "plans" for "plan" pass. A
 * transcript with no telling words (a few short words, or a script written without spaces whose
 * words are short) gives nothing to compare with, and the check stands aside.
 */
function checkWordsWereSaid(text: string, transcript: string): OutputCheck | null {
  const said = tellingWords(transcript);
  if (said.length === 0) return null;
  const saidWords = new Set(said);
  const saidStems = new Set(said.map((word) => word.slice(0, MIN_TELLING_LETTERS)));
  const written = tellingWords(text.replace(PITCH_LABELS, ' ').replace(/#[\p{L}\p{N}_]+/gu, ' '));
  const heard = written.filter(
    (word) => saidWords.has(word) || saidStems.has(word.slice(0, MIN_TELLING_LETTERS)),
  ).length;
  if (written.length === 0 || heard / written.length < MIN_SAID_SHARE) {
    return { ok: false, reason: 'the model wrote words the person did not say' };
  }
  return null;
}

const TOO_LONG: OutputCheck = {
  ok: false,
  reason: 'the model reply was longer than an idea may be',
};
/**
 * A reply no longer than an idea, in UTF-16 units (two a code point at most), with room for the
 * fences and preamble stripped from it. Anything longer is refused before any pattern reads it:
 * the service on the other end decides how much it sends.
 */
const RAW_REPLY_MAX_UNITS = 2 * IDEA_CONTENT_MAX_CHARS + 1_000;

export function checkModelOutput(raw: string, format: Format, transcript: string): OutputCheck {
  if (raw.length > RAW_REPLY_MAX_UNITS) return TOO_LONG;
  const text = stripWrapping(raw);
  if (text === '') return { ok: false, reason: 'the model returned an empty reply' };
  if (REFUSAL.test(text)) return { ok: false, reason: 'the model declined the request' };
  if (codePointLength(text) > IDEA_CONTENT_MAX_CHARS) return TOO_LONG;
  const invented = checkWordsWereSaid(text, transcript);
  if (invented) return invented;
  switch (format) {
    case 'tweet':
      return checkTweet(text);
    case 'checklist':
      return checkChecklist(text);
    case 'pitch':
      return checkPitch(text);
  }
}
