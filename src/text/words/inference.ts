import type { Category } from '#contract/taxonomy.js';

/**
 * Words that tell what a transcript is when no format word was spoken, for the server's
 * inference (src/text/infer.ts). Lemmas, lower case. The browser's keyword lists
 * (keywords.ts) stay short for its bundle; these add the everyday vocabulary of each
 * category so the whole transcript can vote.
 */

/** Feelings and reactions: a tweet says how something felt. */
export const FEELING_WORDS: ReadonlySet<string> = new Set([
  'amazing',
  'believe',
  'crying',
  'cry',
  'excited',
  'exciting',
  'grateful',
  'happy',
  'honest',
  'laugh',
  'legend',
  'love',
  'lucky',
  'perfect',
  'proud',
  'ridiculously',
  'scary',
  'terrified',
  'thank',
  'thanks',
  'tired',
  'unreal',
  'worth',
  'best',
  'worst',
  'disaster',
  'favourite',
  'favorite',
  'new',
]);

/** Announcements and news: a tweet says what just happened. */
export const NEWS_WORDS: ReadonlySet<string> = new Set([
  'announce',
  'finally',
  'just',
  'today',
  'tonight',
  'news',
  'live',
  'launched',
  'shipped',
  'hired',
  'promoted',
  'adopted',
  'accepted',
  'finished',
  'passed',
  'turned',
  'welcome',
  'first',
]);

/** Phrases that announce a tweet outright. */
export const OPINION_MARKERS: readonly string[] = [
  'hot take',
  'unpopular opinion',
  'today i learned',
  // A public thank-you is a post, whatever the people thanked did.
  'shout out to',
  'shoutout to',
  'huge thanks to',
  'big thanks to',
];

/**
 * Phrases that announce news to whoever reads ("Big announcement: our podcast ..."): a post,
 * whatever idea, product or task the news is about.
 */
export const ANNOUNCEMENTS: readonly string[] = [
  'big announcement',
  'big news',
  'some news',
  'exciting news',
  'excited to share',
  'excited to announce',
  'happy to share',
  'happy to announce',
  'proud to share',
  'proud to announce',
  'thrilled to share',
  'thrilled to announce',
];

/** A cheer said as a sentence of its own ("We did it!"): news of something done. */
export const CHEERS: readonly string[] = ['we did it', 'i did it', 'we made it', 'i made it'];

/**
 * What a note opens with when the speaker writes to themself ("Note to self: ..."): private,
 * never a post, so tasks or a proposal.
 */
export const PRIVATE_MARKERS: readonly string[] = [
  'note to self',
  'notes to self',
  'reminder to self',
  'memo to self',
];

/** Opinions: a hot take is a tweet. */
export const OPINION_PHRASES: readonly string[] = [
  'hot take',
  'unpopular opinion',
  'overrated',
  'underrated',
  'the best thing about',
  'today i learned',
  'nobody',
  'most',
];

/**
 * An invitation to whoever reads the post ("come down and bring your friends", "come see
 * it"): said to an audience, so a tweet's call to action, not the speaker's own tasks.
 */
export const INVITATIONS: readonly string[] = [
  'come along',
  'come and',
  'come by',
  'come check',
  'come down',
  'come hang',
  'come join',
  'come over',
  'come out',
  'come say',
  'come see',
  'join us',
];

/**
 * Asking everyone to agree ("can we just agree that ... should ...") is a complaint said to
 * the world, a tweet: its "should" proposes nothing to build.
 */
export const RHETORICAL_OPENERS: readonly string[] = [
  'can we all agree',
  'can we all just agree',
  'can we just agree',
  'can we agree',
  'am i the only one',
  'is it just me',
];

/** Leads of a pitch: a what-if, a proposal, a premise. */
export const PITCH_PHRASES: readonly string[] = [
  'what if',
  'imagine',
  'the idea is',
  'my idea',
  'i want to propose',
  'my proposal',
  'propose',
  'suggest',
  'the problem is',
  'so that',
  'we should build',
  'we should give',
  'we should pay',
  'we should test',
  'it matters because',
  "here's an idea",
  'here is an idea',
  "here's a thought",
  'here is a thought',
  'hear me out',
  'an idea for',
  // An idea announced as had: "I've got this idea for a running app" ("got an idea of how big
  // the garden is" has none, and "an idea for" is above).
  'got this idea',
  'had this idea',
];

/**
 * Labels a proposal opens with ("Proposal: ...", "Suggestion for the team: ..."): what comes
 * after is put forward, as after "I propose".
 */
export const PROPOSAL_LABELS: ReadonlySet<string> = new Set(['proposal', 'suggestion', 'pitch']);

