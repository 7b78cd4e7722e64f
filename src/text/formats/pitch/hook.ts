import type { Clause } from '../../clauses.js';
import type { TaggedToken } from '../../nlp.js';
import {
  capitalizeFirst,
  codePointLength,
  looksLikeQuestion,
  renderTokens,
  trimPauses,
  withEndMark,
  withoutStrayCloser,
} from '../../sentences.js';
import {
  HEADING_POINTERS,
  LEAD_ROLE,
  MEANING_LEADS,
  PART_NAMES,
  PROPOSAL_LEADS,
  SPOKEN_HOOK_LEADS,
} from '../../words/pitch.js';
import {
  CONJUNCTIONS,
  hookBreaks,
  lastWordThatFits,
  leavesJoinOpen,
  mayFit,
  openersEnd,
  reportedSpeechAt,
  wordsIn,
} from './hook-breaks.js';
import { roleOf, type Placed, type Role, type RoleClause } from './roles.js';

/**
 * How the pitch's clauses are told as sentences, and the hook made of one: a lead kept or
 * dropped, a hook too long for its line ended where a clause starts, a part's heading said
 * alone taken as a heading.
 */

export const PITCH_HOOK_MAX_CHARS = 140;
/**
 * A hook with no clause to end at within PITCH_HOOK_MAX_CHARS stays whole up to this length
 * ("a food truck ... for night shift nurses and doctors who get off work hungry"): cut, it
 * would lose the words that make the point. Longer, it ends at the last word that fits and
 * the rest is told after it.
 */
export const PITCH_HOOK_LONGEST_CHARS = 280;

function stripOpeners(tokens: readonly TaggedToken[]): TaggedToken[] {
  return trimPauses(tokens.slice(openersEnd(tokens)));
}

/** The apostrophe of "'cause" stays behind when the splitter takes the word as a lead. */
function dropStrayApostrophe(tokens: TaggedToken[]): TaggedToken[] {
  const last = tokens.at(-1);
  return last?.kind === 'symbol' && (last.text === "'" || last.text === '’')
    ? tokens.slice(0, -1)
    : tokens;
}

/** A clause as a sentence of the speaker's words: capitalised, with an end mark. */
export function sentenceOf({ clause, end }: RoleClause, keepLead: boolean): string {
  const body = renderTokens(withoutStrayCloser(dropStrayApostrophe(stripOpeners(clause.tokens))));
  if (body === '') return '';
  // "instead of everyone buying presents, we each draw one name": without its lead the
  // clause says the opposite.
  const text = keepLead || MEANING_LEADS.has(clause.lead) ? `${clause.lead} ${body}` : body;
  if (/[.!?。！？]$/u.test(text)) return capitalizeFirst(text);
  // "What if we had a review buddy, so that every pull request gets looked at?": the question
  // is the sentence's; a clause led by "so that" or "because" out of it asks nothing.
  const asked =
    (end === '?' || end === '？') &&
    (clause.lead === '' || clause.lead === 'what if' || looksLikeQuestion(clause.tokens));
  const question =
    asked ||
    (keepLead && clause.lead === 'what if') ||
    (end === '' && looksLikeQuestion(clause.tokens));
  return withEndMark(capitalizeFirst(text), question ? '?' : end === '!' ? '!' : '.');
}

export function trimTrailingMarks(text: string): string {
  return text.replace(/[\s.,;:!?。！？]+$/u, '');
}

export function section(label: string, sentences: readonly string[]): string | null {
  const kept = sentences.filter((sentence) => sentence !== '');
  if (kept.length === 0) return null;
  return `${label}: ${kept.join(' ')}`;
}

/** Leads a hook keeps: the idea's own words, or the speaker putting it forward. */
export function keepsLead(clause: Clause): boolean {
  if (SPOKEN_HOOK_LEADS.has(clause.lead) || PROPOSAL_LEADS.has(clause.lead)) return true;
  // "The idea is to turn the underpass into a mural": "To turn ..." alone is no sentence.
  const first = wordsIn(clause.tokens)[0];
  return (
    LEAD_ROLE.get(clause.lead) === 'idea' &&
    first !== undefined &&
    (first.lower === 'to' || first.pos === 'ADP')
  );
}

