/**
 * The words of spoken task lists: sequence words, spoken intent before a task, verbs that start
 * a task, list and title words, chatter that is not a task. Data only: src/text/formats/
 * checklist.ts and src/text/clauses.ts apply them. wink's POS tagger often reads a bare
 * imperative at the start of unpunctuated speech as a noun ("call mom", "return the books"),
 * so the verbs that start tasks are listed.
 */

/** Clause-opening words that number or chain the tasks ("first", "and then", "finally"). */
export const SEQUENCE_WORDS = new Set([
  'first',
  'firstly',
  'second',
  'secondly',
  'third',
  'thirdly',
  'fourth',
  'fifth',
  'next',
  'finally',
  'lastly',
  'then',
  'also',
  'plus',
  'and',
  'or',
  'but',
  'so',
  'oh',
  'okay',
  'ok',
]);

/** Spoken intent before a task: "I need to call mom" is the task "Call mom". */
export const INTENT_PREFIXES: readonly (readonly string[])[] = [
  ['remind', 'me', 'to'],
  ['i', 'was', 'thinking', 'about'],
  ['i', 'was', 'thinking', 'that'],
  ['i', 'was', 'thinking'],
  ['i', 'think', 'that'],
  ['i', 'think'],
  ['i', 'guess'],
  ['i', 'also', 'need', 'to'],
  ['i', 'really', 'need', 'to'],
  ['i', 'still', 'need', 'to'],
  ['i', 'still', 'have', 'to'],
  ['i', 'also', 'have', 'to'],
  ['i', 'really', 'have', 'to'],
  ['i', 'just', 'need', 'to'],
  ['i', 'just', 'have', 'to'],
  ['we', 'still', 'need', 'to'],
  ['we', 'still', 'have', 'to'],
  ['we', 'also', 'have', 'to'],
  ['we', 'really', 'need', 'to'],
  ['we', 'really', 'have', 'to'],
  ['we', 'just', 'need', 'to'],
  ['we', 'just', 'have', 'to'],
  ['we', 'also', 'need', 'to'],
  ["i've", 'got', 'to'],
  ["we've", 'got', 'to'],
  ["i'm", 'going', 'to'],
  ["we're", 'going', 'to'],
  ["i'm", 'gonna'],
  ["we're", 'gonna'],
  ['i', 'need', 'to'],
  ['i', 'have', 'to'],
  ['i', 'got', 'to'],
  ['i', 'gotta'],
  ['i', 'should'],
  ['i', 'must'],
  ['i', 'want', 'to'],
  ['i', 'will'],
  ["i'll"],
  ['we', 'need', 'to'],
  ['we', 'have', 'to'],
  ['we', 'should'],
  ['we', 'must'],
  ['we', 'will'],
  ["we'll"],
  ["don't", 'forget', 'to'],
  ['do', 'not', 'forget', 'to'],
  ['remember', 'to'],
  ['make', 'sure', 'to'],
  ['need', 'to'],
  ['have', 'to'],
  ['got', 'to'],
  ['gotta'],
  ["let's"],
  ['after', 'that'],
  ['after', 'this'],
  ['number', 'one'],
  ['number', 'two'],
  ['number', 'three'],
  ['step', 'one'],
  ['step', 'two'],
  ['step', 'three'],
  // Last, so "we need to" wins over "we need": "we need balloons" is the task "Balloons".
  ['we', 'need'],
  ['i', 'need'],
];

/**
 * Verbs of chores, repairs and office work that are rarely nouns, found missing in speech
 * written apart from the rules ("reseal the bath regrout the tiles"): task verbs that start a
 * task wherever they are said.
 */
const RARELY_NOUN_TASK_VERBS = [
  'reseal',
  'regrout',
  'restock',
  'repaint',
  'rebalance',
  'rebook',
  'reschedule',
  'rewire',
  'repot',
  'reorder',
  'resend',
  'rehearse',
  'reconcile',
  'declutter',
  'descale',
  'unblock',
  'unclog',
  'marinate',
  'memorise',
  'memorize',
  'laminate',
  'photocopy',
  'enrol',
  'enroll',
  'proofread',
  'hoover',
  'scrub',
  'rinse',
  'defrost',
  'prune',
  'sharpen',
  'tighten',
  'borrow',
  'lend',
  'deliver',
  'donate',
  'notify',
  'postpone',
  'reimburse',
  'calculate',
  'approve',
  'publish',
  'advertise',
  'bleed',
  'sell',
  'apply',
] as const;

