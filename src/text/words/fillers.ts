import { INDEFINITE_PERSONS } from './function-words.js';

/**
 * Spoken fillers and the contexts that tell a filler from a meant word ("like", "you know",
 * "so"). Data only: src/text/speech.ts applies them.
 */

export const SIMPLE_FILLERS = new Set([
  'um',
  'umm',
  'ummm',
  'uh',
  'uhh',
  'uhm',
  'uhmm',
  'erm',
  'er',
  'err',
  'ah',
  'ahh',
  'eh',
  'hmm',
  'hmmm',
  'hm',
  'mm',
  'mmm',
  'mhm',
  'basically',
]);

/** After these, "like" is a verb or a comparison ("I like coffee", "looks like rain"). */
export const LIKE_KEEP_BEFORE = new Set([
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'would',
  "i'd",
  "you'd",
  "we'd",
  "they'd",
  'do',
  'does',
  'did',
  "don't",
  "doesn't",
  "didn't",
  'really',
  'also',
  'genuinely',
  'actually',
  'feel',
  'feels',
  'felt',
  'look',
  'looks',
  'looked',
  'sound',
  'sounds',
  'seem',
  'seems',
  'just',
  'more',
  'much',
  'something',
  'nothing',
  'anything',
  'things',
  'stuff',
  'people',
  'would',
  'to',
  'not',
]);

/** Before these, a "like" after a pause or a linking word is a filler ("it was like really good"). */
export const LIKE_FILLER_BEFORE_WORDS = new Set([
  'really',
  'so',
  'very',
  'totally',
  'super',
  'literally',
  'just',
  'maybe',
  'about',
  'around',
  'almost',
  'kinda',
  'pretty',
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  "it's",
  "i'm",
  "we're",
  "they're",
  'there',
  'a',
  'an',
  'half',
  'all',
]);

/**
 * Round amounts a hedge is said before ("like twenty", "like a few"); narrower than
 * NUMBER_WORDS because the rules were tuned with it: "like eighty dollars" keeps its "like".
 */
export const APPROXIMATE_AMOUNT_WORDS: ReadonlySet<string> = new Set([
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'twelve',
  'fifteen',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'hundred',
  'thousand',
  'few',
  'couple',
]);

export const LIKE_LINKING_BEFORE = new Set([
  'was',
  'were',
  'is',
  'are',
  "it's",
  "that's",
  "there's",
  "he's",
  "she's",
  "they're",
  "we're",
  "i'm",
  "you're",
  'had',
  'got',
  'have',
  'has',
  'be',
  'been',
  'with',
  'of',
]);

export const CONJUNCTIONS = new Set(['so', 'and', 'but', 'or', 'because', 'cause', "'cause"]);

/**
 * Verbs of being and seeming, beside LIKE_LINKING_BEFORE: what they link follows them, so a
 * comma after one only framed a filler ("the office feels, you know, grey").
 */
export const LINKING_VERBS = new Set([
  ...LIKE_LINKING_BEFORE,
  'feels',
  'seems',
  'looks',
  'sounds',
  'gets',
  'getting',
  'became',
  'becomes',
  'become',
]);

/** After a conjunction, "like" followed by these is still a verb ("and like to travel"). */
export const LIKE_VERB_AFTER = new Set([
  'to',
  'it',
  'this',
  'that',
  'them',
  'him',
  'her',
  'me',
  'us',
  'these',
  'those',
  'what',
  'how',
  'when',
  'minded',
]);

/**
 * Modals and "gonna"-style auxiliaries: a "like" between one and a bare verb is a filler
 * ("we should like launch it"); before an object it is the verb ("you will like this").
 */
export const LIKE_MODALS = new Set([
  'should',
  'could',
  'can',
  'will',
  'must',
  'might',
  'may',
  'gonna',
  'wanna',
  "we'll",
  "i'll",
  "you'll",
  "they'll",
  "shouldn't",
  "couldn't",
  "won't",
  "can't",
]);
/** After a modal, "like" before these is the verb: "you'll like the new design". */
export const LIKE_OBJECT_AFTER = new Set([
  ...LIKE_VERB_AFTER,
  'the',
  'a',
  'an',
  'my',
  'your',
  'our',
  'their',
  'his',
  'its',
  'you',
  'everyone',
  'everything',
  'some',
  'any',
  'all',
]);

