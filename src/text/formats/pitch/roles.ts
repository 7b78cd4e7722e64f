import type { Clause } from '../../clauses.js';
import type { TaggedToken } from '../../nlp.js';
import {
  GAIN_VERBS,
  IDEA_NOUNS,
  LEAD_ROLE,
  PAYMENT_WORDS,
  PEOPLE_SERVED,
  PART_NAMING_CUES,
  PROBLEM_CUES,
  SOLUTION_CUES,
  WHY_CONNECTIVES,
  WHY_CUES,
  type PitchRole,
} from '../../words/pitch.js';
import { wordsIn } from './hook-breaks.js';
import { PROPOSING_MODALS } from '../../words/inference.js';
import { RELATIVE_PRONOUNS } from '../../words/pitch.js';
import { IDEA_PRONOUNS, PLANNING_SUBJECTS, PLANNING_VERBS } from '../../words/pitch.js';

/**
 * Which part of a pitch a clause is (formats/pitch.ts): by its lead first, then by its cue
 * words, and which clause is the hook. Where the cues are weak a clause takes no part
 * (docs/decisions/114-name-a-part-only-on-a-clear-cue.md).
 */

export type Role = PitchRole | 'solution' | 'detail';

export interface RoleClause {
  clause: Clause;
  role: Role;
  /** The spoken end mark when the clause ends its sentence ("?" for a question), else ''. */
  end: string;
}

const PROBLEM_CUE = 1;
const WHY_CUE = 2;
const SOLUTION_CUE = 4;
/** Each cue word's kinds as bits, so a word is looked up once for all three kinds. */
const CUE_KINDS = new Map<string, number>();
for (const [cues, kind] of [
  [PROBLEM_CUES, PROBLEM_CUE],
  [WHY_CUES, WHY_CUE],
  [SOLUTION_CUES, SOLUTION_CUE],
] as const) {
  for (const cue of cues) CUE_KINDS.set(cue, (CUE_KINDS.get(cue) ?? 0) | kind);
}

interface CueCounts {
  problem: number;
  why: number;
  solution: number;
}

/**
 * Cue words of one kind, beyond those of the other kinds, a clause with no lead needs before
 * its words name its part; a word of PART_NAMING_CUES counts as that many.
 */
const WORD_CUES_FOR_A_PART = 2;

/** Words after a "so" that still say only what comes of the idea. */
const SO_GAIN_MAX_WORDS = 8;

/** Words a clause needs before its "would" reads as a plan: "I'd guess" is none. */
const PLAN_MIN_WORDS = 3;

/** Who says what they would do: the speaker, the listener or someone named. */
export const PLANNING_PRONOUNS: ReadonlySet<string> = new Set(['i', 'we', 'you', 'he', 'she']);

/**
 * Who a clause's "would" is said of: the people the idea is 'for' ("new hires would stop
 * ...", "they'd pay"), the 'idea' ("it would ..."), anyone else carrying out the 'plan' ("we'd
 * swap ...", "volunteers would fix ..."), or undefined with none.
 */
