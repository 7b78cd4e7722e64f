import { TWEET_LONGEST_CHARS } from '#contract/taxonomy.js';
import {
  codePointLength,
  endsWithFullWidthStop,
  joinSentences,
  renderSentence,
} from '../sentences.js';
import type { Sentence, Token } from '../tokenizer.js';
import { byFirstWord, phraseLengthAt } from '../clauses.js';
import { cutAtWordBoundary } from '../cut.js';
import { noteLine, tracing } from '../match/trace.js';

/**
 * Words that label what follows them ("Hot take: ..."), said in one breath with it; not those
 * that also start a sentence of their own ("big news travels fast", "quick, update the docs").
 */
const LABELS: readonly (readonly string[])[] = [
  ['hot', 'take'],
  ['unpopular', 'opinion'],
  ['fun', 'fact'],
  ['pro', 'tip'],
  ['life', 'update'],
  ['public', 'service', 'announcement'],
];
const LABELS_BY_FIRST_WORD = byFirstWord(LABELS);
const LABEL_COLON: Token = { text: ':', lower: ':', kind: 'pause', space: false };

/** "hot take pair programming is ..." -> "Hot take: pair programming is ...". */
function withLabelColon(sentence: Sentence): Sentence {
  const { tokens } = sentence;
  const length = phraseLengthAt(LABELS_BY_FIRST_WORD, tokens, 0, true);
  if (length === 0 || tokens[length]?.kind !== 'word') return sentence;
  // "unpopular opinion but homework ...", "fun fact but it's sad": the label is said into
  // the sentence, and no colon parts it from its "but".
  if (tokens[length]?.lower === 'but') return sentence;
  return {
    ...sentence,
    tokens: [...tokens.slice(0, length), LABEL_COLON, ...tokens.slice(length)],
  };
}

/**
 * "... for two years | so come down if you're around": a run-on cut at "so" keeps it at the
 * head of what came of the sentence before, as the speaker said it.
 */
function withItsSo(sentence: Sentence): Sentence {
  // "... for more | so so proud": the "so" said again is the adverb's.
  if (sentence.joinedBy !== 'so' || sentence.tokens[0]?.lower === 'so') return sentence;
  const so: Token = { text: 'so', lower: 'so', kind: 'word', space: true };
  return { ...sentence, tokens: [so, ...sentence.tokens] };
}

/**
 * A tweet: cleaned sentences, as many whole sentences as fit in TWEET_LONGEST_CHARS (the first
 * sentence cut at a word boundary with '…' when even it is too long). No hashtag is added: a
 * tag the person did not say as one reads as words put in their mouth (blind raters marked such
 * tweets wrong), and a spoken "hashtag x" is kept as "#x" by the cleanup. Over 280 characters it is offered as a thread (thread.ts), so a
 * longer thought is kept whole instead of losing every sentence after the first few.
 */
export function formatTweet(sentences: readonly Sentence[]): string {
  // Render sentence by sentence and stop at the limit: a 2,000-word transcript needs only
  // its first few sentences rendered.
  const kept: string[] = [];
  let length = 0;
  let overflow = false;
  for (const [index, sentence] of sentences.entries()) {
    const rendered = renderSentence(index === 0 ? withLabelColon(sentence) : withItsSo(sentence));
    const previous = kept[kept.length - 1];
    const separator = previous !== undefined && !endsWithFullWidthStop(previous) ? 1 : 0;
    const added = separator + codePointLength(rendered);
    if (length + added > TWEET_LONGEST_CHARS) {
      overflow = true;
      if (kept.length === 0) kept.push(cutAtWordBoundary(rendered, TWEET_LONGEST_CHARS));
      break;
    }
    length += added;
    kept.push(rendered);
  }
  const body = joinSentences(kept);
  if (body === '') return body;
  const tweeted = overflow ? sentences.slice(0, Math.max(1, kept.length)) : sentences;
  if (tracing())
    noteLine(
      body,
      tweeted.flatMap((sentence) => sentence.tokens),
    );
  return body;
}
