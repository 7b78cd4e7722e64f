import { BE_FORMS } from '../words/clause-subjects.js';
import type { Category } from '#contract/taxonomy.js';
import { splitClauses, type Clause } from '../clauses.js';
import { cutAtWordBoundary } from '../cut.js';
import { noteLine, tracing } from '../match/trace.js';
import type { TaggedToken } from '../nlp.js';
import {
  capitalizeFirst,
  codePointLength,
  looksLikeQuestion,
  renderTokens,
  trimPauses,
  withEndMark,
  withoutStrayCloser,
} from '../sentences.js';
import {
  ANNOUNCING_NOUNS,
  CREATIVE_IDEA_NOUNS,
  FRAMING_CLAUSES,
  FRAMING_PREFIXES,
  GAIN_VERBS,
  HEADING_POINTERS,
  IDEA_FOR_LEADS,
  IDEA_NOUNS,
  LEAD_ROLE,
  MEANING_LEADS,
  PART_NAMES,
  PAYMENT_WORDS,
  PEOPLE_SERVED,
  PART_NAMING_CUES,
  PROBLEM_CUES,
  PROPOSAL_LEADS,
  SOLUTION_CUES,
  SPOKEN_HOOK_LEADS,
  WHY_CONNECTIVES,
  WHY_CUES,
  type PitchRole,
} from '../words/pitch.js';
import {
  CONJUNCTIONS,
  CONTRACTED_VERB,
  hookBreaks,
  isVerb,
  lastWordThatFits,
  leavesJoinOpen,
  mayFit,
  openersEnd,
  reportedSpeechAt,
  wordsIn,
} from './pitch/hook-breaks.js';
import { NEWS_WORDS, PROPOSING_MODALS } from '../words/inference.js';
import { TASK_VERBS } from '../words/tasks.js';

export const PITCH_HOOK_MAX_CHARS = 140;
/**
 * A hook with no clause to end at within PITCH_HOOK_MAX_CHARS stays whole up to this length
 * ("a food truck ... for night shift nurses and doctors who get off work hungry"): cut, it
 * would lose the words that make the point. Longer, it ends at the last word that fits and
 * the rest is told after it.
 */
export const PITCH_HOOK_LONGEST_CHARS = 280;
export const PITCH_SECTION_LABELS = ['Problem', 'Solution', 'Why it matters'] as const;

type Role = PitchRole | 'solution' | 'detail';

