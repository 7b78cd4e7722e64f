/**
 * The words a spoken pitch is built from: the leads that say what a clause is for ("the
 * problem is", "so that", "what if"), cue words for a problem, a solution and why it matters,
 * and the nouns that make an idea a creative one. Data only: src/text/clauses.ts and
 * src/text/formats/pitch.ts apply them.
 */

export type PitchRole = 'idea' | 'problem' | 'why';

/**
 * Clause leads, longest first so "the problem is that" wins over "the problem is". Each says
 * which part of a pitch the clause after it is; 'because' is settled by the clause's words,
 * and 'instead of' names what the idea replaces, no part: its words alone may name one.
 */
export const IDEA_LEAD_ROLES: readonly (readonly [string, PitchRole | 'reason' | 'contrast'])[] = [
  ['it matters because', 'why'],
  ['this matters because', 'why'],
  ['the problem is that', 'problem'],
  ['the problem is', 'problem'],
  ['the issue is that', 'problem'],
  ['the issue is', 'problem'],
  ['the trouble is that', 'problem'],
  ['the trouble is', 'problem'],
  // A part named as it is said ("the problem is X and the value is Y"): each names its own.
  ['the value is that', 'why'],
  ['the value is', 'why'],
  ['the benefit is that', 'why'],
  ['the benefit is', 'why'],
  ['the upside is', 'why'],
  ['the payoff is', 'why'],
  ['the idea is that', 'idea'],
  ['the idea is', 'idea'],
  ['the solution is', 'idea'],
  ['my idea is', 'idea'],
  ['my proposal is', 'idea'],
  ['i want to propose', 'idea'],
  ["i'd like to propose", 'idea'],
  ['i would like to propose', 'idea'],
  ['i want to suggest', 'idea'],
  ["i'd like to suggest", 'idea'],
  ['i would like to suggest', 'idea'],
  ['i propose', 'idea'],
  ['what if', 'idea'],
  ['imagine', 'idea'],
  ["here's an idea", 'idea'],
  ['here is an idea', 'idea'],
  ["here's a thought", 'idea'],
  ['here is a thought', 'idea'],
  ['hear me out', 'idea'],
  ['instead of', 'contrast'],
  ['it matters', 'why'],
  ['so that', 'why'],
  ['which means', 'why'],
  ['that means', 'why'],
  ['that way', 'why'],
  ['that would', 'why'],
  ['right now', 'problem'],
  ['currently', 'problem'],
  ['because', 'reason'],
  ['cause', 'reason'],
];

/**
 * Leads that only lead where a clause starts: within one they are its own words ("we could
 * walk instead of driving", "what I was thinking of").
 */
export const CLAUSE_START_LEADS: ReadonlySet<string> = new Set([
  "here's an idea",
  'here is an idea',
  "here's a thought",
  'here is a thought',
  'hear me out',
  'instead of',
  // "which rooms are empty right now": said inside a clause, the time of its own words.
  'right now',
  'currently',
]);

/** Clauses that only frame what follows ("I was thinking, ..."): no part of a pitch. */
/**
 * Framing said before the clause it frames, in one breath ("I'm thinking we offer ..."): it
 * goes when a subject and its verb follow. "I was going to say we should ..." stays: what
 * follows is often taken back ("..., but actually ...").
 */
export const FRAMING_PREFIXES: readonly (readonly string[])[] = [
  ["i'm", 'thinking'],
  ['i', 'am', 'thinking'],
];

export const FRAMING_CLAUSES: ReadonlySet<string> = new Set([
  'i was thinking',
  "i'm thinking",
  'i am thinking',
  'i was going to say',
  "i've been thinking",
  'i have been thinking',
  'i think',
  'i was wondering',
  // "Here's the idea.": a heading before the idea, not the idea.
  "here's the idea",
  'here is the idea',
  "here's my idea",
  'here is my idea',
  "here's the pitch",
  'here is the pitch',
  // "So, a thought. A swap shop for ...": a heading too.
  'a thought',
  'just a thought',
  'a quick thought',
  'quick thought',
  'a random thought',
  'random thought',
  'i had a thought',
  "i've had a thought",
  'i have a thought',
  'i had an idea',
  "i've had an idea",
  'i have an idea',
]);

/** Leads that belong to the idea's own words and stay in the hook ("What if ...?"). */
export const SPOKEN_HOOK_LEADS: ReadonlySet<string> = new Set(['what if', 'imagine']);

/**
 * The speaker putting the idea forward: kept in the hook, which then reads as the proposal
 * it was ("I propose a rota.", not "A rota.").
 */
export const PROPOSAL_LEADS: ReadonlySet<string> = new Set([
  'i want to propose',
  "i'd like to propose",
  'i would like to propose',
  'i want to suggest',
  "i'd like to suggest",
  'i would like to suggest',
  'i propose',
]);