/** Modals a proposal is put with ("we should ...", "we could ..."). */
export const PROPOSING_MODALS: ReadonlySet<string> = new Set(['should', 'could']);

/**
 * Verbs that change how something is done ("let's rotate who runs the retro", "let's move
 * standup to ten"): after "let's" and with a reason, a proposal; "let's grab lunch" is a plan.
 */
export const CHANGE_VERBS: ReadonlySet<string> = new Set([
  'alternate',
  'automate',
  'batch',
  'cap',
  'change',
  'cut',
  'ditch',
  'drop',
  'limit',
  'merge',
  'move',
  'pilot',
  'replace',
  'rotate',
  'scrap',
  'shift',
  'shorten',
  'skip',
  'split',
  'start',
  'stop',
  'swap',
  'switch',
  'trial',
  'try',
]);

/** Said before an idea named as a thing ("I'd love a mural of ..."): wished for, so pitched. */
export const WISH_PHRASES: readonly string[] = [
  "i'd love",
  'i would love',
  'we could',
  "it'd be",
  'it would be',
  "wouldn't it be",
  // "I want to make an album where ...": a thing to make, with an idea noun after it.
  'i want to make',
  'i want to build',
  'i want to start',
  'i want to write',
  'i want to create',
  'we want to build',
  'we want to start',
];

/** A proposal's reason need not be "because": "instead of arguing, we could ...". */
export const REASON_PHRASES: readonly string[] = ['because', 'so', 'instead of', 'so that'];

/**
 * Idea nouns that, after "the", are mostly things the speaker already has ("how to open the
 * fridge", "the club meets on Monday"); "a community fridge" is still an idea.
 */
export const HAD_WITH_THE: ReadonlySet<string> = new Set([
  'fridge',
  'library',
  'club',
  'café',
  'cafe',
]);

/** Nouns that name a product or a business: pitched, they are work. */
export const PRODUCT_NOUNS: ReadonlySet<string> = new Set([
  'app',
  'bot',
  'business',
  'dashboard',
  'device',
  'marketplace',
  'platform',
  'plugin',
  'plug-in',
  'product',
  'service',
  'startup',
  'subscription',
  'tool',
  'website',
]);

/**
 * Words every kind of talk has (a weekday, friends, dinner, an email, the camera of a
 * phone): they count half, so they settle the category only when nothing more telling was
 * said ("bring your friends" to a gig, "working weekends").
 */
export const AMBIENT_WORDS: ReadonlySet<string> = new Set([
  'battery',
  'batteries',
  'breakfast',
  'camera',
  'coffee',
  'dinner',
  'email',
  'emails',
  'friend',
  'friends',
  'lunch',
  // A run is a jog, but meetings, migrations and vans are run too.
  'run',
  'running',
  'saturday',
  'sunday',
  // A status update, a software update, a life update.
  'update',
  'weekend',
  'weekends',
]);

/**
 * The people one is paid to serve or works beside: a client, a customer, a patient said of
 * are the speaker's work more surely than any thing said with them ("a client asked me to
 * make the logo pop", "the client made us bacon sandwiches"). They settle a tie for work.
 */
export const ROLE_WORDS: ReadonlySet<string> = new Set([
  'client',
  'clients',
  'customer',
  'customers',
  'patient',
  'patients',
  'pupil',
  'pupils',
  'colleague',
  'colleagues',
  'coworker',
  'coworkers',
]);

/**
 * Words of a category only as nouns: a drum beat, an album track and an escape room are art,
 * but to beat someone at cards, track the hours or escape the heat is not; a notice period is
 * work, to notice is not.
 */
export const NOUN_SENSES: ReadonlySet<string> = new Set([
  'beat',
  'escape',
  'notice',
  'track',
  // "shift the sofa" moves it; "a night shift" is work.
  'shift',
]);

/**
 * Two words that name one everyday thing, so neither votes as it would alone: a video call is
 * no video work.
 */
export const NEUTRAL_PAIRS: ReadonlySet<string> = new Set([
  'department store',
  'video call',
  'video calls',
  'video chat',
  'photo id',
  'story points',
]);

/**
 * Verbs that make a photo or a video a snapshot, not a piece of work ("take a photo of your
 * houseplant"): the noun after them does not vote creative.
 */
export const SNAPSHOT_VERBS: ReadonlySet<string> = new Set(['take', 'snap']);

/**
 * What any idea may be built as: pitched, an app or a website is for work, home or art alike,
 * so what it is for decides the category, not the thing.
 */
export const VEHICLE_NOUNS: ReadonlySet<string> = new Set(['app', 'application', 'website']);

