import { RuleTable, type Row } from '../match/matcher.js';

/**
 * Where the boundary model (learn/boundary-tagger.ts) may not cut unpunctuated speech into
 * sentences or items, however sure it is: the group starts at the word a cut would fall
 * before (boundaries.ts `forbidsCut`). A cut the rules make themselves is not asked.
 */
export interface ForbidsCut {
  readonly forbids: 'cut';
}

export const CUT_ROWS: readonly Row<ForbidsCut>[] = [
  {
    id: 'cut.never-between-numbers-joined',
    pattern: '%num [(and|or|to) %num]',
    action: { forbids: 'cut' },
    examples: [],
  },
  {
    id: 'cut.never-before-the-second-of-joined-numbers',
    pattern: '%num (and|or|to) [%num]',
    action: { forbids: 'cut' },
    examples: [],
  },
  {
    // "switch reviews to mornings | so nobody waits", "so that managers see", "so excited":
    // after "so" comes what the clause is for or how much; the rules decide a "so" of their
    // own in a long run (boundaries.ts isDiscourseMarker).
    id: 'cut.never-at-so',
    pattern: '[so]',
    action: { forbids: 'cut' },
    examples: [
      "let's switch code reviews to mornings so nobody waits a whole day for feedback",
      'we signed the lease on our first flat today so excited',
      'build a dashboard so that managers see the numbers live',
    ],
  },
  {
    // "i reckon | we could", "i was thinking | we could", "my manager thinks | it would":
    // what is thought or said is the verb's, no sentence of its own.
    id: 'cut.never-after-a-verb-of-thinking-or-saying',
    pattern: '(~think|~reckon|~guess|~hope|~suppose|~say|~know|~feel|~bet|~wonder) [.]',
    action: { forbids: 'cut' },
    examples: [
      'i reckon we could do a barbecue on saturday if the weather holds',
      'i was thinking we could run a bath for the kids',
    ],
  },
  {
    // "the little bakery in town | which was my favourite", "a sock | who gets lost".
    id: 'cut.never-at-a-relative-pronoun',
    pattern: '[(which|who|whom|whose)]',
    action: { forbids: 'cut' },
    examples: ['the little bakery in town um which was my favourite has shut'],
  },
  {
    // "pick up the cake | she made and call the florist": a clause that says which thing.
    id: 'cut.never-before-a-clause-describing-the-thing-before',
    pattern: '(#NOUN|#PROPN) [(#DET|#PRON)? (#PRON|#NOUN) #VERB] (and|but)',
    action: { forbids: 'cut' },
    examples: ['pick up the cake she made and call the florist'],
  },
  {
    // "we baked the cake | my kids wanted": the same, said last.
    id: 'cut.never-before-a-clause-describing-the-thing-said-last',
    pattern: '(#NOUN|#PROPN) [(#DET|#PRON)? (#PRON|#NOUN) #VERB] $',
    action: { forbids: 'cut' },
    examples: ['we sold the old sofa on facebook um i think'],
  },
  {
    // "the messages in bottles | that wash up": "that" after a thing says which.
    id: 'cut.never-at-that-after-a-thing',
    pattern: '(#NOUN|#PROPN) [that]',
    action: { forbids: 'cut' },
    examples: [
      'a short film about a lighthouse keeper who collects the messages in bottles that wash up and answers every single one of them',
    ],
  },
  {
    // "six months ago | i couldn't run": how long ago, said first, sets the clause after it.
    id: 'cut.never-after-a-time-ago-said-first',
    pattern: '^ (#NUM|#DET)? #NOUN ago [.]',
    action: { forbids: 'cut' },
    examples: [
      "six months ago i couldn't run to the end of my street and today i ran ten k without stopping or asking for more so so proud of how far i've come",
    ],
  },
  {
    // "tourists never find the good places | because the reviews are fake so we'd make a
    // map": a reason or a condition goes with the clause it is said of; cut before it, the
    // rules would wait for its main clause and keep the rest whole.
    id: 'cut.never-before-a-reason-or-a-condition',
    pattern: '[(because|cos|if|unless|although|though|whereas)]',
    action: { forbids: 'cut' },
    examples: [
      "tourists never find the good taco places in our city because the reviews are all fake so we'd make a map curated by local cooks and taxi drivers",
    ],
  },
  {
    // "since monday | the heating has been broken", "until yesterday | i had never seen snow",
    // "instead of printing | the menus": a phrase said first sets the clause after it.
    id: 'cut.never-after-an-opening-phrase-of-time-or-place',
    pattern: '^ (#ADP|#SCONJ|instead) of? #DET? (#NOUN|#PROPN|#VERB|#ADV) [.]',
    action: { forbids: 'cut' },
    examples: ['until yesterday i had never seen snow'],
  },
  {
    // "mix | the flour", "we should | move the sofa", "we finished | phase two".
    id: 'cut.never-between-a-verb-and-what-it-takes',
    pattern: '(#VERB|#AUX|/ed$/) #ADV? [(#DET|#NOUN|#PROPN|#ADJ|#NUM|#VERB|#ADV|#PART)]',
    action: { forbids: 'cut' },
    examples: ['we baked the cake my kids wanted'],
  },
  {
    // "i ran four past | the lake", "check the | food order": a phrase is still open.
    id: 'cut.never-after-a-preposition-or-a-determiner',
    pattern: '(#ADP|#DET|to) [.]',
    action: { forbids: 'cut' },
    examples: ['hear me out we could rent a van for the whole team trip so nobody has to drive'],
  },
  {
    // "picnic things garlic | bread", "and users | love it": a run of nouns parts only where the rules of lists say
    // (clauses/split-list.ts).
    id: 'cut.never-inside-a-run-of-nouns',
    pattern: '(#NOUN|#PROPN) [(#NOUN|#PROPN|#ADJ)]',
    action: { forbids: 'cut' },
    examples: [
      'the the new new feature is is live and and users love it',
      "i handed in my notice and in march i'm starting a new job at the hospital",
    ],
  },
  {
    // "jobs for monday | fix the leaking tap", "most people | give up too soon".
    id: 'cut.never-between-a-subject-and-its-verb',
    pattern: '(#NOUN|#PROPN|#PRON) [(#VERB|#AUX)]',
    action: { forbids: 'cut' },
    examples: ['jobs for monday fix the leaking tap replace the shower valve and send the invoice'],
  },
];

export const CUT_TABLE = new RuleTable('cut', CUT_ROWS);