/** Leads that end on "idea": followed by "for a board game", they name the kind of idea. */
export const IDEA_FOR_LEADS: ReadonlySet<string> = new Set(["here's an idea", 'here is an idea']);

export const IDEA_LEADS: readonly (readonly string[])[] = IDEA_LEAD_ROLES.map(([lead]) =>
  lead.split(' '),
);

export const LEAD_ROLE: ReadonlyMap<string, PitchRole | 'reason' | 'contrast'> = new Map(
  IDEA_LEAD_ROLES,
);

/** Connectives that open a clause saying what the idea brings ("so you get paid on time"). */
export const WHY_CONNECTIVES: ReadonlySet<string> = new Set(['so']);

/** Leads that are part of what the clause says, kept in its sentence whatever part it goes in. */
export const MEANING_LEADS: ReadonlySet<string> = new Set(['instead of', 'right now', 'currently']);

/** The parts of a pitch a speaker names as a heading ("The problem:", "Here's the problem."). */
export const PART_NAMES: ReadonlyMap<string, 'problem' | 'solution' | 'why'> = new Map([
  ['problem', 'problem'],
  ['issue', 'problem'],
  ['solution', 'solution'],
  ['fix', 'solution'],
]);

/** Words that point at a part named as a heading: "here's the problem", "so the issue". */
export const HEADING_POINTERS: ReadonlySet<string> = new Set([
  "here's",
  'here',
  'is',
  'the',
  'so',
  'okay',
  'right',
  'my',
  'our',
  'main',
  'real',
  'big',
]);

/**
 * How an idea pays: a clause about its price or fee tells how it makes money, which is not
 * the Solution ("Solution: Charge a small monthly fee" misnames it).
 */
export const PAYMENT_WORDS: ReadonlySet<string> = new Set([
  'fee',
  'fees',
  'price',
  'prices',
  'priced',
  'charge',
  'charging',
  'subscription',
  'subscriptions',
  'pounds',
  'quid',
  'dollars',
  'euros',
  'bucks',
  'per',
]);

/**
 * Nouns a speaker heads an idea with before telling it ("Song idea.", "Proposal for the
 * team:").
 */
export const ANNOUNCING_NOUNS: ReadonlySet<string> = new Set([
  'idea',
  'proposal',
  'pitch',
  'suggestion',
]);

/**
 * Verbs that say what the idea would do for people when it is the subject of "would" ("it
 * would help", "that'd make mornings calmer"); otherwise they may describe the product.
 */
export const GAIN_VERBS: ReadonlySet<string> = new Set(['help', 'make', 'free', 'stop']);

/**
 * The people an idea is for: what they "would" do is what it brings ("people would give away
 * more", "new hires would stop pinging Rachel", "they'd pay"), where volunteers or the council
 * who "would" do something are part of the plan.
 */
export const PEOPLE_SERVED: ReadonlySet<string> = new Set([
  // Said of people at large: "one neighbour would shop for three houses" is who does it.
  'people',
  'everyone',
  'everybody',
  'anyone',
  'anybody',
  'nobody',
  'they',
  'customers',
  'users',
  'hires',
  'starters',
  'kids',
  'children',
  'parents',
  'families',
  'residents',
  'neighbours',
  'neighbors',
  'students',
  'owners',
  'tenants',
  'shoppers',
  'visitors',
  'commuters',
  'folks',
  'employees',
]);

/** Nouns that make the idea a creative work: such a pitch reads as a premise, not a product. */
export const CREATIVE_IDEA_NOUNS: ReadonlySet<string> = new Set([
  'album',
  'anthology',
  'choir',
  'comic',
  'dance',
  'documentary',
  'escape',
  'exhibition',
  'fable',
  'festival',
  'film',
  'game',
  'installation',
  'movie',
  'mural',
  'musical',
  'novel',
  'painting',
  'performance',
  'play',
  'podcast',
  'poem',
  'puppet',
  'series',
  'sculpture',
  'show',
  'song',
  'story',
  'strip',
  'theatre',
  'zine',
]);

/** Nouns that name a product or a proposal: a clause about one states the idea. */
export const IDEA_NOUNS: ReadonlySet<string> = new Set([
  ...CREATIVE_IDEA_NOUNS,
  'app',
  'bot',
  'buddy',
  'café',
  'cafe',
  'club',
  'dashboard',
  'device',
  'fridge',
  'kit',
  'library',
  'marketplace',
  'plan',
  'platform',
  'plug-in',
  'plugin',
  'program',
  'programme',
  'service',
  'site',
  'subscription',
  'tool',
  'website',
  'workshop',
]);

/**
 * Cue words that name their part on their own ("waste", "an app", "saves"), one set a part. The
 * other cue words ("never", "everyone", "help") are said in clauses of every part, so a clause
 * with no lead needs two of a kind before its words name its part (formats/pitch.ts, roleOf).
 */