/** Words after which a task verb is the verb of its clause ("to buy", "we'll book"). */
export const VERB_LEADS = new Set([
  ...LIKE_MODALS,
  'to',
  'please',
  "let's",
  'would',
  "i'd",
  "we'd",
  'i',
  'we',
  'you',
  'they',
]);

/**
 * Describing words that, after a determiner, go on to the thing they describe ("an old, uh,
 * taxi driver", "my first, um, pull request"), so a comma after one only framed a filler.
 */
export const DESCRIBING_WORDS = new Set([
  'old',
  'single',
  'whole',
  'new',
  'big',
  'small',
  'little',
  'young',
  'long',
  'short',
  'great',
  'good',
  'bad',
  'nice',
  'huge',
  'tiny',
  'whole',
  'entire',
  'first',
  'second',
  'third',
  'last',
  'next',
  'final',
  'latest',
  'favourite',
  'favorite',
  'own',
  'main',
  'real',
  'same',
  'different',
  'best',
  'worst',
  'usual',
  'local',
  'weekly',
  'monthly',
  'annual',
]);

/** "you know" is a question or a verb after these ("do you know", "let you know"). */
export const YOU_KNOW_KEEP_BEFORE = new Set([
  'do',
  'did',
  "don't",
  "didn't",
  'if',
  'would',
  'will',
  'let',
  'to',
  'that',
  'as',
  'how',
  'what',
  'did',
  'could',
  'can',
  'should',
]);
export const YOU_KNOW_KEEP_AFTER = new Set([
  'how',
  'where',
  'why',
  'who',
  'when',
  'that',
  'the',
  'it',
  'him',
  'her',
  'them',
  'me',
  'us',
  'about',
  'this',
  'a',
  'an',
  'your',
  'my',
  'our',
  'their',
  'his',
]);

/**
 * Run on mid-clause, "you know" before a determiner is a filler ("boxes from the store you
 * know the free ones") except after these, where it is the verb of a clause: a relative one
 * ("everyone you know", "the guy you know"), or one a thinking or saying verb takes ("I bet
 * you know the answer").
 */
export const YOU_KNOW_VERB_AFTER = new Set([
  ...INDEFINITE_PERSONS,
  'nobody',
  'everything',
  'something',
  'anything',
  'nothing',
  'all',
  'more',
  'than',
  'people',
  'person',
  'guy',
  'guys',
  'one',
  'ones',
  'thing',
  'things',
  'which',
  'who',
  'whom',
  'whatever',
  'whoever',
  'think',
  'guess',
  'bet',
  'hope',
  'sure',
  'believe',
  'suppose',
  'assume',
  'imagine',
  'said',
  'say',
  'says',
  'tell',
  'told',
  'trust',
  'wish',
  'feel',
  'know',
  // "once you know the price", "the way you know the city": a clause a subordinator opens.
  'when',
  'once',
  'after',
  'before',
  'until',
  'till',
  'unless',
  'whether',
  'why',
  'where',
  'way',
  // "check you know the address": verbs that take a clause as their object.
  'check',
  'ensure',
  'confirm',
  'show',
  'prove',
  'realise',
  'realize',
  'remember',
  'forget',
]);
/** Determiners before which a run-on "you know" is a filler (see YOU_KNOW_VERB_AFTER). */
export const YOU_KNOW_FILLER_BEFORE = new Set(['the', 'a', 'an', 'my', 'our', 'his', 'their']);