/** Verbs that are rarely nouns, so a new task can start at them without a comma. */
export const IMPERATIVE_VERBS = new Set([
  'stretch',
  'call',
  'buy',
  'book',
  'send',
  'pick',
  'grab',
  'finish',
  'write',
  'review',
  'clean',
  'fix',
  'check',
  'update',
  'pay',
  'prepare',
  'pack',
  'ask',
  'cancel',
  'renew',
  'submit',
  'print',
  'feed',
  'bring',
  'sign',
  'draft',
  'invite',
  'confirm',
  'reply',
  'email',
  'deploy',
  'merge',
  'ship',
  'visit',
  'wash',
  'remind',
  'organize',
  'organise',
  'research',
  'record',
  'restring',
  'vacuum',
  'mow',
  'gather',
  'download',
  'rotate',
  'shortlist',
  'chase',
  'compress',
  'upload',
  'rename',
  'reserve',
  'unpack',
  'install',
  'refill',
  'tidy',
  'exchange',
  'replace',
  'rent',
  'frame',
  'edit',
  ...RARELY_NOUN_TASK_VERBS,
]);

/** "and" starts a new task when a verb or a subject follows: "buy milk and call mom". */
/**
 * An errand a task names as its thing ("do a grocery run", "do the big shop"): what is listed
 * after it is what the errand is for, not more things of the task's verb ("Do halal chicken").
 */
export const ERRAND_NOUNS: ReadonlySet<string> = new Set(['run', 'shop', 'shopping', 'errands']);

export const TASK_VERBS: ReadonlySet<string> = new Set([
  ...IMPERATIVE_VERBS,
  // A teacher's "mark the essays", "grade the mocks".
  'mark',
  'grade',
  'brief',
  'figure',
  'scan',
  'text',
  'get',
  'schedule',
  'order',
  'make',
  'take',
  'go',
  'water',
  'walk',
  'drop',
  'return',
  'set',
  'move',
  'file',
  'post',
  'share',
  'practice',
  'read',
  'watch',
  'plan',
  'respond',
  'follow',
  'test',
  'meet',
  'cook',
  'do',
  'start',
  'try',
  'talk',
  'tell',
  'charge',
  'change',
  'clear',
  'sort',
  'find',
  'look',
  'run',
  'load',
  'drink',
  'plant',
  'turn',
  'remove',
  'add',
  'cap',
  'ring',
  'paint',
  'create',
  'scout',
  'cut',
  'mop',
  'iron',
  'fill',
  'label',
  'measure',
  'collect',
  'recycle',
  'wrap',
  'empty',
  'backup',
  'hang',
  // Chores, errands, repairs and office work said as tasks, found missing in speech written
  // apart from the rules ("reseal the bath regrout the tiles bleed the radiators").
  'phone',
  'top',
  'redo',
  'swap',
  'patch',
  'message',
  'export',
  'grout',
  'sweep',
  'study',
  'contact',
  'arrange',
  'fold',
  'invoice',
  'photograph',
  'interview',
  'repair',
  // Trades' and chores' verbs said first in an item, found missing in speech written apart
  // from the rules ("press the red coat", "calibrate the gas monitor", "tune the trumpet stop").
  'press',
  'polish',
  'tune',
  'calibrate',
  'wipe',
  'trim',
  'varnish',
  'glaze',
  'grease',
]);

/** Words that make a first clause an introduction ("My packing list:", "For the trip"). */
export const LIST_NOUNS = new Set([
  'items',
  'list',
  'checklist',
  'todo',
  'to-do',
  'todos',
  'to-dos',
  'tasks',
  'things',
  'stuff',
  'errands',
  'steps',
  'plan',
  'agenda',
  'chores',
  'groceries',
  'shopping',
  'packing',
  'prep',
  'itinerary',
]);

/**
 * Words that end a list's name and never describe the thing after them ("grocery list"); a
 * menu names the dishes after it ("dinner party menu roast chicken ...").
 */
export const LIST_HEADS: ReadonlySet<string> = new Set(['list', 'checklist', 'groceries', 'menu']);

export const INTRO_STARTERS = new Set([
  'for',
  'before',
  'after',
  'things',
  'stuff',
  "here's",
  'here',
]);