const PROBLEM_NAMING_CUES = [
  'problem',
  'problems',
  'issue',
  'issues',
  'pain',
  'struggle',
  'struggling',
  'frustrating',
  'frustrated',
  'annoying',
  'waste',
  'wasting',
  'wasted',
  'expensive',
  'costly',
  'broken',
  'tedious',
  'confusing',
  'hassle',
  'overwhelmed',
  'unreliable',
  'ruin',
  'overpriced',
  'stressful',
  'ruining',
];

const SOLUTION_NAMING_CUES = [
  'app',
  'platform',
  'tool',
  'service',
  'product',
  'solution',
  'solve',
  'solves',
  'automatically',
  'automate',
  'marketplace',
  'website',
  'device',
];

const WHY_NAMING_CUES = [
  'save',
  'saves',
  'saving',
  'revenue',
  'profit',
  'impact',
  'matters',
  'important',
  'opportunity',
  'demand',
  'faster',
  'cheaper',
  'sustainable',
  'happier',
  'healthier',
];

export const PART_NAMING_CUES: ReadonlySet<string> = new Set([
  ...PROBLEM_NAMING_CUES,
  ...SOLUTION_NAMING_CUES,
  ...WHY_NAMING_CUES,
]);

export const PROBLEM_CUES: ReadonlySet<string> = new Set([
  ...PROBLEM_NAMING_CUES,
  'wrong',
  'too',
  'hard',
  'harder',
  'difficult',
  'slow',
  "can't",
  'cannot',
  "don't",
  "doesn't",
  'never',
  'nobody',
  'lack',
  'missing',
  'manual',
  'tired',
  'hate',
  'stuck',
  'lose',
  'losing',
  'lost',
  'forget',
  'risk',
  'fail',
  'fails',
  'without',
  'currently',
  'nowhere',
  'throw',
  'ignored',
  'awkward',
  'confused',
  'bored',
  'complain',
  'complaining',
  'lonely',
  'struggles',
  'forgets',
  'forgetting',
  'dropping',
  'costing',
  'costs',
  'no-one',
  'worst',
  // "my gran still answers FaceTime upside down", "I have killed three monsteras": how
  // things go wrong today.
  'still',
  'kill',
  'killed',
  'dying',
  // "impulse buying is ruining my bank account", "they cost like eighty dollars each": what
  // today's way takes from people (forms are matched by their lemma too).
  'cost',
  'hurt',
  'painful',
  'impossible',
  'pricey',
  'forever',
  'stress',
  'stressed',
  'mess',
  'messy',
  'boring',
  'miss',
  'suffer',
  'worry',
  'worried',
  "couldn't",
]);

export const SOLUTION_CUES: ReadonlySet<string> = new Set([
  ...SOLUTION_NAMING_CUES,
  'build',
  'building',
  'create',
  'lets',
  'let',
  'allow',
  'allows',
  'helps',
  'help',
  'helping',
  'using',
  'simple',
  'easy',
  'instead',
  'subscription',
  'feature',
  'features',
  'connects',
  'matches',
  'offer',
  'offers',
  'scan',
  'tracks',
  'track',
  'sends',
  'reminds',
  'shows',
  'finds',
]);

export const WHY_CUES: ReadonlySet<string> = new Set([
  ...WHY_NAMING_CUES,
  'market',
  'hundreds',
  'thousands',
  'million',
  'millions',
  'billion',
  'billions',
  'percent',
  'grow',
  'growth',
  'growing',
  'money',
  'matter',
  'everyone',
  'worth',
  'better',
  'future',
  'community',
  'means',
  'finally',
  'customers',
  'users',
  // "It'd cut ramp-up time by half": less of something costly.
  'cut',
  'cuts',
  'reduce',
  'reduces',
]);

/** Words that open a relative clause of the pitch's clause rejoiner ("a tool that ..."). */
export const RELATIVE_PRONOUNS: ReadonlySet<string> = new Set(['who', 'that', 'which', 'whose']);