interface RoleClause {
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
const PLANNING_PRONOUNS: ReadonlySet<string> = new Set(['i', 'we', 'you', 'he', 'she']);
const IDEA_PRONOUNS: ReadonlySet<string> = new Set(['it', 'this', 'that']);

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
function isIdeaPhrase(tokens: readonly TaggedToken[]): boolean {
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
function roleOf(clause: Clause): Role {
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

/** First-person plans after a "so" ("so we'd make a map", "so I want to build"): the idea. */
const PLANNING_SUBJECTS: ReadonlySet<string> = new Set(["i'd", "we'd", "i'll", "we'll", "let's"]);
/** What "I" or "we" plan with: "we could", "I want to", "we should". */
const PLANNING_VERBS: ReadonlySet<string> = new Set([
  'could',
  'would',
  'should',
  'can',
  'will',
  'want',
  'plan',
  'need',
  'might',
]);

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

function hookIndex(all: readonly RoleClause[]): number {
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
function sentenceOf({ clause, end }: RoleClause, keepLead: boolean): string {
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

function trimTrailingMarks(text: string): string {
  return text.replace(/[\s.,;:!?。！？]+$/u, '');
}

function section(label: string, sentences: readonly string[]): string | null {
  const kept = sentences.filter((sentence) => sentence !== '');
  if (kept.length === 0) return null;
  return `${label}: ${kept.join(' ')}`;
}

/** The idea's own noun: the first run of nouns in the hook ("an escape room", "a video game"). */
function headNouns(hook: Clause): TaggedToken[] {
  const start = hook.tokens.findIndex((token) => token.pos === 'NOUN');
  if (start === -1) return [];
  let end = start;
  while (hook.tokens[end]?.pos === 'NOUN') end++;
  return hook.tokens.slice(start, end);
}

/**
 * A story, a game or a mural pitched reads as a premise. The idea's own noun decides; only
 * when it names neither a creative work nor a product (an app, a service) does the chosen
 * category.
 */
function isCreative(
  hook: Clause,
  category: Category,
  announcement: readonly TaggedToken[],
): boolean {
  // "Film idea:": the tagger may take a kind said first, capitalised, for a name.
  const nouns = [...wordsIn(announcement), ...headNouns(hook)];
  if (
    nouns.some((noun) => CREATIVE_IDEA_NOUNS.has(noun.lower) || CREATIVE_IDEA_NOUNS.has(noun.lemma))
  )
    return true;
  if (nouns.some((noun) => IDEA_NOUNS.has(noun.lower) || IDEA_NOUNS.has(noun.lemma))) return false;
  return category === 'creative';
}

/** Words before "idea" that judge it rather than name its kind ("Good idea from Sarah"). */
const JUDGING_WORDS: ReadonlySet<string> = new Set([
  'good',
  'great',
  'bad',
  'brilliant',
  'best',
  'better',
  'same',
  'different',
  'crazy',
  'random',
  'silly',
  'stupid',
  'wild',
  'whole',
  'main',
  'rough',
  'fun',
  'cool',
  'nice',
  'terrible',
]);

/** Words before "idea" that name its kind ("short film idea", "game idea"). */
const KIND_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ']);
const KIND_MAX_WORDS = 3;
/** "Idea for the book club" said on its own: at most this many words. */
const IDEA_FOR_MAX_WORDS = 6;

/** Words before a kind of idea that only point to it ("a song idea", "my startup idea"). */
const POINTING_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'another', 'my', 'our', 'this']);

/** An announcement without the word pointing to it: "a song idea" names a song idea. */
function withoutPointer(tokens: readonly TaggedToken[]): TaggedToken[] {
  const first = tokens.findIndex((token) => token.kind === 'word');
  return POINTING_WORDS.has(tokens[first]?.lower ?? '') ? tokens.slice(first + 1) : [...tokens];
}

/**
 * Where the speaker names the kind of idea before telling it ("Short film idea.", "game idea
 * you play ...", "Idea for the book club.", "Proposal for the team:"): the tokens of that
 * announcement at the start of the clause, or 0.
 */
export function announcementLength(tokens: readonly TaggedToken[]): number {
  const words = wordsIn(withoutPointer(tokens));
  const first = words[0];
  if (first === undefined) return 0;
  // "Proposal:", "Idea for the book club.": said on its own before the idea.
  // "Pitch idea.": announcing nouns alone.
  if (
    ANNOUNCING_NOUNS.has(first.lemma) &&
    (words.every((word) => ANNOUNCING_NOUNS.has(word.lower) || ANNOUNCING_NOUNS.has(word.lemma)) ||
      (words[1]?.lower === 'for' && words.length <= IDEA_FOR_MAX_WORDS))
  ) {
    return tokens.length;
  }
  // "idea a lunchbox with a screen ...": unpunctuated speech runs the heading into the idea.
  if (headsIdeaRunIn(wordsIn(tokens))) {
    return tokens.indexOf(first) + 1;
  }
  // "proposal for the ward a ten minute huddle ...": and its topic with it.
  if (ANNOUNCING_NOUNS.has(first.lemma) && words[1]?.lower === 'for') {
    const idea = afterIdeaTopic(words, 2);
    if (idea > 2) return tokens.indexOf(words[idea] as TaggedToken);
  }
  let kind = 0;
  while (kind < KIND_MAX_WORDS && words[kind] !== undefined) {
    const word = words[kind] as TaggedToken;
    if (ANNOUNCING_NOUNS.has(word.lemma) || !KIND_TAGS.has(word.pos)) break;
    kind++;
  }
  // The kind is a noun ("game", "short film"): "good idea", "same idea" judge, not name. A
  // kind of idea is one however tagged ("a game idea" may read "game" as an adjective).
  const named = words[kind - 1];
  const head = words[kind];
  if (kind === 0 || head === undefined || !ANNOUNCING_NOUNS.has(head.lemma)) return 0;
  if (named === undefined || JUDGING_WORDS.has(named.lower)) return 0;
  if (named.pos === 'ADJ' && !IDEA_NOUNS.has(named.lower) && !IDEA_NOUNS.has(named.lemma)) return 0;
  // "Startup idea is an app ...": the idea said of, not announced.
  const next = words[kind + 1];
  if (next !== undefined && (next.pos === 'AUX' || next.pos === 'VERB')) return 0;
  return tokens.indexOf(head) + 1;
}

/** Words of what an idea is for before the idea runs on ("for the wall by the community centre"). */
const IDEA_TOPIC_MAX_WORDS = 7;

/**
 * "idea for the wall by the community centre a big mural ...", "proposal for the ward a ten
 * minute huddle ...": unpunctuated, the idea starts at the "a" that follows what it is for,
 * before any verb; else right after "for".
 */
export function afterIdeaTopic(words: readonly TaggedToken[], from: number): number {
  const reach = Math.min(words.length, from + IDEA_TOPIC_MAX_WORDS);
  for (let j = from + 1; j < reach; j++) {
    const word = words[j] as TaggedToken;
    if (word.pos === 'VERB' || word.pos === 'AUX') break;
    const before = words[j - 1] as TaggedToken;
    if (
      (word.lower === 'a' || word.lower === 'an') &&
      (before.pos === 'NOUN' || before.pos === 'PROPN')
    ) {
      return judged(words.slice(j + 1)) ? from : j;
    }
  }
  return from;
}

/** Words that make "a ..." after an idea's topic a verdict on it ("a total failure", "a bit rubbish"). */
const VERDICT_WORDS: ReadonlySet<string> = new Set([
  'total',
  'complete',
  'bit',
  'disaster',
  'failure',
  'flop',
  'mess',
  'joke',
  'nightmare',
  'success',
  'hit',
]);

/** "a total failure nobody turned up", "a five percent cut ... was rejected today": said of it. */
function judged(rest: readonly TaggedToken[]): boolean {
  return (
    VERDICT_WORDS.has(rest[0]?.lower ?? '') ||
    rest.some(
      (word, i) =>
        NEWS_WORDS.has(word.lower) ||
        (BE_PAST.has(word.lower) && /ed$/u.test(rest[i + 1]?.lower ?? '')),
    )
  );
}

const BE_PAST: ReadonlySet<string> = new Set(['was', 'were']);

/** "Idea for the mural on Carver Street.": up to this many words with no verb. */
const LONG_IDEA_TOPIC_MAX_WORDS = 10;
/** Words that open the idea itself after its topic ("A giant whale ...", "We paint ..."). */
const IDEA_OPENERS: ReadonlySet<string> = new Set(['a', 'an', 'we', 'you', 'imagine', 'what']);

/**
 * "Idea for the mural on Carver Street. A giant whale ...": a long topic named with no verb,
 * then the idea. News of the idea follows such a name too ("Idea for the garden on Elm
 * Road. Council said no."), so the sentence after it must open as an idea does.
 */
export function namesLongIdeaTopic(
  tokens: readonly TaggedToken[],
  next: readonly TaggedToken[] | undefined,
): boolean {
  const words = wordsIn(tokens);
  const opener = next === undefined ? undefined : wordsIn(next)[0];
  return (
    (words[0]?.lemma === 'idea' || words[0]?.lemma === 'proposal') &&
    words[1]?.lower === 'for' &&
    words.length <= LONG_IDEA_TOPIC_MAX_WORDS &&
    words.every((word) => word.pos !== 'VERB' && word.pos !== 'AUX') &&
    opener !== undefined &&
    IDEA_OPENERS.has(opener.lower)
  );
}

/**
 * "idea a lunchbox with a screen ...": a heading said first and run into the idea it names. "idea
 * a lot of people have", "idea a bit rough" and "this idea a colleague had" say of an idea, and
 * "pitch a tent" is a verb and its object.
 */
export function headsIdeaRunIn(words: readonly TaggedToken[]): boolean {
  const [heading, article, noun] = words;
  return (
    heading !== undefined &&
    ANNOUNCING_NOUNS.has(heading.lower) &&
    heading.lower !== 'pitch' &&
    (article?.lower === 'a' || article?.lower === 'an') &&
    noun !== undefined &&
    !AMOUNT_NOUNS.has(noun.lower)
  );
}

/** Nouns that make "a ..." an amount or a time ("a lot", "a bit", "a day"). */
const AMOUNT_NOUNS: ReadonlySet<string> = new Set([
  'lot',
  'bit',
  'few',
  'couple',
  'little',
  'day',
  'week',
  'while',
]);

/** A clause where it was said: its sentence, and its first and last token there. */
interface Placed extends RoleClause {
  sentence: number;
  from: number;
  to: number;
  /** Where clauses joined into this one started, as indexes into its tokens. */
  seams?: number[];
}

/** Connectives that join a clause to the one before without saying what it is for. */
const PLAIN_JOINS: ReadonlySet<string> = new Set(['', 'and', 'or', 'but', 'then', 'also', 'plus']);
/** Words that open a clause which cannot stand alone ("while we're split ...", "if ..."). */
const SUBORDINATE_OPENERS: ReadonlySet<string> = new Set([
  'if',
  'when',
  'whenever',
  'while',
  'until',
  'unless',
  'although',
  'though',
  'whereas',
  'whether',
  // ", which is not okay": said of what came before.
  'which',
  'who',
]);
const CODA_MAX_WORDS = 4;
const MODALS: ReadonlySet<string> = new Set([
  'can',
  'could',
  'will',
  'would',
  'should',
  'might',
  'must',
  'may',
]);

const FRAMING_MAX_WORDS = Math.max(...[...FRAMING_CLAUSES].map((said) => said.split(' ').length));

/** "I was thinking" said as a clause of its own; a longer clause is never one (no join made). */
function isFramingClause(tokens: readonly TaggedToken[]): boolean {
  const words = wordsIn(tokens);
  return (
    words.length <= FRAMING_MAX_WORDS &&
    FRAMING_CLAUSES.has(words.map((token) => token.lower).join(' '))
  );
}

/** After "I'm thinking we": a guess, not a proposal. */
const HEDGED: ReadonlySet<string> = new Set(['might', 'may', 'are', 'were', 'was', 'is']);

/** "I'm thinking | we offer ...": the framing goes, the clause it framed stays. */
function dropFramingPrefix(entry: Placed, sentence: readonly TaggedToken[]): void {
  const tokens = entry.clause.tokens;
  for (const prefix of FRAMING_PREFIXES) {
    let at = 0;
    let k = 0;
    while (k < prefix.length && at < tokens.length) {
      const token = tokens[at] as TaggedToken;
      at++;
      if (token.kind !== 'word') continue;
      if (token.lower !== prefix[k]) break;
      k++;
    }
    if (k < prefix.length) continue;
    while (tokens[at] !== undefined && tokens[at]?.kind !== 'word') at++;
    const subject = tokens[at];
    if (subject === undefined || !PLANNING_PRONOUNS.has(subject.lower)) return;
    // "I'm thinking we might be too late": a hedge the clause keeps.
    const verb = tokens[at + 1];
    if (verb === undefined || HEDGED.has(verb.lower) || verb.lemma !== verb.lower) return;
    entry.clause = { ...entry.clause, tokens: tokens.slice(at) };
    entry.from = sentence.indexOf(subject, entry.from);
    return;
  }
}

/** "At the summer fair", "just the notes": no verb, so no sentence of its own. */
function isVerbless(tokens: readonly TaggedToken[]): boolean {
  return !wordsIn(tokens).some(isVerb);
}

const OPENING_WORDS = 3;

/**
 * What putting a clause back with the next asks of the clause before it. After each join it
 * is asked again of the clause just grown, and joined() grows a clause in place and only at
 * its end, so the summary reads on from where it stopped: a long sentence rejoined clause by
 * clause is read once, not once per clause.
 */
interface WordSummary {
  tokens: readonly TaggedToken[];
  /** How many of them have been read. */
  read: number;
  words: number;
  /** Its first words, which say whether it leans on another clause. */
  opening: TaggedToken[];
  last: TaggedToken | undefined;
  verb: boolean;
  /** Where its last "and", "but" or "or" stands among its words and among its tokens (-1). */
  conjunctionWord: number;
  conjunctionToken: number;
  /** The first words after that conjunction (its first words when it has none), and whether
   * a verb is among the words after it. */
  conjunctOpening: TaggedToken[];
  conjunctVerb: boolean;
}

/** The summary of a clause's words, read on from `known` when that is of the same tokens. */
function summaryOf(tokens: readonly TaggedToken[], known?: WordSummary): WordSummary {
  const summary: WordSummary =
    known?.tokens === tokens
      ? known
      : {
          tokens,
          read: 0,
          words: 0,
          opening: [],
          last: undefined,
          verb: false,
          conjunctionWord: -1,
          conjunctionToken: -1,
          conjunctOpening: [],
          conjunctVerb: false,
        };
  for (; summary.read < tokens.length; summary.read++) {
    const token = tokens[summary.read] as TaggedToken;
    if (token.kind !== 'word') continue;
    const verb = isVerb(token);
    if (CONJUNCTIONS.has(token.lower)) {
      summary.conjunctionWord = summary.words;
      summary.conjunctionToken = summary.read;
      summary.conjunctOpening = [];
      summary.conjunctVerb = false;
    } else {
      if (summary.conjunctOpening.length < OPENING_WORDS) summary.conjunctOpening.push(token);
      summary.conjunctVerb ||= verb;
    }
    if (summary.opening.length < OPENING_WORDS) summary.opening.push(token);
    summary.verb ||= verb;
    summary.last = token;
    summary.words++;
  }
  return summary;
}

const RELATIVE_PRONOUNS: ReadonlySet<string> = new Set(['who', 'that', 'which', 'whose']);

/** "..., where each player runs a stall": a relative clause about the thing just named. */
function opensRelative(tokens: readonly TaggedToken[]): boolean {
  const first = wordsIn(tokens)[0]?.lower ?? '';
  return first === 'where' || first === 'who' || first === 'which' || first === 'whose';
}

/**
 * "or anyone who gets overwhelmed": a thing named, its only verb in the "who" clause said of
 * it, so no sentence of its own ("and the only customer who comes back is a girl" is one).
 */
function isNamedWithRelative(tokens: readonly TaggedToken[]): boolean {
  const words = wordsIn(tokens);
  const start = CONJUNCTIONS.has(words[0]?.lower ?? '') ? 1 : 0;
  const relative = words.findIndex((word) => RELATIVE_PRONOUNS.has(word.lower));
  if (relative <= start) return false;
  // "but I'm grateful for friends who ...": a subject and its verb, however tagged, before it.
  const named = words.slice(start, relative);
  if (named.some((word) => isVerb(word) || CONTRACTED_VERB.test(word.lower))) return false;
  // Its verbs right after it and no verb later: "who really wants to go", not "who comes
  // back is" (and not "who books them is", the tagger taking "books" for a noun).
  const said = words.slice(relative + 1);
  const to = said.findLastIndex(isVerb);
  return (
    to !== -1 &&
    said.slice(0, to + 1).every((word) => isVerb(word) || word.pos === 'PART' || word.pos === 'ADV')
  );
}

/**
 * "the bees", "new people": a noun phrase that may be the subject of the verb after it, not
 * a task the tagger read as nouns ("call mom"). Of a clause with "and", "but" or "or", the
 * words after the last one.
 */
function isBareSubject({ conjunctOpening, conjunctVerb }: WordSummary): boolean {
  const first = conjunctOpening[0];
  return (
    first !== undefined && first.pos !== 'ADP' && !TASK_VERBS.has(first.lower) && !conjunctVerb
  );
}

/** "wander into other players' hives", "are too shy to ask": a verb with its subject before. */
function lacksSubject(tokens: readonly TaggedToken[]): boolean {
  const [first, second] = wordsIn(tokens);
  if (first === undefined || (first.pos !== 'VERB' && first.pos !== 'AUX')) return false;
  // "sleeping bags", "written update": a verb form describing the noun after it.
  return !(/(?:ing|ed)$/u.test(first.lower) && second?.pos === 'NOUN');
}

/** "(at least) while we're split across two time zones": the first words of a clause that
 * leans on another. */
function opensSubordinate(opening: readonly TaggedToken[]): boolean {
  for (const word of opening) {
    if (SUBORDINATE_OPENERS.has(word.lower)) return true;
    if (word.pos !== 'ADV' && word.pos !== 'ADP' && word.pos !== 'CCONJ') return false;
  }
  return false;
}

/** "while we're split ...": a clause that leans on another. */
function isSubordinate(tokens: readonly TaggedToken[]): boolean {
  return opensSubordinate(wordsIn(tokens).slice(0, OPENING_WORDS));
}

/** "... and if the numbers look bad": what follows a clause's last "and", "but" or "or" (not
 * one that opens it) leans on what comes next. */
function endsSubordinate({ conjunctionToken, conjunctOpening }: WordSummary): boolean {
  return conjunctionToken > 0 && opensSubordinate(conjunctOpening);
}

/**
 * Verbs whose object may be a person and then what they do or what is said ("lets | you
 * lend", "reminds | you to water", "keeps saying | they never get ...").
 */
const PERSON_OBJECT_VERBS: ReadonlySet<string> = new Set([
  'allow',
  'ask',
  'get',
  'help',
  'let',
  'make',
  'need',
  'remind',
  'say',
  'show',
  'teach',
  'tell',
  'want',
]);

/**
 * "suggests | three dinners", "the office feels | grey and empty", "lets | you lend": a verb
 * whose object or complement was cut off. A pronoun after most verbs starts a clause of its
 * own ("... wants to go to | it is about ...").
 */
function cutFromItsVerb(before: WordSummary, tokens: readonly TaggedToken[]): boolean {
  const verb = before.last;
  const first = wordsIn(tokens)[0];
  if (verb?.pos !== 'VERB' || first === undefined) return false;
  return first.pos !== 'PRON' || PERSON_OBJECT_VERBS.has(verb.lemma);
}

/**
 * "... a ladder | they use twice a year", "the door sensors | we already have": a subject and
 * a verb whose object is the thing just named, the "that" unsaid.
 */
function isRelativeRemnant(before: WordSummary, tokens: readonly TaggedToken[]): boolean {
  const { last } = before;
  if (last === undefined || (last.pos !== 'NOUN' && last.pos !== 'PROPN')) return false;
  const words = wordsIn(tokens);
  const subject = words[0];
  // "it would grow fast": a clause of its own, not said of the thing before.
  if (subject?.pos !== 'PRON' || subject.lower === 'it' || CONTRACTED_VERB.test(subject.lower)) {
    return false;
  }
  if (words.some((word) => MODALS.has(word.lower))) return false;
  let at = 1;
  let verb = false;
  while (at < words.length) {
    const word = words[at] as TaggedToken;
    if (BE_FORMS.has(word.lower) || BE_FORMS.has(word.lemma)) return false;
    const next = words[at + 1];
    if (word.pos === 'VERB' || word.pos === 'AUX') verb = true;
    // "already have", "wants to ask": words inside the verb group.
    else if (
      (word.pos !== 'ADV' && word.pos !== 'PART') ||
      next === undefined ||
      (next.pos !== 'VERB' && next.pos !== 'AUX')
    ) {
      break;
    }
    at++;
  }
  const after = words[at];
  return verb && (after === undefined || after.pos === 'ADP' || after.pos === 'ADV');
}

/** "... a tiny mountain town and every letter": the last thing joined on has no verb yet. */
function endsOnBareSubject({
  conjunctionWord,
  conjunctOpening,
  conjunctVerb,
}: WordSummary): boolean {
  const first = conjunctOpening[0];
  return conjunctionWord > 0 && first !== undefined && !conjunctVerb && first.pos !== 'ADP';
}

/** Whether a ends with the words of b ("call mom, buy flowers" and "buy flowers"). */
function endsWithWords(a: Placed, b: Placed): boolean {
  // Compared word by word from the end: a clause grown by joins may be long.
  const before = a.clause.tokens;
  const after = b.clause.tokens;
  let i = before.length - 1;
  let j = after.length - 1;
  let matched = 0;
  for (;;) {
    while (j >= 0 && (after[j] as TaggedToken).kind !== 'word') j--;
    if (j < 0) return matched > 0;
    while (i >= 0 && (before[i] as TaggedToken).kind !== 'word') i--;
    if (i < 0 || (before[i] as TaggedToken).lower !== (after[j] as TaggedToken).lower) return false;
    matched++;
    i--;
    j--;
  }
}

/** How two clauses next to each other were said apart. */
function jointOf(a: Placed, b: Placed, ends: readonly string[]): 'inside' | 'unspoken' | 'spoken' {
  if (a.sentence === b.sentence) return 'inside';
  // No end mark was spoken there: the speech engine's guess, not the speaker's sentence.
  return b.sentence === a.sentence + 1 && (ends[a.sentence] ?? '') === '' ? 'unspoken' : 'spoken';
}

/** Token arrays that joined() made, and so may extend. */
const JOINED = new WeakSet<TaggedToken[]>();

/** The two clauses as one, with the words said between them. */
function joined(
  a: Placed,
  b: Placed,
  sentences: readonly TaggedToken[][],
  dropPauses: boolean,
  role: Role = a.role === 'detail' ? b.role : a.role,
): Placed {
  const between =
    a.sentence === b.sentence
      ? (sentences[a.sentence] as TaggedToken[]).slice(a.to + 1, b.from)
      : [];
  const kept = dropPauses ? between.filter((token) => token.kind === 'word') : between;
  const at = a.clause.tokens.length;
  // A clause made by an earlier join is this function's own: it grows in place, so a long
  // sentence rejoined piece by piece costs time in proportion to its length.
  const owned = JOINED.has(a.clause.tokens);
  const tokens = owned ? a.clause.tokens : [...a.clause.tokens];
  const seams = owned && a.seams !== undefined ? a.seams : [...(a.seams ?? [])];
  seams.push(at);
  for (const seam of b.seams ?? []) seams.push(seam + at + kept.length);
  for (const token of kept) tokens.push(token);
  for (const token of b.clause.tokens) tokens.push(token);
  JOINED.add(tokens);
  return {
    seams,
    clause: {
      tokens,
      lead: a.clause.lead,
      endsWithColon: b.clause.endsWithColon,
    },
    role,
    end: b.end,
    sentence: b.sentence,
    from: a.sentence === b.sentence ? a.from : b.from,
    to: b.to,
  };
}

/**
 * Speech engines and the clause splitter cut some sentences where the speaker did not: a
 * clause without a verb ("at the summer fair"), one without its subject ("wander into ..."),
 * one that leans on another ("while we're split ..."), an object cut from its verb
 * ("suggests | three dinners"), a relative clause cut from its noun ("a ladder | they use
 * twice a year"). Each goes back with its neighbour, the words between kept, unless a full
 * stop was spoken between them or the clause opens with a lead of its own ("because").
 */
function rejoinFragments(
  clauses: readonly Placed[],
  sentences: readonly TaggedToken[][],
  ends: readonly string[],
): Placed[] {
  const out: Placed[] = [];
  // The words of the clause before, kept from one join to the next (see WordSummary).
  let before: WordSummary | undefined;
  for (const next of clauses) {
    const prev = out.at(-1);
    // "call mom, call mom": said twice, told once.
    if (prev !== undefined && prev.sentence === next.sentence && endsWithWords(prev, next)) {
      prev.to = next.to;
      continue;
    }
    // "for the reception, what if we ...": a phrase without a verb said before the idea is
    // the idea's, its lead said between them.
    if (
      prev !== undefined &&
      VERBLESS_LEADS.has(next.clause.lead) &&
      prev.clause.lead === '' &&
      prev.sentence === next.sentence &&
      !prev.clause.endsWithColon &&
      isVerbless(prev.clause.tokens)
    ) {
      out[out.length - 1] = joined(prev, next, sentences, false, next.role);
      before = undefined;
      continue;
    }
    // "Good idea from Sarah today: ...": what a colon introduces is told on its own.
    if (prev === undefined || !PLAIN_JOINS.has(next.clause.lead) || prev.clause.endsWithColon) {
      out.push(next);
      continue;
    }
    const joint = jointOf(prev, next, ends);
    if (joint === 'spoken') {
      out.push(next);
      continue;
    }
    before = summaryOf(prev.clause.tokens, before);
    const b = next.clause.tokens;
    const adjacent = joint === 'unspoken' || prev.to + 1 === next.from;
    const plain = next.clause.lead === '';
    const subject = wordsIn(b)[0]?.pos === 'PRON';
    if (plain && adjacent && isRelativeRemnant(before, b)) {
      // Said of the thing just named, so it is what that clause is for.
      out[out.length - 1] = joined(prev, next, sentences, true, prev.role);
      continue;
    }
    // "an app where you photograph your fridge and it tells you what to cook": what "it" does
    // is the thing just named, so the idea goes on.
    if (
      next.clause.lead === 'and' &&
      wordsIn(b)[0]?.lower === 'it' &&
      // "a local bakery ... and it sells out by nine": the pain it has, no part of the idea.
      next.role !== 'problem' &&
      next.role !== 'why' &&
      isIdeaPhrase(prev.clause.tokens)
    ) {
      out[out.length - 1] = joined(prev, next, sentences, false, prev.role);
      continue;
    }
    // A subject and its verb, or a verb and its object, are not parted by a comma.
    const tight =
      (isBareSubject(before) && lacksSubject(b) && !TASK_VERBS.has(wordsIn(b)[0]?.lower ?? '')) ||
      (cutFromItsVerb(before, b) && (plain || lacksSubject(b))) ||
      (plain && adjacent && subject && endsOnBareSubject(before));
    if (tight) {
      out[out.length - 1] = joined(prev, next, sentences, true);
    } else if (
      joint === 'inside' &&
      (isVerbless(b) ||
        lacksSubject(b) ||
        isNamedWithRelative(b) ||
        (plain && (isSubordinate(b) || opensRelative(b))))
    ) {
      // What leans on the clause before says more of it: "... in May, at the spring market".
      out[out.length - 1] = joined(prev, next, sentences, false, prev.role);
    } else if (opensSubordinate(before.opening) || endsSubordinate(before)) {
      // "... and if the numbers look bad we just go back": the condition leads into its clause.
      out[out.length - 1] = joined(prev, next, sentences, false);
    } else if (
      !before.verb &&
      (prev.clause.lead === '' || VERBLESS_LEADS.has(prev.clause.lead)) &&
      (joint === 'inside' || prev.clause.lead !== '')
    ) {
      // "No auditions, no sheet music, just singing together": a list said before its clause;
      // "what if for our anniversary | we took the night train": the question's clause.
      out[out.length - 1] = joined(prev, next, sentences, false);
    } else {
      out.push(next);
    }
  }
  return out;
}

/** "what if for our anniversary | we took the night train": a lead whose clause is still to come. */
const VERBLESS_LEADS: ReadonlySet<string> = new Set(['what if', 'imagine', 'what about']);

/** Leads a hook keeps: the idea's own words, or the speaker putting it forward. */
function keepsLead(clause: Clause): boolean {
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
function splitHook(
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
function withoutPartHeadings(clauses: readonly Placed[]): Placed[] {
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

/**
 * A pitch made only of what was said: the hook is the idea itself (a "what if", "imagine",
 * "the idea is", an "a ... where ..." phrase, or the clause that names the product), then
 * "Problem:", "Solution:" and "Why it matters:" filled from the clauses whose leads and words
 * say so, each left out when nothing said fits it. A creative idea (a story, a game, a mural)
 * keeps its premise as plain sentences after the hook instead of Problem and Solution.
 */
export function formatPitch(
  sentences: readonly TaggedToken[][],
  category: Category,
  ends: readonly string[] = [],
  joins: readonly string[] = [],
): string {
  const spoken: Placed[] = [];
  const framing = new Set<Placed>();
  for (const [index, tokens] of sentences.entries()) {
    const split = splitClauses(tokens, 'ideas');
    // Clauses come in spoken order, so each is looked for after the one before: a long
    // sentence of many clauses is not searched from its start for each.
    let searched = 0;
    for (const [at, said] of split.entries()) {
      const end = at === split.length - 1 ? (ends[index] ?? '') : '';
      // "... teething stuff | so you never overbuy": the "so" that ran the sentence on leads it
      // (roleOf reads "so we'd make a map ..." as what they would do).
      const clause =
        at === 0 && said.lead === '' && joins[index] === 'so' ? { ...said, lead: 'so' } : said;
      const entry: Placed = {
        clause,
        role: 'detail',
        end,
        sentence: index,
        from: tokens.indexOf(clause.tokens[0] as TaggedToken, searched),
        to: tokens.indexOf(clause.tokens.at(-1) as TaggedToken, searched),
      };
      searched = Math.max(searched, entry.to + 1);
      if (isFramingClause(clause.tokens)) framing.add(entry);
      else dropFramingPrefix(entry, tokens);
      spoken.push(entry);
    }
  }
  // "I was thinking, ..." frames the idea and goes; "I think." said alone is all there is.
  let clauses =
    framing.size < spoken.length ? spoken.filter((entry) => !framing.has(entry)) : spoken;
  // The kind of idea, named first, heads the hook ("Short film idea: A woman finds ...").
  let announcement: TaggedToken[] = [];
  let named = '';
  const first = clauses[0];
  // A heading alone ("Proposal:") needs the idea told after it; run into the idea ("short film
  // idea one long take ..."), it has it in its own clause.
  // "Idea for the wall outside the shop. A big mural of ...": a long topic said alone.
  const longTopic =
    first !== undefined && namesLongIdeaTopic(first.clause.tokens, clauses[1]?.clause.tokens);
  const headed =
    first === undefined
      ? 0
      : longTopic
        ? first.clause.tokens.length
        : announcementLength(first.clause.tokens);
  if (
    first !== undefined &&
    (clauses.length > 1 ||
      (headed > 0 && first.clause.tokens.slice(headed).some((token) => token.kind === 'word')))
  ) {
    const length = headed;
    const words = wordsIn(first.clause.tokens);
    if (length > 0) {
      announcement = first.clause.tokens.slice(0, length);
      named = renderTokens(trimPauses(withoutPointer(announcement)));
      const rest = trimPauses(first.clause.tokens.slice(length));
      if (rest.some((token) => token.kind === 'word')) {
        first.clause = { ...first.clause, tokens: rest };
        first.from = (sentences[first.sentence] as TaggedToken[]).indexOf(rest[0] as TaggedToken);
      } else clauses = clauses.slice(1);
    } else if (
      // "Here's an idea for a board game.": the kind of idea, its lead the word "idea".
      IDEA_FOR_LEADS.has(first.clause.lead) &&
      words[0]?.lower === 'for' &&
      words.length < IDEA_FOR_MAX_WORDS
    ) {
      announcement = first.clause.tokens;
      named = `idea ${renderTokens(trimPauses(announcement))}`;
      clauses = clauses.slice(1);
    }
  }
  if (clauses.length === 0) return '';
  for (const entry of clauses) entry.role = roleOf(entry.clause);
  clauses = withoutPartHeadings(clauses);
  if (clauses.length === 0) return '';
  clauses = rejoinFragments(clauses, sentences, ends);
  let previous: Placed | undefined;
  for (const [at, entry] of clauses.entries()) {
    // "People want rare plants but they cost eighty dollars each": what the "but" says goes
    // wrong makes the want or the habit before it part of the problem.
    const next = clauses[at + 1];
    if (
      entry.role === 'detail' &&
      next?.role === 'problem' &&
      next.clause.lead === 'but' &&
      next.sentence === entry.sentence
    ) {
      entry.role = 'problem';
    }
    // "... because I have killed three monsteras and I am done", "I throw away so much
    // spinach. Embarrassing amounts.": a short coda that says nothing of its own goes on with
    // the pain or the gain just told.
    // So does a clause of no kind of its own joined to it by "and" in the same sentence: "the
    // problem is the call takes thirty minutes, and half of it is irrelevant".
    const joint = previous === undefined ? 'spoken' : jointOf(previous, entry, ends);
    const words = wordsIn(entry.clause.tokens);
    const saidAfter = entry.clause.lead === 'and' ? words : words.slice(1);
    const opening = saidAfter[0];
    // Not a pronoun's own clause or a task: "... and we should move the docs", "... and
    // honestly it was the best part", "... and add the testimonials" say something else.
    const andSaid =
      joint === 'inside' &&
      (entry.clause.lead === 'and' || words[0]?.lower === 'and') &&
      opening !== undefined &&
      opening.pos !== 'VERB' &&
      !TASK_VERBS.has(opening.lower) &&
      !saidAfter.slice(0, 2).some((word) => word.pos === 'PRON');
    if (
      entry.role === 'detail' &&
      previous !== undefined &&
      (previous.role === 'problem' || previous.role === 'why') &&
      (entry.clause.lead === '' || entry.clause.lead === 'and') &&
      (words.length <= CODA_MAX_WORDS || andSaid) &&
      (joint !== 'spoken' || isVerbless(entry.clause.tokens))
    ) {
      entry.role = previous.role;
    }
    previous = entry;
  }
  // What is told right after the kind of idea is the idea, unless the speaker says which. A
  // story or a game named first is followed by its premise, whatever pains it tells of ("you
  // are a pigeon ... without getting caught").
  const toldFirst = clauses[0]?.role;
  const creativeKind = wordsIn(announcement).some(
    (word) => CREATIVE_IDEA_NOUNS.has(word.lower) || CREATIVE_IDEA_NOUNS.has(word.lemma),
  );
  const hookAt =
    announcement.length > 0 &&
    (creativeKind || (toldFirst !== 'problem' && toldFirst !== 'why')) &&
    !clauses.some(({ role }) => role === 'idea')
      ? 0
      : hookIndex(clauses);
  const hookEntry = clauses[hookAt] as Placed;
  const prefix = named === '' ? '' : `${capitalizeFirst(trimTrailingMarks(named))}: `;
  const keepLead = keepsLead(hookEntry.clause);
  let told = sentenceOf(hookEntry, keepLead);
  const rest = clauses.filter((_, index) => index !== hookAt);
  const split = splitHook(hookEntry, told, prefix, keepLead, sentences);
  if (split !== undefined) {
    told = split.told;
    rest.splice(hookAt, 0, split.tail);
  }
  // Only a single word longer than the line is ever cut.
  const hook = cutAtWordBoundary(`${prefix}${told}`, PITCH_HOOK_LONGEST_CHARS);
  const creative = isCreative(hookEntry.clause, category, announcement);
  if (creative) {
    // A premise is told, not argued: only a spoken "so that" or "it matters because" makes a
    // why; a benefit word alone ("every plant you grow ...") stays part of the story.
    for (const entry of rest) {
      if (entry.role === 'why' && LEAD_ROLE.get(entry.clause.lead) === undefined) {
        entry.role = 'detail';
      }
    }
  }
  // Parts: 0 Problem, 1 Solution (a creative idea's premise), 2 Why it matters, and 3 what
  // was told with no cue for any part, kept as the speaker's sentences under no label: a
  // label that misnames a clause is worse than none.
  const partOf = (role: Role): number => {
    if (role === 'why') return 2;
    if (creative) return 1;
    if (role === 'problem') return 0;
    return role === 'detail' ? 3 : 1;
  };
  const seen = new Set<string>([hook.toLowerCase()]);
  const said: string[][] = [[], [], [], []];
  // What each part was made from, for the trace (match/trace.ts).
  const madeFrom: TaggedToken[][] = [[], [], [], []];
  // Clauses of one spoken sentence that go in the same part stay one sentence, so a part
  // keeps whole sentences as they were said.
  let open: { part: number; entry: Placed } | undefined;
  const close = (): void => {
    if (open === undefined) return;
    const sentence = sentenceOf(open.entry, SPOKEN_HOOK_LEADS.has(open.entry.clause.lead));
    const key = sentence.toLowerCase();
    if (sentence !== '' && !seen.has(key)) {
      seen.add(key);
      (said[open.part] as string[]).push(sentence);
      madeFrom[open.part]?.push(...open.entry.clause.tokens);
    }
    open = undefined;
  };
  for (const entry of rest) {
    const part = partOf(entry.role);
    // Two clauses run together with nothing between ("... to mars it is about ...") were two
    // sentences the speech engine did not mark.
    // The hook said between them stays out: joining across it would say it twice.
    const hookBetween =
      hookEntry.sentence === entry.sentence &&
      open !== undefined &&
      hookEntry.from > open.entry.to &&
      hookEntry.to < entry.from;
    if (
      open !== undefined &&
      open.part === part &&
      open.entry.sentence === entry.sentence &&
      open.entry.to < entry.from &&
      !hookBetween &&
      (entry.clause.lead !== '' || open.entry.to + 1 < entry.from) &&
      !SPOKEN_HOOK_LEADS.has(entry.clause.lead)
    ) {
      open.entry = joined(open.entry, entry, sentences, false);
      continue;
    }
    close();
    open = { part, entry };
  }
  close();

  const parts: { line: string; from: readonly TaggedToken[] }[] = [];
  const plain = (part: number): void => {
    const told = (said[part] as string[]).filter((sentence) => sentence !== '');
    if (told.length === 0) return;
    parts.push({
      line: told.join(' '),
      from: madeFrom[part] ?? [],
    });
  };
  plain(creative ? 1 : 3);
  for (const [index, label] of PITCH_SECTION_LABELS.entries()) {
    if (creative && index !== 2) continue;
    const line = section(label, said[index] as string[]);
    if (line !== null) parts.push({ line, from: madeFrom[index] ?? [] });
  }
  const pitch =
    parts.length === 0 ? hook : `${hook}\n\n${parts.map(({ line }) => line).join('\n')}`;
  if (tracing()) {
    noteLine(hook, [...announcement, ...hookEntry.clause.tokens]);
    for (const { line, from } of parts) noteLine(line, from);
  }
  return pitch;
}