/** "The plan is:" titles the list "Plan", not "Plan is". */
/** Words that name a list by what is to be done ("stuff to get done", "to do", "jobs"). */
export const TO_DO_NAMES: ReadonlySet<string> = new Set([
  'stuff',
  'things',
  'jobs',
  'tasks',
  'chores',
]);

export const TITLE_TRAILING_DROP_WORDS = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  ':',
  'i',
  'we',
  'need',
  // "Packing for the lake district so | sleeping bags ...": the "so" leads into the things.
  'so',
  // "Things for the studio day, okay.": a word that only says the list comes next.
  'okay',
  'ok',
  'alright',
]);

export const TITLE_DROP_WORDS = new Set([
  'here',
  "here's",
  'is',
  'this',
  'my',
  'our',
  'the',
  'a',
  'an',
]);

/**
 * "that's it", "I think that is everything", "that's the lot": the speaker saying the list is
 * done, said after its last item, with or without "I think" either side.
 */
const SIGN_OFF_CORES = ['it', 'everything', 'all', 'the lot'].flatMap((end) => [
  `that's ${end}`,
  `thats ${end}`,
  `that is ${end}`,
]);
export const SIGN_OFFS: readonly string[] = [
  ...SIGN_OFF_CORES.flatMap((core) => [core, `i think ${core}`, `${core} i think`, `and ${core}`]),
  'that should do it',
  // What is left when a pause was heard inside one: "i think that | is it".
  ...['it', 'everything', 'all', 'the lot'].map((end) => `is ${end}`),
];

/** Items that are conversation, not tasks. */
export const NON_TASKS = new Set([
  ...SIGN_OFFS,
  // A correction's marker or an aside left alone when what it corrects was not found.
  'oh',
  'no',
  'actually',
  'actually no',
  'no wait',
  'wait',
  'actually wait',
  'well',
  'i think',
  'yeah',
  'yes',
  'okay',
  'ok',
  'done',
  'thanks',
  'thank you',
  'and so on',
  'etc',
]);

/** Topic words that name the list when the speaker gave no title. */
export const TOPIC_TITLES: readonly (readonly [readonly string[], string])[] = [
  [['groceries', 'grocery', 'supermarket', 'milk', 'eggs'], 'Grocery list'],
  [['pack', 'packing', 'passport', 'suitcase', 'luggage'], 'Packing list'],
  [['errands'], 'Errands'],
  [['launch', 'release'], 'Launch checklist'],
  [['movers'], 'Moving checklist'],
  [['wedding'], 'Wedding checklist'],
  [['party', 'birthday'], 'Party prep'],
  [['trip', 'travel', 'vacation', 'flight', 'flights', 'hotel'], 'Trip checklist'],
  [['meeting', 'meetings', 'agenda'], 'Meeting prep'],
  [['clean', 'cleaning', 'laundry', 'chores'], 'Chores'],
];

/** Sequence words that are also adjectives: "first line", "next week", "second hand". */
export const ORDINALS = new Set([
  'first',
  'firstly',
  'second',
  'secondly',
  'third',
  'thirdly',
  'fourth',
  'fifth',
  'next',
  'finally',
  'lastly',
]);

/** Words a new task can start at: "and <verb>", "then", and ordinals at a clause start. */
export const SPLIT_WORDS = new Set([
  'and',
  'then',
  'first',
  'next',
  'finally',
  'lastly',
  'second',
  'secondly',
  'third',
  'thirdly',
]);

/** "This weekend I want to ..." and "Tomorrow we need to ...": a time that titles the list. */
export const TIME_STARTERS = new Set([
  'this',
  'today',
  'tonight',
  'tomorrow',
  'on',
  'next',
  'every',
]);

/**
 * Noun pairs that name one thing, kept together when a spoken list of nouns is split
 * ("printer paper staples" -> "printer paper", "staples"). A pair not listed here stays
 * together anyway unless its first noun is plural; in a run of three or more, a listed pair
 * is also where the run parts ("garlic bread fruit salad").
 */
