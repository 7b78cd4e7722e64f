import { RuleTable, type Row } from '../match/matcher.js';
import type { MatchToken } from '../match/pattern.js';

/**
 * Where wink's lite model reads a word of speech as the wrong part of speech, a row puts it
 * right after tagging (as compromise's post-tagger does): the rows see the tags as mended so
 * far, left to right.
 */
export interface Retag {
  readonly tag: string;
}

/** A task verb read as a thing, once a verb came earlier: what wink reads as its noun. */
const TASK_VERB_AS_NOUN = '(#NOUN&%base&@task-verbs)';
/** "one pack of nappies", "today walk was long": a thing after all. */
const NOT_A_THING_AFTER = '!(of|@be-forms)';

export const TAG_ROWS: readonly Row<Retag>[] = [
  {
    id: 'tag.preposition-after-a-determiner-is-a-thing',
    pattern: '@noun-determiners [(#ADP|#SCONJ)]',
    action: { tag: 'NOUN' },
    examples: ['count the till and order more bags'],
  },
  {
    id: 'tag.task-verb-after-a-day-starts-a-task',
    pattern: `#VERB (@day-words|one) [${TASK_VERB_AS_NOUN}] ${NOT_A_THING_AFTER}`,
    action: { tag: 'VERB' },
    examples: ['we leave tomorrow pack the car', 'finish tuesday call the plumber'],
    counter: ['one pack of wipes two packs of nappies'],
  },
  {
    id: 'tag.task-verb-after-a-later-day-starts-a-task',
    pattern: `#VERB _* !#DET (@day-words|one) [${TASK_VERB_AS_NOUN}] ${NOT_A_THING_AFTER}`,
    action: { tag: 'VERB' },
    examples: [
      'pick up the kids on tuesday ring margaret about the rota',
      'set it up at the new one buy boxes and tape',
    ],
  },
  {
    id: 'tag.task-verb-after-a-clock-time-starts-a-task',
    pattern: `#VERB (#NUM&/:/) [${TASK_VERB_AS_NOUN}] ${NOT_A_THING_AFTER}`,
    action: { tag: 'VERB' },
    examples: ['meet 3:30 drop off the books'],
  },
  {
    id: 'tag.task-verb-after-a-later-clock-time-starts-a-task',
    pattern: `#VERB _* !#DET (#NUM&/:/) [${TASK_VERB_AS_NOUN}] ${NOT_A_THING_AFTER}`,
    action: { tag: 'VERB' },
    examples: ['pick up the kids at 3:30 drop off the library books'],
    counter: ['meet at the 3:30 drop off point'],
  },
  {
    id: 'tag.task-verb-after-a-time-said-with-at-starts-a-task',
    pattern: `#VERB _* @time-prepositions #NUM [${TASK_VERB_AS_NOUN}] ${NOT_A_THING_AFTER}`,
    action: { tag: 'VERB' },
    examples: ['pick up the kids at 3 drop off the library books'],
  },
  {
    // "for my morning routine drink water": the list's name said first ("for" or "before" and
    // what it is for), and a task verb with a thing after it opens the first task.
    id: 'tag.task-verb-after-what-the-list-is-for-starts-a-task',
    pattern: `^ (for|before) @noun-determiners (#NOUN|#ADJ)+ [${TASK_VERB_AS_NOUN}] (#NOUN|@noun-determiners)`,
    action: { tag: 'VERB' },
    examples: [
      'for my morning routine drink water stretch and make coffee',
      'before the big trip pack bags and book a taxi',
    ],
    counter: ['for my morning coffee run', 'for the team lunch'],
  },
  {
    id: 'tag.base-verb-after-a-determiner-is-a-thing',
    pattern: '@noun-determiners [#VERB&%base]',
    action: { tag: 'NOUN' },
    examples: ['charge my watch lay out my kit and book a taxi'],
  },
  {
    id: 'tag.base-verb-after-a-described-determiner-is-a-thing',
    pattern: '@noun-determiners (#ADJ|#VERB&/(?:ing|ed)$/) [#VERB&%base]',
    action: { tag: 'NOUN' },
    examples: ['fix the leaking tap replace the shower valve and send the invoice'],
    counter: ['the sleeping bags and the frozen peas'],
  },
];

const TAGS = new RuleTable('tags', TAG_ROWS);

/** Puts wink's tags right where a row says it read the word wrong, in place. */
export function mendTags(tokens: readonly (MatchToken & { pos: string })[]): void {
  for (let k = 1; k < tokens.length; k++) {
    const decision = TAGS.decide(tokens, k);
    if (decision === null) continue;
    for (let j = decision.start; j < decision.end; j++) {
      (tokens[j] as { pos: string }).pos = decision.row.action.tag;
    }
  }
}
