import { RuleTable, type Row } from '../match/matcher.js';

/**
 * Where a spoken procedure counts its tasks with a step's name ("step one is to back up the
 * database step two is to run the upgrade script and then step three restart the workers"):
 * the group is what opens the next task and is no part of it, the join before the name
 * included. The count inside the group must follow the one before it (formats/checklist.ts
 * checks the order), so "the second step is hard" or a lone "phase two" names a step and opens
 * nothing.
 */
export interface OpensCountedTask {
  readonly opens: 'counted-task';
}

export const LIST_ROWS: readonly Row<OpensCountedTask>[] = [
  {
    id: 'list.step-and-its-count-open-a-task',
    pattern: '[(and|then|,)* @step-nouns @count-words (~be|,)? to?] !(of|and|or)',
    action: { opens: 'counted-task' },
    examples: [
      'so step one is to back up the database step two is to run the upgrade script and then step three restart the workers',
      'step one preheat the oven step two mix the flour and the butter step three bake it for twenty minutes',
      'stage one, strip the old wallpaper, stage two, fill the cracks, and stage three paint the walls',
      'phase one is to interview the users then phase two is to build the prototype',
    ],
    counter: [
      'step one of the plan is done and we start the next one tomorrow',
      'we finished phase two last week',
    ],
  },
  {
    id: 'list.count-and-its-step-open-a-task',
    pattern: '[(and|then|,)* the? @count-words @step-nouns (~be|,)? to?] !(of|and|or)',
    action: { opens: 'counted-task' },
    examples: [
      'first step is to call the bank, second step is to cancel the card',
      'the first stage is to clear the garden then the second stage is to lay the patio',
      'so first step email the landlord second step book the van third step pack the kitchen',
    ],
    counter: ['the first step was the hardest part of the whole thing'],
  },
];

export const LIST_TABLE = new RuleTable('list', LIST_ROWS);
