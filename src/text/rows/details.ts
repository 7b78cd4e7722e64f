import { RuleTable, type Row } from '../match/matcher.js';
import { LISTENER_WORDS } from '../words/asides.js';

/**
 * What a comma in a spoken list sets off that only says more of the thing before it: when it
 * was ("the quiz at the club, Friday"), how much or how big ("drill bits, 6mm", "folding
 * chairs, all forty"), or how it is ("the gas analyser, calibrated": wink reads such a word as a
 * thing, so a word ending in -ed is taken by its ending, "-bed" and "-eed" aside: "proceed"). Said alone between
 * commas, it is no thing of the list: it stays with the item before (clauses/split-clauses.ts).
 * Each row starts at the comma.
 */
export interface JoinsThingBefore {
  readonly joins: 'thing-before';
}

/** Nothing more is said of it: a comma, an end mark or the end of the text comes next. */
const ENDS_HERE = '!.';
/** The thing the detail is said of: a noun or a name just before the comma ("no, three" is none). */
const THING = '(#NOUN|#PROPN)';
/**
 * A word of how the thing is; "sorry", "fine" and their like are said to the listener, not of
 * the thing, and wink reads them as adjectives too.
 */
const HOW_IT_IS = `(#ADJ&/^(?!(${[...LISTENER_WORDS].join('|')})$)/|/^[a-z]{3,}[^be]ed$/)`;
const UNITS =
  '(mm|cm|m|metre|metres|meter|meters|kg|g|gram|grams|ml|litre|litres|liter|liters|inch|inches|foot|feet|ft|percent)';

export const DETAIL_ROWS: readonly Row<JoinsThingBefore>[] = [
  {
    id: 'detail.a-day-said-alone-after-a-thing',
    pattern: `${THING} [, @day-words] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: [
      'Quiz night at the cricket club, Friday. Print the answer sheets. Buy the raffle prizes.',
      'Gas check at the bakery, Monday, and the spare filters for the van.',
    ],
    counter: ['Pack the tent, Saturday we leave at six, and the stove.'],
  },
  {
    id: 'detail.a-measure-said-alone-after-a-thing',
    pattern: `${THING} [, (%num|/^\\d+(mm|cm|m|kg|g|ml|l|in|ft)$/) ${UNITS}?] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: [
      'For the shelves. Drill bits, 6mm. Wall plugs. The spirit level.',
      'Paint brushes, 2 inch, and the roller tray. Masking tape.',
    ],
    counter: ['Eggs, 12 rolls, milk and the butter.'],
  },
  {
    id: 'detail.an-amount-in-what-it-comes-in-said-after-a-thing',
    pattern: `${THING} [, (maybe|about|around|roughly|just)? (%num|@number-words|a|an|the) (%num|@number-words)? /^(big|small|large|little|few)$/? @amount-nouns] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: [
      'Changeover. Two rolls of bin bags. Toilet roll, the big pack. Clean the oven.',
      'Stream setup. A pop filter. Energy drinks, maybe a four pack. Test the alerts.',
      'For the barbecue. Charcoal, two bags. Burgers. Rolls.',
      'Court tomorrow. Skeleton argument, three copies. Phone charger.',
      'Shop run. Paper towels, a big pack. Washing up liquid.',
    ],
    counter: ['Eggs, two lemons, milk and the butter.'],
  },
  {
    id: 'detail.how-many-said-alone-after-a-thing',
    pattern: `${THING} [, (maybe|about|around|roughly)? a? (%num|@number-words|dozen|couple|few) (%num|@number-words)? of? them?] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: [
      'Party prep. Party bags, ten of them. Candles.',
      'Cone drill. Cones, maybe twenty. The bibs.',
      'Clown kit. Red noses, about 15. The big shoes.',
      'For the debut. The little fans, three hundred of them. The cake tasting.',
    ],
    counter: ['Eggs, 12 rolls, milk and the butter.', 'Rolls, one for each of us, and the butter.'],
  },
  {
    id: 'detail.how-many-people-said-after-a-thing',
    pattern: `${THING} [, (maybe|about|around|roughly)? (%num|@number-words) (people|guests|adults|kids|children|staff|players)] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: [
      'Transplanting on Tuesday. Hire the planting crew, six people, and ask Minh to cook lunch.',
      'Book the minibus, about twenty kids. Print the forms.',
    ],
    counter: ['Invite the neighbours, two guests from work, and the cousins.'],
  },
  {
    id: 'detail.all-of-a-count-said-after-a-thing',
    pattern: `${THING} [, (all|both) (%num|@number-words)] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: ['For the hall. Folding chairs, all forty. The urn. Paper cups.'],
  },
  {
    id: 'detail.which-ones-said-after-a-thing',
    pattern: `${THING} [, (the|those|these)? (#ADJ|#NOUN|%num)? (#ADJ|#NOUN)? (one|ones|kind|sort|type)] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: [
      'Swim bag. Tow float, gloves, neoprene ones, the changing robe.',
      'Stock for the salon. Lash glue, the sensitive one. Micro brushes.',
      'For the shed. Tape, the blue kind. Cable ties.',
    ],
    counter: ['Rolls, one for each of us, and the butter.'],
  },
  {
    id: 'detail.the-one-with-what-sets-it-apart-said-after-a-thing',
    pattern: `${THING} [, the (one|ones) (with|from|in|on|that|for|by) . .? .? .?] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: [
      'Budgie things. Cuttlefish, a new mirror, the one with the bell. Bird seed.',
      'For the clearance. The sack truck, the one in the shed. Bubble wrap.',
    ],
  },
  {
    id: 'detail.how-a-thing-is-said-alone-after-it',
    pattern: `${THING} [, #ADV? ${HOW_IT_IS}] ${ENDS_HERE}`,
    action: { joins: 'thing-before' },
    examples: [
      'Van check before the rounds. The gas analyser, calibrated. The spare seals.',
      'Kit for the night shift. My radio, fully charged, the spare torch, and the keys.',
    ],
    counter: ['I missed the bus, sorry, I overslept.', 'Do you want two? No, three.'],
  },
];

export const DETAIL_TABLE = new RuleTable('detail', DETAIL_ROWS);
