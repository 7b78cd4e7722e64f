import type { TaggedToken } from '../nlp.js';
import { IDEA_LEADS } from '../words/pitch.js';
import { byFirstWord, phraseLengthAt } from './tokens.js';

/*
 * The leads that say what a clause of a pitch is for ("the problem is", "the value is", "what
 * if"), found where they are said (words/pitch.ts IDEA_LEAD_ROLES).
 */

const LEADS_BY_FIRST_WORD = byFirstWord(IDEA_LEADS);

export function leadAt(tokens: readonly TaggedToken[], i: number): string[] | undefined {
  // "Because of that, kids miss field trips", "ready by 5:30, because of traffic": "because
  // of" opens a phrase, not a reason's clause, and stays in what is said.
  if (opensReasonPhrase(tokens, i)) return undefined;
  const length = phraseLengthAt(LEADS_BY_FIRST_WORD, tokens, i, false);
  if (length === 0) return undefined;
  if (tokens[i + length - 1]?.lower === 'is' && evaluatesOnly(tokens, i + length)) return undefined;
  return tokens.slice(i, i + length).map((token) => token.lower);
}

/**
 * "the value is huge", "the problem is really big": what follows a lead ending in "is" only
 * says how the part is, so the words name no part and stay as said; "the problem is cheap
 * flights" still names one.
 */
function evaluatesOnly(tokens: readonly TaggedToken[], at: number): boolean {
  const j = tokens[at]?.pos === 'ADV' ? at + 1 : at;
  const next = tokens[j + 1];
  return tokens[j]?.pos === 'ADJ' && !(next?.pos === 'NOUN' || next?.pos === 'PROPN');
}

/** "because of traffic": a reason said as a phrase, no clause of its own. */
export function opensReasonPhrase(tokens: readonly TaggedToken[], i: number): boolean {
  return tokens[i]?.lower === 'because' && tokens[i + 1]?.lower === 'of';
}