export const COMPOUND_NOUNS: ReadonlySet<string> = new Set([
  'printer paper',
  'toilet paper',
  'paper towels',
  'dish soap',
  'olive oil',
  'extension cord',
  'phone charger',
  'post office',
  'library books',
  'water bottle',
  'gift card',
  'birthday card',
  'board game',
  'dog food',
  'cat food',
  'ice cream',
  'peanut butter',
  'orange juice',
  'coffee beans',
  'tea bags',
  'trash bags',
  'light bulbs',
  'smoke alarm',
  'first aid',
  'credit card',
  'photo album',
  'whiteboard markers',
  'sticky notes',
  'hand cream',
  'face masks',
  'car keys',
  'banana bread',
  'rice flour',
  'apple juice',
  'oat milk',
  'almond milk',
  'soy milk',
  'coconut milk',
  'coffee filters',
  'baking soda',
  'baking powder',
  'soy sauce',
  'tomato sauce',
  'cream cheese',
  'chicken breast',
  'maple syrup',
  'kitchen roll',
  'tin foil',
  'dishwasher tablets',
  'bin bags',
  'garbage bags',
  'sandwich bags',
  // Dishes and kitchen things said in a menu or a shopping run.
  'roast chicken',
  'roast potatoes',
  'lemon potatoes',
  'garlic bread',
  'chocolate tart',
  'apple pie',
  'fruit salad',
  'potato salad',
  'chicken soup',
  'chicken stock',
  'pizza dough',
  'ice cubes',
  'dish towels',
  'tea towels',
  'hand soap',
  'burger buns',
  // Party and picnic things said in one breath ("paper plates napkins cups").
  'paper plates',
  'paper cups',
  'paper napkins',
  'plastic cups',
  'plastic forks',
  'party hats',
  'party bags',
  'birthday candles',
  'garden gloves',
  // A student's, a band's and a stallholder's things.
  'problem set',
  'set list',
  'business cards',
  'card reader',
  'post it',
  // Camping and travel things said in one breath ("sleeping bags head torches the stove").
  'head torches',
  'head torch',
  'gas stove',
  'tent pegs',
  'walking boots',
  'sun cream',
  'swimming costumes',
  'travel adapter',
]);

/**
 * Dictionary forms of staples bought by name. Two of them side by side in a spoken list are two
 * things ("buy milk eggs and bread"): browser speech gives no commas between them, and a noun
 * before a plural otherwise stays with it as a compound ("tennis balls").
 */
export const LIST_STAPLES: ReadonlySet<string> = new Set([
  'milk',
  'egg',
  'bread',
  'butter',
  'cheese',
  'rice',
  'pasta',
  'flour',
  'sugar',
  'coffee',
  'tea',
  'yogurt',
  'cereal',
  'apple',
  'banana',
  'tomato',
  'onion',
  'potato',
  'carrot',
  'bacon',
  'wine',
]);

/** Particles that belong to the verb before them ("pick up", "drop off", "take out"). */
export const VERB_PARTICLES: ReadonlySet<string> = new Set([
  'up',
  'off',
  'out',
  'in',
  'on',
  'down',
  'back',
  'over',
]);

/** Spoken intent before a thing to get ("we need milk"): the thing is the task. */
export const NEED_WORDS: ReadonlySet<string> = new Set(['need', 'want', 'have', 'get']);

/** Words that count a list's tasks aloud, in order ("one ... two ...", "first ... second"). */
export const ENUMERATORS: readonly (readonly string[])[] = [
  ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'],
  ['firstly', 'secondly', 'thirdly', 'fourthly', 'fifthly'],
];

/** Every word of ENUMERATORS: a count a row may find after a step's name. */
export const COUNT_WORDS: ReadonlySet<string> = new Set(ENUMERATORS.flat());

/** Nouns a number after them labels ("chapter one", "week two"), never a count of tasks. */
export const LABELLED_NOUNS: ReadonlySet<string> = new Set([
  'chapter',
  'week',
  'day',
  'step',
  'part',
  'page',
  'level',
  'room',
  'episode',
  'season',
  'round',
  'stage',
  'phase',
  'year',
  'table',
]);

/**
 * Nouns that, counted in order ("step one ... step two ..."), name the tasks of a procedure:
 * each count opens a task, and the noun and its count are not part of it.
 */
export const STEP_NOUNS: ReadonlySet<string> = new Set(['step', 'stage', 'phase']);

/** Said before a counted step ("and then the second step"), they go with its count. */
export const COUNT_LEAD_INS: ReadonlySet<string> = new Set(['and', 'then', 'the', ',']);