/** Everyday vocabulary of each category, by lemma. */
export const CATEGORY_VOCABULARY: Record<Category, readonly string[]> = {
  work: [
    'admin',
    'api',
    'carbon',
    'churn',
    'cloud',
    'code',
    'contributor',
    'customer',
    'dashboard',
    'deploy',
    'docs',
    'engineer',
    'freelancer',
    'hire',
    'hiring',
    'invoice',
    'job',
    'manager',
    'notice',
    'offsite',
    'pricing',
    'quote',
    'release',
    'remote',
    'reporting',
    'spreadsheet',
    'staging',
    'support',
    'team',
    'tracker',
    'typescript',
    'user',
    'email',
    'server',
    'promote',
    'candidate',
    'one-on-one',
    'ship',
    'login',
    'bonus',
    'company',
    'companies',
    'restaurant',
    // A small business of one's own is work too.
    'side business',
    'no-shows',
    'shop',
    'store',
    'discount',
    'website',
    'landing page',
    'testimonial',
    'contact form',
    'one-on-ones',
    'marketing',
    'budget',
    'agenda',
    'analytics',
    'async',
    'app',
    'architecture',
    'backend',
    'branch',
    'bug',
    'business',
    'ceo',
    'client',
    'colleague',
    'commit',
    'compliance',
    'conference',
    'contract',
    'coworker',
    'cto',
    'database',
    'deadline',
    'demo',
    'design review',
    // A position taken: "starting a new role" is a career ("a role in the play" is not new).
    'new role',
    'developer',
    'devops',
    'employee',
    'feature',
    'frontend',
    'funding',
    'intern',
    'investor',
    'kpi',
    'lead',
    'merge',
    'metrics',
    'migration',
    'office',
    'onboarding',
    'payroll',
    'pitch deck',
    'pr',
    'product',
    'production',
    'quarter',
    'recruiter',
    'refactor',
    'repo',
    'revenue',
    'review',
    'roadmap',
    'rota',
    'salary',
    'seed',
    'seed round',
    'shipping',
    'slide',
    'scrum',
    'sprint',
    'stakeholder',
    'standup',
    'startup',
    'sync',
    'test',
    'ticket',
    'timesheet',
    'update',
    'vendor',
    'workflow',
    'workshop',
    // Work that is not at a desk: shifts, trades, a shop or a stall, the books. A ward, a
    // nurse, a lease or a subscription are as often a family's.
    'shift',
    'night shift',
    'handover',
    'overtime',
    'staff',
    'call-out',
    'callout',
    'apprentice',
    'trainee',
    'supplier',
    'wholesale',
    'restock',
    'stall',
    'market stall',
    'business card',
    'card reader',
    'bookshop',
    'turnover',
    'month-end',
    'reconcile',
    'accrual',
    'subscriber',
    'per unit',
    // A hospital's and a classroom's words, found missing in speech written apart from the rules.
    'patient',
    'pharmacist',
    'accountant',
    'translator',
    'pupil',
    'classroom',
    'students',
    'teaching',
    'grading',
    'bakery',
    'regulars',
    'kitchen team',
    // Photocopying worksheets is a teacher's job ("a photocopy of my licence" is not).
    'photocopying',
    'photocopier',
    // A shop's tills, a school's department, a business's profits, a hustle on the side.
    'tills',
    'department',
    'profit',
    'profits',
    'side hustle',
  ],
  personal: [
    'aunt',
    'baby',
    'bank',
    'battery',
    'birthday',
    'boiler',
    'bread',
    'car',
    'cake',
    'coffee',
    'cooler',
    'dentist',
    'dinner',
    'dog',
    'driveway',
    'eggs',
    'family',
    'fence',
    'flight',
    'fridge',
    'friend',
    'gift',
    'grandma',
    'grandmother',
    'grandparent',
    'gym',
    'home',
    'kid',
    'kitchen',
    'lawn',
    'marathon',
    'milk',
    'neighbour',
    'neighbor',
    'parcel',
    'passport',
    'plant',
    'plumber',
    'recipe',
    'registration',
    'shed',
    'sleep',
    'sofa',
    'tent',
    'teen',
    'teenager',
    'tomato',
    'towel',
    'twin',
    'uncle',
    'grandchildren',
    'shower',
    'mum',
    'mom',
    'cat',
    'party',
    'receipt',
    'insurance',
    'mortgage',
    'florist',
    'venue',
    'guest',
    'seating',
    'vacuum',
    'living room',
    'bedsheet',
    'recycling',
    'sunday',
    'saturday',
    'weekend',
    'pancake',
    'run',
    'photo album',
    'balloon',
    'community',
    'grandchildren',
    'candle',
    'anniversary',
    'apartment',
    'bath',
    'bathroom',
    'bedroom',
    'bike',
    'blanket',
    'breakfast',
    'brother',
    'child',
    'children',
    'chore',
    'cousin',
    'dad',
    'daughter',
    'doctor',
    'father',
    'garage',
    'garden',
    'grocery',
    'groceries',
    'health',
    'hike',
    'holiday',
    'homework',
    'house',
    'husband',
    'laundry',
    'lunch',
    'mother',
    'nephew',
    'niece',
    'parent',
    'partner',
    'pet',
    'picnic',
    'pizza',
    'puppy',
    'relax',
    'sandwich',
    'school',
    'sister',
    'son',
    'umbrella',
    'vacation',
    'walk',
    'wedding',
    'wife',
    'yoga',
    'heater',
    'landlord',
    'curtain',
    'bulb',
    'vet',
    'kids',
    'sober',
    'sobriety',
    'recovery',
    'boyfriend',
    'girlfriend',
    'flatmate',
    'roommate',
    'gran',
    'granny',
    'grandad',
    'grandpa',
    'grandfather',
    'houseplant',
    // The rest of a family, however it is said.
    'auntie',
    'fiance',
    'fiancé',
    'fiancee',
    'fiancée',
    'godchild',
    'goddaughter',
    'godson',
    'granddaughter',
    'grandkid',
    'grandson',
    'in-laws',
    'nan',
    'nana',
    'newborn',
    'sibling',
    'stepdad',
    'stepmom',
    'stepmum',
    'toddler',
    'nappy',
    'nappies',
    'calpol',
    'pram',
    'driving test',
    // The days a family marks, and the home's own business: its money, its health, its upkeep.
    'christening',
    'baptism',
    'hen do',
    'stag do',
    'baby shower',
    'funeral',
    'honeymoon',
    'engagement',
    'tooth fairy',
    'sleepover',
    'babysitter',
    'babysitting',
    'nits',
    'lice',
    'allergy',
    'blood test',
    'pocket money',
    'takeaway',
    'lodger',
    'wifi',
    'router',
    'broadband',
    'council tax',
    'ironing',
    'hoover',
    'pension',
    'savings',
    'bills',
  ],
  creative: [
    'album',
    'band',
    'choir',
    'comic',
    'editor',
    'episode',
    'escape',
    'fairy',
    'festival',
    'film',
    'frame',
    'gallery',
    'game',
    'guitar',
    'mural',
    'music',
    'musician',
    'novel',
    'paint',
    'painting',
    'photo',
    'poem',
    'podcast',
    'pottery',
    'puppet',
    'setlist',
    'shoot',
    'sing',
    'sketch',
    'sketching',
    'song',
    'story',
    'strip',
    'theatre',
    'track',
    'video',
    'writing',
    'lens',
    'camera',
    'amp',
    'clip',
    'intro',
    'magazine',
    'rejection',
    'recording',
    'art',
    'actor',
    'artist',
    'bridge',
    'canvas',
    'chorus',
    'compose',
    'concert',
    'costume',
    'dancer',
    'demo',
    'design',
    'draft',
    'drawing',
    'exhibit',
    'illustration',
    'ink',
    'lyric',
    'melody',
    'palette',
    'performance',
    'photograph',
    'photography',
    'piano',
    'poetry',
    'portrait',
    'render',
    'rhyme',
    'sculpt',
    'sketchbook',
    'stage',
    'studio',
    'verse',
    'voicemail',
    'watercolor',
    'watercolour',
    'zine',
    'ghost',
    'card game',
    'short film',
    'character',
    'plot',
    'scene',
    'script',
    'chapter',
    'fiction',
    'collage',
    'gig',
    'photographer',
    'reflector',
    'tripod',
    'ep',
    'mixtape',
    'kids book',
    "children's book",
    'picture book',
    // Making things for pleasure: the crafts, the instruments and the stage of a hobby.
    'knit',
    'wool',
    'yarn',
    'crochet',
    'sew',
    'sewing',
    'embroidery',
    'quilt',
    'quilting',
    'cello',
    'violin',
    'fiddle',
    'drum',
    'drummer',
    'ukulele',
    'cornet',
    'trumpet',
    'brass band',
    'handbell',
    'rehearsal',
    'open mic',
    'busk',
    'busking',
    'busker',
    'quartet',
    'orchestra',
    'ballet',
    'pointe',
    'tap dance',
    'salsa',
    'haiku',
    'pastels',
    'stencil',
    'diorama',
    'miniature',
    'lego',
    'typeface',
    'font',
    'calligraphy',
    'linocut',
    'printmaking',
    'woodcarving',
    'whittle',
    'cosplay',
    'panto',
    'pantomime',
    'drama',
    'ventriloquist',
    'theremin',
    'henna',
    'stained glass',
    'origami',
    'mosaic',
    'glaze',
    'kiln',
    'clay',
    'easel',
    'acrylic',
    'anthology',
    'manuscript',
    'fan fiction',
    'screenplay',
  ],
};

