import type { Category } from '#contract/taxonomy.js';
import { splitClauses, type Clause } from '../clauses.js';
import { cutAtWordBoundary } from '../cut.js';
import type { TaggedToken } from '../nlp.js';
import { capitalizeFirst, looksLikeQuestion, renderTokens, trimPauses } from '../sentences.js';
import {
  CREATIVE_IDEA_NOUNS,
  FRAMING_CLAUSES,
  IDEA_NOUNS,
  LEAD_ROLE,
  PROBLEM_CUES,
  SOLUTION_CUES,
  SPOKEN_HOOK_LEADS,
  WHY_CONNECTIVES,
  WHY_CUES,
  type PitchRole,
} from '../words/pitch.js';
import { OPENERS } from '../words/fillers.js';

export const PITCH_HOOK_MAX_CHARS = 140;
/** A pitch is short: each part keeps its first sentences, in spoken order. */
export const PITCH_SECTION_MAX_SENTENCES = 3;
export const PITCH_SECTION_LABELS = ['Problem', 'Solution', 'Why it matters'] as const;

type Role = PitchRole | 'solution' | 'detail';

interface RoleClause {
  clause: Clause;
  role: Role;
  /** The spoken end mark when the clause ends its sentence ("?" for a question), else ''. */
  end: string;
}

function countCues(tokens: readonly TaggedToken[], cues: ReadonlySet<string>): number {
  let count = 0;
  for (const token of tokens) {
    if (token.kind === 'word' && (cues.has(token.lower) || cues.has(token.lemma))) count++;
  }
  return count;
}

function mentionsIdeaNoun(tokens: readonly TaggedToken[]): boolean {
  return tokens.some(
    (token) =>
      token.kind === 'word' && (IDEA_NOUNS.has(token.lower) || IDEA_NOUNS.has(token.lemma)),
  );
}

/** "an escape room where ...", "a podcast where ...": the idea said as a thing. */
function isIdeaPhrase(tokens: readonly TaggedToken[]): boolean {
  const first = tokens.find((token) => token.kind === 'word');
  return (
    first !== undefined &&
    (first.lower === 'a' || first.lower === 'an') &&
    !tokens.some((token) => token.pos === 'AUX' && token.lower !== "can't")
  );
}

/**
 * What a clause is for, by its lead first ("the problem is", "so that", "what if") and only
 * then by its words: a pain (problem), a product or proposal (solution), a gain (why).
 */
function roleOf(clause: Clause): Role {
  const lead = LEAD_ROLE.get(clause.lead);
  const problem = countCues(clause.tokens, PROBLEM_CUES);
  const why = countCues(clause.tokens, WHY_CUES);
  if (lead === 'reason') return problem > why ? 'problem' : 'why';
  if (lead !== undefined) return lead;
  // "This startup idea is about ...", "my idea": the speaker naming the idea.
  if (
    clause.tokens.some((token, i) => token.lower === 'idea' && clause.tokens[i + 1]?.lower === 'is')
  ) {
    return 'idea';
  }
  if (WHY_CONNECTIVES.has(clause.lead)) return 'why';
  const solution = countCues(clause.tokens, SOLUTION_CUES);
  if (problem > 0 && problem >= why && problem >= solution) return 'problem';
  if (why > 0 && why >= solution) return 'why';
  if (solution > 0) return 'solution';
  return 'detail';
}

function hookIndex(clauses: readonly RoleClause[]): number {
  const said = clauses.findIndex(({ role }) => role === 'idea');
  if (said !== -1) return said;
  const phrase = clauses.findIndex(({ clause }) => isIdeaPhrase(clause.tokens));
  if (phrase !== -1) return phrase;
  const named = clauses.findIndex(
    ({ clause, role }) => role !== 'problem' && mentionsIdeaNoun(clause.tokens),
  );
  if (named !== -1) return named;
  const first = clauses.findIndex(({ role }) => role !== 'problem' && role !== 'why');
  return first === -1 ? 0 : first;
}

function stripOpeners(tokens: readonly TaggedToken[]): TaggedToken[] {
  let start = 0;
  while (start < tokens.length - 1) {
    const token = tokens[start] as TaggedToken;
    if (token.kind !== 'word') {
      start++;
      continue;
    }
    if (!OPENERS.has(token.lower) && token.lower !== 'that' && token.lower !== 'then') break;
    start++;
  }
  return trimPauses(tokens.slice(start));
}

/** A clause as a sentence of the speaker's words: capitalised, with an end mark. */
function sentenceOf({ clause, end }: RoleClause, keepLead: boolean): string {
  const body = renderTokens(stripOpeners(clause.tokens));
  if (body === '') return '';
  const text = keepLead ? `${clause.lead} ${body}` : body;
  if (/[.!?。！？]$/u.test(text)) return capitalizeFirst(text);
  const question =
    end === '?' ||
    end === '？' ||
    (keepLead && clause.lead === 'what if') ||
    (end === '' && looksLikeQuestion(clause.tokens));
  return `${capitalizeFirst(text)}${question ? '?' : end === '!' ? '!' : '.'}`;
}

function trimTrailingMarks(text: string): string {
  return text.replace(/[\s.,;:!?。！？]+$/u, '');
}