/** Saying verbs: after them "oh yeah" is quoted ("she said oh yeah and left"). */
export const QUOTING_VERBS = new Set([
  'said',
  'say',
  'says',
  'goes',
  'went',
  'replied',
  'answered',
  'like',
  'was',
  'texted',
  'wrote',
  'is',
  'yelled',
  'yells',
  'shouted',
  'shouts',
  'screamed',
  'whispered',
  'cried',
  'sang',
  'sing',
  'sings',
  'chanted',
  'played',
  'line',
]);

/** After these, "I mean" is the verb of a clause: "what I mean is", "if I mean it". */
export const I_MEAN_VERB_AFTER = new Set([
  'what',
  'that',
  'which',
  'if',
  'as',
  'than',
  'do',
  'when',
]);
/** "I mean it would ...": a subject and its verb after a run-on "I mean" make it a filler. */
export const I_MEAN_SUBJECTS = new Set(['it', 'this', 'that', 'we', 'they', 'you', 'he', 'she']);
export const I_MEAN_SUBJECT_VERBS = new Set([
  'would',
  'will',
  'could',
  'can',
  'should',
  'might',
  'is',
  'was',
  'are',
  'were',
  'has',
  'had',
  'does',
  'did',
]);

/**
 * Words said twice on purpose, with nothing or only a comma between: "very, very good", "no,
 * no, no", "bye bye", "knock knock". A filler between makes even these a restart ("very, um,
 * very hard").
 */
export const KEEP_REPEATED = new Set([
  'no',
  'yes',
  'yeah',
  'ha',
  'hey',
  'bye',
  'very',
  'really',
  'so',
  'much',
  'many',
  'more',
  'far',
  'please',
  'again',
  'well',
  'blah',
  'knock',
  'never',
]);

/** Doubled by grammar ("I had had enough", "so that that works"), but never across a comma. */
export const DOUBLED_IN_GRAMMAR = new Set(['had', 'that']);

/**
 * Names said as one word twice ("wash the tuk tuk", "grill the mahi mahi", "flights to Bora
 * Bora"): the second is the name's, no stumble.
 */
export const DOUBLED_NAMES = new Set([
  'baden',
  'bora',
  'bye',
  'choo',
  'chop',
  'mahi',
  'night',
  'pago',
  'pom',
  'tuk',
  'walla',
  'wagga',
  'ylang',
  'yo',
]);

/**
 * Words a phrase always goes on after: said, then a comma, then said again, they were begun
 * again ("the, the team", "we, we shipped", "and the, and the"). "it, it" or "this, this" may
 * end one phrase and open the next ("I love it, it works"), and "on" or "in" end a phrasal
 * verb ("hold on, on second thought"), so they are not here.
 */
export const RESTARTED_BEFORE_COMMA = new Set([
  // Words that go before a noun and never end a phrase: "the whole, uh, the whole team".
  'whole',
  'entire',
  'same',
  'every',
  'a',
  'an',
  'the',
  'my',
  'our',
  'your',
  'his',
  'their',
  'to',
  'for',
  'of',
  'at',
  'by',
  'with',
  'from',
  'into',
  'and',
  'or',
  'but',
  'because',
  'i',
  'we',
  'they',
  'he',
  'she',
  'is',
  'are',
  'was',
  'were',
  'will',
  'would',
  'can',
  'could',
  'should',
]);

/** Words that open a spoken thought without adding to it, removed at a sentence start. */
export const OPENERS = new Set([
  'so',
  'okay',
  'ok',
  'alright',
  'and',
  'anyway',
  'anyways',
  'yeah',
  'oh',
]);
/** Openers that only count when a comma follows ("Well, ..." but "Well done"). */
export const OPENERS_BEFORE_PAUSE = new Set([
  'well',
  'right',
  'now',
  'also',
  'look',
  'listen',
  'see',
]);
/** "So many", "so excited": "so" is meant. */
export const SO_KEEP_BEFORE = new Set([
  'many',
  'much',
  'far',
  'long',
  'that',
  'good',
  'bad',
  'cool',
  'glad',
  'happy',
  'excited',
  'proud',
  'tired',
  'sorry',
  'close',
  'grateful',
  'thankful',
  'great',
]);