/** Words that open a clause which cannot stand alone ("while we're split ...", "if ..."). */
export const SUBORDINATE_OPENERS: ReadonlySet<string> = new Set([
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

/** Modals that make a clause a statement of its own rather than a fragment to rejoin. */
export const MODALS: ReadonlySet<string> = new Set([
  'can',
  'could',
  'will',
  'would',
  'should',
  'might',
  'must',
  'may',
]);

/** "what if for our anniversary | we took the night train": a lead whose clause is still to come. */
export const VERBLESS_LEADS: ReadonlySet<string> = new Set(['what if', 'imagine', 'what about']);

// Words the pitch cues read (infer/pitch-signals.ts).

export const IDEA_KIND_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ']);

/** How an idea is said to be one at the very start ("what if ...", "here's what I'm thinking"). */
export const IDEA_OPENINGS: readonly string[] = [
  'what if',
  'imagine',
  "here's an idea",
  'here is an idea',
  "here's what i'm thinking",
  'here is what i am thinking',
  'hear me out',
];

/** What "imagine" opens when it pitches ("imagine a ...", "imagine if ...", "imagine you ..."). */
export const IMAGINED_OPENERS: ReadonlySet<string> = new Set(['a', 'an', 'if', 'you', 'we', 'the']);

/** Verbs that make a work ("I want to write a children's book about ..."). */
export const MAKING_WORK: ReadonlySet<string> = new Set([
  'write',
  'make',
  'film',
  'record',
  'paint',
]);

/** Words of a work seen, read or heard rather than pitched ("highly recommend", "five stars"). */
export const REVIEW_WORDS: ReadonlySet<string> = new Set([
  'recommend',
  'star',
  'meh',
  'watch',
  'episode',
  'season',
  'read',
  'stuck',
]);

/** Works told of that are not ideas' names elsewhere ("a book" pitched is a kids book). */
export const WORK_NOUNS: ReadonlySet<string> = new Set(['book', 'script', 'screenplay', 'zine']);

/** Words after an opening rhetorical ask that make it a real one ("can we agree on a date"). */
export const AGREE_ON: ReadonlySet<string> = new Set([
  'on',
  'to',
  'with',
  'upon',
  'what',
  'when',
  'how',
]);

export const PROPOSING_VERBS: ReadonlySet<string> = new Set(['suggest', 'propose']);

/** Words that offer the label ("my proposal", "one suggestion"): "the proposal" is told of. */
export const PROPOSAL_OWNERS: ReadonlySet<string> = new Set(['my', 'our', 'a', 'one', 'another']);

export const EXCLAIMED: ReadonlySet<string> = new Set([
  'cry',
  'scream',
  'sleep',
  'die',
  'dance',
  'eat',
  'burst',
  'weep',
  'faint',
  'explode',
  'kiss',
  'kill',
]);

// Read by formats/pitch/announcement.ts.

/** Words before "idea" that judge it rather than name its kind ("Good idea from Sarah"). */
export const JUDGING_WORDS: ReadonlySet<string> = new Set([
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
export const KIND_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ']);

/** Words before a kind of idea that only point to it ("a song idea", "my startup idea"). */
export const POINTING_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'another',
  'my',
  'our',
  'this',
]);

/** Words that make "a ..." after an idea's topic a verdict on it ("a total failure", "a bit rubbish"). */
export const VERDICT_WORDS: ReadonlySet<string> = new Set([
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

export const BE_PAST: ReadonlySet<string> = new Set(['was', 'were']);

/** Words that open the idea itself after its topic ("A giant whale ...", "We paint ..."). */
export const IDEA_OPENERS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'we',
  'you',
  'imagine',
  'what',
]);

/** Nouns that make "a ..." an amount or a time ("a lot", "a bit", "a day"). */
export const AMOUNT_NOUNS: ReadonlySet<string> = new Set([
  'lot',
  'bit',
  'few',
  'couple',
  'little',
  'day',
  'week',
  'while',
]);

// Read by formats/pitch/roles.ts.

export const IDEA_PRONOUNS: ReadonlySet<string> = new Set(['it', 'this', 'that']);

/** First-person plans after a "so" ("so we'd make a map", "so I want to build"): the idea. */
export const PLANNING_SUBJECTS: ReadonlySet<string> = new Set([
  "i'd",
  "we'd",
  "i'll",
  "we'll",
  "let's",
]);

/** What "I" or "we" plan with: "we could", "I want to", "we should". */
export const PLANNING_VERBS: ReadonlySet<string> = new Set([
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

// Read by formats/pitch/rejoin.ts.

/** Connectives that join a clause to the one before without saying what it is for. */
export const PLAIN_JOINS: ReadonlySet<string> = new Set([
  '',
  'and',
  'or',
  'but',
  'then',
  'also',
  'plus',
]);

/** After "I'm thinking we": a guess, not a proposal. */
export const HEDGED: ReadonlySet<string> = new Set(['might', 'may', 'are', 'were', 'was', 'is']);

// Read by formats/pitch/hook-breaks.ts.

/** Verbs that report what others say ("the team keeps saying ...", "my boss tells me ..."). */
export const SAYING_VERBS: ReadonlySet<string> = new Set(['say', 'tell', 'complain', 'mention']);

// Read by formats/pitch/word-summary.ts.

/**
 * Verbs whose object may be a person and then what they do or what is said ("lets | you
 * lend", "reminds | you to water", "keeps saying | they never get ...").
 */
export const PERSON_OBJECT_VERBS: ReadonlySet<string> = new Set([
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