function section(label: string, sentences: readonly string[]): string | null {
  const kept = sentences.filter((sentence) => sentence !== '');
  if (kept.length === 0) return null;
  return `${label}: ${kept.slice(0, PITCH_SECTION_MAX_SENTENCES).join(' ')}`;
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
  const nouns = [...announcement.filter((token) => token.pos === 'NOUN'), ...headNouns(hook)];
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

/**
 * Where the speaker names the kind of idea before telling it ("Short film idea.", "game idea
 * you play ...", "Idea for the book club."): the tokens of that announcement at the start of
 * the clause, or 0.
 */
export function announcementLength(tokens: readonly TaggedToken[]): number {
  const words = tokens.filter((token) => token.kind === 'word');
  const first = words[0];
  if (first === undefined) return 0;
  if (first.lemma === 'idea' && words[1]?.lower === 'for' && words.length <= IDEA_FOR_MAX_WORDS) {
    return tokens.length;
  }
  let kind = 0;
  while (kind < KIND_MAX_WORDS && words[kind] !== undefined) {
    const word = words[kind] as TaggedToken;
    if (word.lemma === 'idea' || !KIND_TAGS.has(word.pos)) break;
    kind++;
  }
  // The kind is a noun ("game", "short film"): "good idea", "same idea" judge, not name.
  const named = words[kind - 1];
  if (kind === 0 || words[kind]?.lemma !== 'idea' || named === undefined) return 0;
  if (named.pos === 'ADJ' || JUDGING_WORDS.has(named.lower)) return 0;
  return tokens.indexOf(words[kind] as TaggedToken) + 1;
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
): string {
  const spoken: RoleClause[] = [];
  const framing = new Set<RoleClause>();
  for (const [index, tokens] of sentences.entries()) {
    const split = splitClauses(tokens, 'ideas');
    for (const [at, clause] of split.entries()) {
      const end = at === split.length - 1 ? (ends[index] ?? '') : '';
      const entry: RoleClause = { clause, role: roleOf(clause), end };
      const words = clause.tokens.filter((token) => token.kind === 'word');
      if (FRAMING_CLAUSES.has(words.map((token) => token.lower).join(' '))) framing.add(entry);
      spoken.push(entry);
    }
  }
  // "I was thinking, ..." frames the idea and goes; "I think." said alone is all there is.
  const clauses =
    framing.size < spoken.length ? spoken.filter((entry) => !framing.has(entry)) : spoken;
  // The kind of idea, named first, heads the hook ("Short film idea: A woman finds ...").
  let announcement: TaggedToken[] = [];
  const first = clauses[0];
  if (first !== undefined && clauses.length > 1) {
    const length = announcementLength(first.clause.tokens);
    if (length > 0) {
      announcement = first.clause.tokens.slice(0, length);
      const rest = trimPauses(first.clause.tokens.slice(length));
      if (rest.some((token) => token.kind === 'word'))
        first.clause = { ...first.clause, tokens: rest };
      else clauses.shift();
    }
  }
  if (clauses.length === 0) return '';
  // What is told right after the kind of idea is the idea, unless the speaker says which.
  const toldFirst = clauses[0]?.role;
  const hookAt =
    announcement.length > 0 &&
    toldFirst !== 'problem' &&
    toldFirst !== 'why' &&
    !clauses.some(({ role }) => role === 'idea')
      ? 0
      : hookIndex(clauses);
  const hookClause = (clauses[hookAt] as RoleClause).clause;
  const keepLead = SPOKEN_HOOK_LEADS.has(hookClause.lead);
  const told = sentenceOf(clauses[hookAt] as RoleClause, keepLead);
  const named = renderTokens(trimPauses(announcement));
  const hook = cutAtWordBoundary(
    named === '' ? told : `${capitalizeFirst(trimTrailingMarks(named))}: ${told}`,
    PITCH_HOOK_MAX_CHARS,
  );
  const seen = new Set<string>([hook.toLowerCase()]);
  const rest = clauses.filter((_, index) => index !== hookAt);
  const said = (roles: readonly Role[]): string[] =>
    rest
      .filter(({ role }) => roles.includes(role))
      .map((entry) => sentenceOf(entry, SPOKEN_HOOK_LEADS.has(entry.clause.lead)))
      .filter((sentence) => {
        const key = sentence.toLowerCase();
        if (sentence === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });

  const parts: string[] = [];
  if (isCreative(hookClause, category, announcement)) {
    // A premise is told, not argued: only a spoken "so that" or "it matters because" makes a
    // why; a benefit word alone ("every plant you grow ...") stays part of the story.
    for (const entry of rest) {
      if (entry.role === 'why' && LEAD_ROLE.get(entry.clause.lead) === undefined) {
        entry.role = 'detail';
      }
    }
    const premise = said(['idea', 'solution', 'detail', 'problem']);
    if (premise.length > 0) parts.push(premise.slice(0, PITCH_SECTION_MAX_SENTENCES + 1).join(' '));
    const why = section(PITCH_SECTION_LABELS[2], said(['why']));
    if (why !== null) parts.push(why);
  } else {
    for (const [label, roles] of [
      [PITCH_SECTION_LABELS[0], ['problem']],
      [PITCH_SECTION_LABELS[1], ['idea', 'solution', 'detail']],
      [PITCH_SECTION_LABELS[2], ['why']],
    ] as const) {
      const part = section(label, said(roles));
      if (part !== null) parts.push(part);
    }
  }
  return parts.length === 0 ? hook : `${hook}\n\n${parts.join('\n')}`;
}