function wouldSaidOf(tokens: readonly TaggedToken[]): 'for' | 'idea' | 'plan' | undefined {
  const words = wordsIn(tokens);
  for (const [at, word] of words.entries()) {
    let subject: string[];
    if (word.lower === 'would') subject = words.slice(0, at).map((before) => before.lower);
    else if (word.pos === 'PRON' && /['’]d$/u.test(word.lower)) subject = [word.lower.slice(0, -2)];
    else continue;
    if (subject.length === 1 && IDEA_PRONOUNS.has(subject[0] as string)) return 'idea';
    const planned = subject.some((said) => PLANNING_PRONOUNS.has(said) || IDEA_PRONOUNS.has(said));
    return !planned && subject.some((said) => PEOPLE_SERVED.has(said)) ? 'for' : 'plan';
  }
  return undefined;
}

/**
 * The words of each kind of cue; a word counts once for a kind, by its form or its lemma.
 * What the people it is for would do is the gain, and so is what the idea would help or make
 * happen; a pain said with "would" is one the idea takes away ("nobody would have to buy
 * plants").
 */
function countCues(tokens: readonly TaggedToken[]): CueCounts {
  const counts: CueCounts = { problem: 0, why: 0, solution: 0 };
  const would = wouldSaidOf(tokens);
  // What the people it is for would do names the gain on its own.
  if (would === 'for') counts.why += WORD_CUES_FOR_A_PART;
  // "one neighbour would shop for three houses": who carries it out, and how ("I'd guess",
  // "would go again" say no plan).
  if (would === 'plan' && wordsIn(tokens).length > PLAN_MIN_WORDS) counts.solution++;
  for (const token of tokens) {
    if (token.kind !== 'word') continue;
    if (would === 'idea' && GAIN_VERBS.has(token.lemma)) {
      counts.why += WORD_CUES_FOR_A_PART;
      continue;
    }
    const kinds = (CUE_KINDS.get(token.lower) ?? 0) | (CUE_KINDS.get(token.lemma) ?? 0);
    if (kinds === 0) continue;
    const weight =
      PART_NAMING_CUES.has(token.lower) || PART_NAMING_CUES.has(token.lemma)
        ? WORD_CUES_FOR_A_PART
        : 1;
    if (kinds & PROBLEM_CUE) {
      if (would === undefined) counts.problem += weight;
      else counts.why += weight;
    }
    // "it would cut setup time by half": a gain the idea would bring says its part.
    if (kinds & WHY_CUE) counts.why += would === 'idea' ? WORD_CUES_FOR_A_PART : weight;
    if (kinds & SOLUTION_CUE) counts.solution += weight;
  }
  return counts;
}

/** "an app", "the show": an idea named as a thing ("everyone can show up" names none). */
function mentionsIdeaNoun(tokens: readonly TaggedToken[]): boolean {
  return tokens.some(
    (token) =>
      token.kind === 'word' &&
      token.pos !== 'VERB' &&
      (IDEA_NOUNS.has(token.lower) || IDEA_NOUNS.has(token.lemma)),
  );
}

/** "an escape room where ...", "a podcast where ...": the idea said as a thing. */
export function isIdeaPhrase(tokens: readonly TaggedToken[]): boolean {
  const first = tokens.find((token) => token.kind === 'word');
  if (first === undefined || (first.lower !== 'a' && first.lower !== 'an')) return false;
  // "a friend is coming" tells news; "a lighthouse keeper who realizes the ships are from the
  // future" names a thing, whatever its relative clause says.
  // "A friend told me that ...": a verb before the relative pronoun makes it news.
  for (const token of tokens) {
    if (RELATIVE_PRONOUNS.has(token.lower)) return true;
    if ((token.pos === 'AUX' && token.lower !== "can't") || token.pos === 'VERB') {
      return !tokens.some((later) => later.pos === 'AUX' && later.lower !== "can't");
    }
  }
  return true;
}

/**
 * What a clause is for, by its lead first ("the problem is", "so that", "what if") and only
 * then by its words: a pain (problem), a product or proposal (solution), a gain (why).
 */
export function roleOf(clause: Clause): Role {
  const lead = LEAD_ROLE.get(clause.lead);
  const { problem, why, solution } = countCues(clause.tokens);
  // A reason given for an idea is mostly the pain it answers; a gain says so ("saves"). One
  // that tells how things are now is the pain ("because right now everyone uses spreadsheets").
  if (lead === 'reason') {
    const [first, second] = wordsIn(clause.tokens);
    const now =
      first?.lower === 'currently' || (first?.lower === 'right' && second?.lower === 'now');
    return now || problem >= why ? 'problem' : 'why';
  }
  if (lead !== undefined && lead !== 'contrast') return lead;
  // "This startup idea is about ...", "my idea": the speaker naming the idea.
  // "I've got this idea for a running app": the idea had, named after it.
  if (
    clause.tokens.some(
      (token, i) =>
        token.lower === 'idea' &&
        (clause.tokens[i + 1]?.lower === 'is' ||
          // "this idea for a running app"; "the idea for a while", "an idea for a logo?" are
          // no idea put forward.
          (clause.tokens[i - 1]?.lower === 'this' &&
            clause.tokens[i + 1]?.lower === 'for' &&
            ['a', 'an'].includes(clause.tokens[i + 2]?.lower ?? ''))),
    )
  ) {
    return 'idea';
  }
  // "... half the screens are broken so we put a qr code on every shelter": what is done.
  // What a short "so" brings about is the gain ("so nobody gets stuck with it"); a long one
  // tells how it would work ("so every new runner gets paired with someone who ..."), which
  // no label names, and a price is how it pays.
  if (WHY_CONNECTIVES.has(clause.lead)) {
    if (saysSoWeDo(clause.tokens)) return 'solution';
    if (wordsIn(clause.tokens).length <= SO_GAIN_MAX_WORDS && !tellsPayment(clause.tokens)) {
      return 'why';
    }
  }
  // "less food waste and no more staring into the fridge": a pain said gone is the gain.
  if (saysPainGone(clause.tokens)) return 'why';
  const byWords = roleByWords({ problem, why, solution });
  // A price or a fee is how it pays: no gain and not the Solution, unless it is the pain
  // ("delivery fees are ruining us").
  if (tellsPayment(clause.tokens) && byWords !== 'problem') return 'detail';
  // What a "so" leads to is what comes of the idea, never the pain: "so nobody gets stuck
  // with it" is the pain taken away.
  return byWords === 'problem' && WHY_CONNECTIVES.has(clause.lead) ? 'detail' : byWords;
}

/**
 * A clause's part by its cue words alone, only when they say it clearly: one cue word
 * ("never", "everyone", "help") sits in clauses of every part, and a label that misnames a
 * clause is worse than none.
 */
function roleByWords({ problem, why, solution }: CueCounts): Role {
  const strongest = Math.max(problem, why, solution);
  // The part's cues outnumber all the others by that many: "everyone grows too many" is not
  // a gain.
  if (2 * strongest - (problem + why + solution) < WORD_CUES_FOR_A_PART) return 'detail';
  if (problem === strongest) return 'problem';
  return why === strongest ? 'why' : 'solution';
}

/** "we could charge a small monthly fee", "five pounds a month": how it pays. */
function tellsPayment(tokens: readonly TaggedToken[]): boolean {
  return tokens.some((token) => PAYMENT_WORDS.has(token.lower));
}

/**
 * A clause that opens with "less", "fewer" or "no more" and has no verb: what the idea takes
 * away ("less food waste"). "Fewer kids play outside", "less than half of renters" tell a pain.
 */
function saysPainGone(tokens: readonly TaggedToken[]): boolean {
  // Read for every clause: the first word is looked at before any word list is made.
  const firstAt = tokens.findIndex((token) => token.kind === 'word');
  const first = tokens[firstAt]?.lower;
  if (first !== 'less' && first !== 'fewer' && first !== 'no') return false;
  const words = wordsIn(tokens);
  const second = words[1]?.lower;
  if ((first === 'no' && second !== 'more') || second === 'than') return false;
  // "no more staring into the fridge": an -ing form names the pain gone.
  return !words.some(
    (word) => (word.pos === 'VERB' && !word.lower.endsWith('ing')) || word.pos === 'AUX',
  );
}

function saysWhatWeDo(tokens: readonly TaggedToken[]): boolean {
  const [first, second] = wordsIn(tokens);
  if (first === undefined) return false;
  if (PLANNING_SUBJECTS.has(first.lower)) return true;
  return (
    (first.lower === 'i' || first.lower === 'we') &&
    second !== undefined &&
    PLANNING_VERBS.has(second.lower)
  );
}

/** After a "so": "so we put a qr code on every shelter", a verb in its plain form is done. */
function saysSoWeDo(tokens: readonly TaggedToken[]): boolean {
  if (saysWhatWeDo(tokens)) return true;
  const [first, second] = wordsIn(tokens);
  return (
    (first?.lower === 'i' || first?.lower === 'we') &&
    second?.pos === 'VERB' &&
    second.lemma === second.lower &&
    !GAIN_VERBS.has(second.lower) &&
    second.lower !== 'get'
  );
}

/** Words before "we should" that still open the proposal ("I think we should ..."). */
const PROPOSAL_OPENING_WORDS = 3;

/** "we should ...", "I think we should ...", "maybe we could ...": put to the others. */
function proposesWeDo(tokens: readonly TaggedToken[]): boolean {
  const words = wordsIn(tokens);
  for (let k = 0; k <= PROPOSAL_OPENING_WORDS && k < words.length - 2; k++) {
    if (words[k]?.lower !== 'we' || !PROPOSING_MODALS.has(words[k + 1]?.lower ?? '')) continue;
    // "we could barely keep up with orders" tells a pain.
    const verb = words[k + 2] as TaggedToken;
    return verb.pos === 'VERB' && verb.lemma === verb.lower;
  }
  return false;
}

export function hookIndex(all: readonly RoleClause[]): number {
  // "Instead of a fiver each on Saturday": what the idea replaces cannot stand as the idea.
  const replaced = (entry: RoleClause): boolean => LEAD_ROLE.get(entry.clause.lead) === 'contrast';
  const clauses = all.map((entry) => (replaced(entry) ? undefined : entry));
  const find = (holds: (entry: RoleClause) => boolean): number =>
    clauses.findIndex((entry) => entry !== undefined && holds(entry));
  const said = find(({ role }) => role === 'idea');
  if (said !== -1) return said;
  const phrase = find(({ clause }) => isIdeaPhrase(clause.tokens));
  if (phrase !== -1) return phrase;
  // "i think we should start opening the shop on sunday mornings": the proposal itself.
  const proposed = find(
    ({ clause, role }) => role !== 'problem' && role !== 'why' && proposesWeDo(clause.tokens),
  );
  if (proposed !== -1) return proposed;
  const named = find(({ clause, role }) => role !== 'problem' && mentionsIdeaNoun(clause.tokens));
  if (named !== -1) return named;
  // What is done ahead of a clause of no part: "tourists never find ... so we'd make a map".
  const done = find(({ role }) => role === 'solution');
  if (done !== -1) return done;
  const first = find(({ role }) => role !== 'problem' && role !== 'why');
  return first === -1 ? 0 : first;
}

/** A clause where it was said: its sentence, and its first and last token there. */
export interface Placed extends RoleClause {
  sentence: number;
  from: number;
  to: number;
  /** Where clauses joined into this one started, as indexes into its tokens. */
  seams?: number[];
}