/** What is played rather than who: "you play a game", "you play a part in it". */
export const PLAYED_THINGS: ReadonlySet<string> = new Set([
  'game',
  'round',
  'match',
  'part',
  'role',
  'song',
  'set',
  'trick',
  'joke',
  'card',
]);

export const TOPIC_ENDS: ReadonlySet<string> = new Set(['ADP', 'PRON', 'AUX', 'SCONJ', 'CCONJ']);

/** Kinds of idea that earn a living ("side hustle idea", "business idea", "startup idea"). */
export const EARNING_IDEA_KINDS: ReadonlySet<string> = new Set([
  'business',
  'hustle',
  'startup',
  'saas',
]);

export const ROLE_DETERMINERS: ReadonlySet<string> = new Set(['a', 'the', 'my', 'our', 'every']);

export const FIRST_PERSON: ReadonlySet<string> = new Set(['i', 'my', 'me', "i'm", "i've", "i'd"]);

// Read by infer/proposals.ts.

/** Modals that say what a thing mused on would do ("an app that could ..."). */
export const DOING_MODALS: ReadonlySet<string> = new Set([
  'would',
  'could',
  'can',
  'will',
  'might',
]);

/** Who may make a new thing after "I've been thinking" ("we could start", "it'd make"). */
export const MAKERS: ReadonlySet<string> = new Set(['we', 'i', 'it']);