/**
 * What others say of the idea follows it ("... as a trial | the team keeps saying they never
 * get focus time"), and a hook too long for its line ends where a clause of its own starts:
 * the hook's sentence up to there, and the rest as a clause told after it rather than cut
 * off (`told` is the whole hook's sentence). Undefined when the hook stays whole.
 */
export function splitHook(
  hook: Placed,
  told: string,
  prefix: string,
  keepLead: boolean,
  sentences: readonly TaggedToken[][],
): { told: string; tail: Placed } | undefined {
  const tokens = hook.clause.tokens;
  const headOf = (at: number): RoleClause => ({
    ...hook,
    clause: { ...hook.clause, tokens: tokens.slice(0, at) },
    end: '',
  });
  const fitsWithin =
    (max: number) =>
    (at: number): boolean =>
      codePointLength(`${prefix}${sentenceOf(headOf(at), keepLead)}`) <= max;
  const length = codePointLength(`${prefix}${told}`);
  const roomWithin = (max: number): number => max - codePointLength(prefix);
  // The clause breaks, latest first, found once for both lines they are tried against.
  let breaks: number[] | undefined;
  const clauseBreakWithin = (max: number): number | undefined => {
    breaks ??= [...new Set([...hookBreaks(tokens), ...(hook.seams ?? [])])]
      .sort((x, y) => y - x)
      .filter((at) => !leavesJoinOpen(tokens, at));
    return breaks.filter(mayFit(tokens, roomWithin(max))).find(fitsWithin(max));
  };
  // A clause that fits the line; else, for a hook too long even to stay whole, a clause that
  // fits the longest line, and only then the last word that does.
  const breakAt =
    reportedSpeechAt(tokens) ??
    (length > PITCH_HOOK_MAX_CHARS ? clauseBreakWithin(PITCH_HOOK_MAX_CHARS) : undefined) ??
    (length > PITCH_HOOK_LONGEST_CHARS
      ? (clauseBreakWithin(PITCH_HOOK_LONGEST_CHARS) ??
        lastWordThatFits(
          tokens,
          roomWithin(PITCH_HOOK_LONGEST_CHARS),
          fitsWithin(PITCH_HOOK_LONGEST_CHARS),
        ))
      : undefined);
  if (breakAt === undefined) return undefined;
  const after = trimPauses(tokens.slice(breakAt));
  const opener = after[0] as TaggedToken;
  const joins = opener.kind === 'word' && (CONJUNCTIONS.has(opener.lower) || opener.lower === 'so');
  const tail = trimPauses(joins ? after.slice(1) : after);
  const clause: Clause = { tokens: tail, lead: joins ? opener.lower : '', endsWithColon: false };
  return {
    told: sentenceOf(headOf(breakAt), keepLead),
    tail: {
      ...hook,
      clause,
      role: roleOf(clause),
      seams: [],
      from: (sentences[hook.sentence] as TaggedToken[]).indexOf(tail[0] as TaggedToken),
    },
  };
}

/**
 * "The problem: every small business ...", "Here's the problem. Parents never read ...": a
 * part named on its own is a heading for the clause after it, which is that part.
 */
export function withoutPartHeadings(clauses: readonly Placed[]): Placed[] {
  const kept: Placed[] = [];
  let named: Role | undefined;
  for (const entry of clauses) {
    const words = wordsIn(entry.clause.tokens).filter((word) => !HEADING_POINTERS.has(word.lower));
    const part = words.length === 1 ? PART_NAMES.get(words[0]?.lower ?? '') : undefined;
    if (part !== undefined && entry !== clauses.at(-1)) {
      named = part;
      continue;
    }
    if (named !== undefined) entry.role = named;
    named = undefined;
    kept.push(entry);
  }
  return kept;
}
