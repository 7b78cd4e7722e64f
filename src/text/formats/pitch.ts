import type { Category } from '#contract/taxonomy.js';
import { splitClauses } from '../clauses.js';
import { cutAtWordBoundary } from '../cut.js';
import { noteLine, tracing } from '../match/trace.js';
import type { TaggedToken } from '../nlp.js';
import { capitalizeFirst, renderTokens, trimPauses } from '../sentences.js';
import {
  CREATIVE_IDEA_NOUNS,
  IDEA_FOR_LEADS,
  LEAD_ROLE,
  SPOKEN_HOOK_LEADS,
} from '../words/pitch.js';
import { wordsIn } from './pitch/hook-breaks.js';
import { TASK_VERBS } from '../words/tasks.js';
import {
  IDEA_FOR_MAX_WORDS,
  announcementLength,
  isCreative,
  namesLongIdeaTopic,
  withoutPointer,
} from './pitch/announcement.js';
import {
  PITCH_HOOK_LONGEST_CHARS,
  keepsLead,
  section,
  sentenceOf,
  splitHook,
  trimTrailingMarks,
  withoutPartHeadings,
} from './pitch/hook.js';
import {
  CODA_MAX_WORDS,
  dropFramingPrefix,
  isFramingClause,
  isVerbless,
  joined,
  jointOf,
  rejoinFragments,
} from './pitch/rejoin.js';
import { hookIndex, roleOf, type Placed, type Role } from './pitch/roles.js';

export const PITCH_SECTION_LABELS = ['Problem', 'Solution', 'Why it matters'] as const;

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
  // What "instead of" replaces, told first, is not the idea either.
  const replacedFirst = LEAD_ROLE.get(clauses[0]?.clause.lead ?? '') === 'contrast';
  const hookAt =
    announcement.length > 0 &&
    (creativeKind || (toldFirst !== 'problem' && toldFirst !== 'why')) &&
    !replacedFirst &&
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