/** Verbs that found a new thing ("start a group", "open a cafe", "launch a newsletter"). */
export const FOUNDING: ReadonlySet<string> = new Set([
  'start',
  'open',
  'launch',
  'build',
  'create',
  'offer',
]);

export const MAKING_MODALS: ReadonlySet<string> = new Set(['could', 'should', 'might', 'would']);

/** Verbs of a view given ("I reckon we could ...", "I think we should ..."). */
export const RECKONING: ReadonlySet<string> = new Set(['reckon', 'think']);

/** Verbs a new thing is run with ("do a supper club", "run a stall", "host a night"). */
export const RUNNING: ReadonlySet<string> = new Set(['do', 'run', 'host', 'set']);

/** What opens a new thing after its verb ("start a swap shop", "put lockers", "run some"). */
export const NEW_THING_OPENERS: ReadonlySet<string> = new Set(['a', 'an', 'some']);

/**
 * What a business offers its people ("we should offer", "we could launch"): "we should open
 * the windows", "we could add a bathroom", "we should move the sofa" are plans at home.
 */
export const OFFERED: ReadonlySet<string> = new Set(['offer', 'launch', 'introduce']);

// Read by infer/tasks.ts.

/** Words that make what is not to be forgotten a thought ("how far", "who you are"). */
export const THOUGHT_WORDS: ReadonlySet<string> = new Set(['how', 'who', 'why']);

/** Adjectives that judge what is said rather than say which one ("lovely people", "great food"). */
export const JUDGING_ADJECTIVES: ReadonlySet<string> = new Set([
  'great',
  'lovely',
  'beautiful',
  'gorgeous',
  'incredible',
  'awesome',
  'brilliant',
  'terrible',
  'awful',
  'horrible',
  'fantastic',
  'wonderful',
  'nice',
  'good',
  'bad',
  'better',
  'happy',
  'sad',
]);

/** When something happened ("zero sleep last night"), no thing of a list. */
export const WHEN_IT_HAPPENED: ReadonlySet<string> = new Set([
  'night',
  'morning',
  'afternoon',
  'evening',
  'ago',
  'yesterday',
]);

/** What a number counts when it tells how a day went ("twelve kids", "two hours"). */
export const COUNTED_FACTS: ReadonlySet<string> = new Set([
  'hour',
  'day',
  'week',
  'month',
  'year',
  'minute',
  'kid',
  'people',
  'person',
  'guest',
  'family',
]);

// Read by infer.ts.

export const TELLING_SUBJECTS: ReadonlySet<string> = new Set([
  'i',
  'we',
  'she',
  'he',
  'they',
  'it',
]);

export const CONDITIONS: ReadonlySet<string> = new Set([
  'if',
  'when',
  'whenever',
  'once',
  'until',
  'till',
  'unless',
  'before',
  'after',
]);
