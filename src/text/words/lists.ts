import { LIST_HEADS, TO_DO_NAMES } from './tasks.js';

/**
 * Words that name a spoken list and what it is for ("grocery list for the party", "Things to
 * pack.", "For the trip."), read by src/text/clauses/list-names.ts. Data only.
 */

/** Events a list is packed or bought for, in a topic or a "For ..." heading. */
const LIST_EVENTS: readonly string[] = [
  'party',
  'trip',
  'holiday',
  'wedding',
  'weekend',
  'sleepover',
  'picnic',
  'bbq',
  'barbecue',
];

/** Occasions a list is for, said after their kind ("sunday brunch", "the hospital bag"). */
export const LIST_OCCASIONS: ReadonlySet<string> = new Set([
  ...LIST_EVENTS,
  'dinner',
  'brunch',
  'lunch',
  'breakfast',
  'bag',
  'birthday',
  'shower',
  'night',
]);

/** "things for the van", "kit for the gig": a list named by what its things are for. */
export const LIST_OF_THINGS_HEADS: ReadonlySet<string> = new Set([
  'things',
  'stuff',
  'bits',
  'kit',
  'gear',
  'supplies',
  'essentials',
]);

/** "things to pack", "stuff to buy": a list named by what is to be done with its things. */
export const THINGS_WORDS: ReadonlySet<string> = new Set(['things', 'stuff']);

/** Words that name a list said as a heading: "Baby stuff.", "Stuff for Monday.", "Jobs.". */
export const LIST_HEADING_WORDS: ReadonlySet<string> = new Set([
  ...LIST_HEADS,
  ...TO_DO_NAMES,
  'bits',
  'bag',
  'errands',
]);

/** Occasions a list is for, said in a "For ..." heading ("For the trip.", "For training."). */
export const HEADING_OCCASIONS: ReadonlySet<string> = new Set([
  ...LIST_EVENTS,
  'training',
  'move',
  'camping',
  'shoot',
  'gig',
  'rehearsal',
  'course',
]);

/**
 * Words that join the things of a list said inside one sentence ("tow float, gloves, and the
 * changing robe"): a sentence without one says its things one per sentence.
 */
export const LIST_JOINT_WORDS: ReadonlySet<string> = new Set(['and', 'plus', 'then', 'also']);

/**
 * Words that make a piece said after a comma tell of the thing before rather than name one:
 * which one ("the big ones", "the strong pair", "the frozen stuff"), or how many ("both
 * pairs", "all of them", "lots of it", "a couple").
 */
export const DETAIL_PIECE_WORDS: ReadonlySet<string> = new Set([
  'one',
  'ones',
  'pair',
  'kind',
  'sort',
  'type',
  'stuff',
  'both',
  'all',
  'lots',
  'loads',
  'lot',
  'half',
  'few',
  'couple',
  'dozen',
  'each',
  'plenty',
]);

/**
 * Two words joined by "and" that name one thing ("the fizzy laces in the pick and mix", "salt
 * and vinegar crisps", "order fish and chips"): never parted into two things of a list.
 */
export const PAIRED_NAMES: ReadonlySet<string> = new Set([
  'arts and crafts',
  'bangers and mash',
  'bed and breakfast',
  'black and white',
  'butter and jelly',
  'bits and pieces',
  'bubble and squeak',
  'cash and carry',
  'cheese and onion',
  'cheese and tomato',
  'drug and alcohol',
  'fish and chips',
  'fruit and veg',
  'gin and tonic',
  'ham and cheese',
  'health and safety',
  'hide and seek',
  'mac and cheese',
  'marks and spencer',
  'mix and match',
  'macaroni and cheese',
  'nuts and bolts',
  'odds and ends',
  'pick and mix',
  'pie and mash',
  'pros and cons',
  'rhubarb and custard',
  'rock and roll',
  'salt and vinegar',
  'steak and kidney',
  'surf and turf',
  'sweet and sour',
  'trial and error',
]);

/**
 * What an amount said with "and" goes on with ("an inch and a half", "two and a half hours",
 * "a pound and a quarter of mince"): one amount, no second thing.
 */
export const FRACTIONS_AFTER_AND: ReadonlySet<string> = new Set(['half', 'quarter']);

/**
 * Colours, which are said as things ("the gold") as often as of them: before "and" and another
 * word of how a thing is, they describe the thing that follows ("the gold and green strip").
 */
export const COLOURS: ReadonlySet<string> = new Set([
  'black',
  'blue',
  'brown',
  'cream',
  'gold',
  'green',
  'grey',
  'gray',
  'navy',
  'orange',
  'pink',
  'purple',
  'red',
  'silver',
  'white',
  'yellow',
]);
