import { NUMBER_WORDS } from './numbers.js';
/**
 * Spoken asides and self-corrections: words that steer the talk rather than carry the idea.
 * Data only: src/text/speech.ts applies the asides, src/text/corrections.ts the corrections.
 * Every entry is lower case, one word per item.
 */

/** Asides removed wherever they stand at a clause start ("and, oh yeah, pick up ..."). */
export const ASIDES: readonly (readonly string[])[] = [
  ['oh', 'yeah'],
  ['oh', 'yes'],
  ['oh', 'and'],
  ['oh', 'right'],
  ['oh', 'wait'],
  ['oh', 'also'],
  ['you', 'know', 'what'],
  ['let', 'me', 'think'],
  ["let's", 'see'],
  ['what', 'else'],
  ['come', 'to', 'think', 'of', 'it'],
  ['now', 'that', 'i', 'think', 'about', 'it'],
];

/**
 * Markers of a spoken self-correction: what follows them replaces the words before them that
 * start the same way ("at five, actually no, at six" -> "at six").
 */
export const CORRECTION_MARKERS: readonly (readonly string[])[] = [
  // "actually no, make that two pounds": one marker, or "make that" would be the replacement.
  // "for Tuesday. Scratch that, make it Wednesday.": a replacement, not a task taken back.
  ['scratch', 'that', 'make', 'it'],
  ['scratch', 'that', 'make', 'that'],
  ['actually', 'no', 'make', 'that'],
  ['no', 'wait', 'make', 'that'],
  ['actually', 'make', 'that'],
  ['no', 'make', 'that'],
  ['or', 'make', 'that'],
  // "for Friday. Actually, make it Saturday.": "make it" only after "actually" or "no", so
  // "we can make it" and "make it work" are meant.
  ['actually', 'no', 'make', 'it'],
  ['no', 'wait', 'make', 'it'],
  ['actually', 'make', 'it'],
  ['no', 'make', 'it'],
  ['actually', 'no'],
  ['no', 'actually'],
  ['no', 'wait'],
  ['wait', 'no'],
  ['no', 'sorry'],
  // "order the chairs, no, hold that, wait for the budget": the task is put off, taken back.
  ['hold', 'that'],
  ['scratch', 'that'],
  ['or', 'rather'],
  ['i', 'mean'],
  ['sorry'],
  ['no'],
];

/**
 * Markers that withdraw what was just said even when nothing after them restates it
 * ("book the blue one scratch that" drops "book the blue one").
 */
export const WITHDRAWING_MARKERS: ReadonlySet<string> = new Set(['scratch that', 'hold that']);

/**
 * Markers that correct only after a "no" ("no, hold that"): alone they are as often meant
 * ("hold that door", "hold that thought").
 */
export const MARKERS_AFTER_NO: ReadonlySet<string> = new Set(['hold that']);

/**
 * Words said to the listener rather than of a thing ("Call Sam, yeah", "the blender, sorry"),
 * which wink also reads as adjectives: after a comma they tell nothing of the thing before.
 */
export const LISTENER_WORDS: ReadonlySet<string> = new Set([
  'sorry',
  'fine',
  'okay',
  'ok',
  'sure',
  'right',
  'great',
  'good',
  'cool',
  'yeah',
  'well',
]);

/**
 * Markers as often an apology as a correction ("Sorry, I was sick"): they correct only a word
 * of the same kind or a phrase said again ("on the 3rd. No, sorry, the 5th").
 */
export const APOLOGY_MARKERS: ReadonlySet<string> = new Set(['sorry', 'no sorry']);

/**
 * Words after which "sorry" is meant ("I'm so sorry", "say sorry to Sam", "a sorry state"),
 * beside the subjects and VERB_LIKE_WORDS.
 */
export const SORRY_MEANT_AFTER: ReadonlySet<string> = new Set([
  'am',
  'so',
  'very',
  'really',
  'truly',
  'too',
  'a',
  'how',
  'not',
  'say',
  'says',
  'saying',
  'feel',
  'feels',
  'felt',
  'feeling',
  'look',
  'looks',
  'looked',
  'sound',
  'sounds',
  'seem',
  'seems',
  'seemed',
]);

/**
 * Markers after which the speaker may take a task back and say why ("renew my passport no
 * wait I renewed that"): the task, the marker and the reason all go.
 */
export const TAKE_BACK_MARKERS: ReadonlySet<string> = new Set([
  'no wait',
  'wait no',
  'actually no',
  'no actually',
  'no sorry',
  'scratch that',
  'hold that',
]);

/** Said before a "scratch that" that opens a sentence ("Actually, scratch that, ..."), or before
 * a task turned down ("No wait, don't cancel it"). */
export const TAKE_BACK_OPENERS: ReadonlySet<string> = new Set([
  'actually',
  'oh',
  'okay',
  'ok',
  'no',
  'wait',
  'sorry',
]);

/**
 * Who may open the reason for a take-back, beyond the subject pronouns and first names:
 * "no wait dad booked it", "mum's got those".
 */
export const REASON_SUBJECTS: ReadonlySet<string> = new Set([
  "i've",
  "we've",
  "they've",
  "he's",
  "she's",
  'mum',
  'mom',
  'dad',
]);

/** Words that point back at the task taken back; a reason ends on one ("I renewed that"). */
export const BACK_REFERENCES: ReadonlySet<string> = new Set([
  'that',
  'it',
  'them',
  'those',
  'this',
  'one',
  'him',
  'her',
]);

/** Words a reason may still say after its back-reference ("we did that already"). */
export const REASON_TRAILERS: ReadonlySet<string> = new Set([
  'already',
  'too',
  'anyway',
  'yesterday',
  'earlier',
]);

/**
 * Words of a plan rather than a reason ("no wait I'll do that", "we need to do it"): what
 * follows the marker restates the task, so it is not taken back.
 */
export const PLAN_WORDS: ReadonlySet<string> = new Set([
  "i'll",
  "we'll",
  "you'll",
  "he'll",
  "she'll",
  "they'll",
  'will',
  'to',
  'gonna',
  'gotta',
  'should',
  'must',
  "let's",
]);

/**
 * Words after which "scratch that" is the verb and its object ("when I scratch that spot", "to
 * scratch that itch"), beyond the subject pronouns and the "n't", "'d" and "'ll" forms.
 */
export const SCRATCH_VERB_BEFORE: ReadonlySet<string> = new Set([
  'to',
  'can',
  'could',
  'would',
  'will',
  'should',
  'must',
  'might',
  'may',
  'let',
  "let's",
  'gently',
  'never',
  'always',
]);

/**
 * Words that make a short sentence after a marker deny or add rather than restate ("not
 * white", "the eggs too").
 */
export const NOT_RESTATING: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'none',
  'too',
  'also',
  'either',
]);

/**
 * Words that make a short sentence after a marker a statement of its own rather than a phrase
 * restating one ("Wait, no, the gate is locked."), beside the task verbs and words in "-ed".
 */
export const VERB_LIKE_WORDS: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'has',
  'have',
  'had',
  'do',
  'does',
  'did',
  'can',
  'could',
  'would',
  'said',
  'says',
  'went',
  'ate',
  'got',
  'made',
  'took',
  'came',
  'left',
  'told',
  'thought',
  'knew',
]);

/**
 * Words that, after a determiner and a noun or describing word, go on the phrase rather than
 * start a task ("a guest book", "an address book"): a task verb there needs an object after it
 * ("the towels call the landlord").
 */
export const PHRASE_OPENERS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'this',
  'that',
  'these',
  'those',
  'some',
]);

/** Determiners after which a written list's nouns in a row are one thing: all but "a". */
export const DEFINITE_OPENERS: ReadonlySet<string> = new Set(
  [...PHRASE_OPENERS].filter((word) => word !== 'a' && word !== 'an'),
);

/**
 * Prepositions that say which phrase one said again replaces ("to the Earth. Actually, no, to
 * the Moon."); a determiner alone does not ("The dog ate the cake. Wait, no, the cat.").
 */
export const RESTATED_PREPOSITIONS: ReadonlySet<string> = new Set([
  'to',
  'for',
  'of',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'about',
  'into',
  'onto',
  'near',
  'behind',
  'beside',
  'under',
  'over',
  'after',
  'before',
  'until',
  'past',
  'around',
  'through',
  'towards',
  'toward',
  'via',
  'without',
]);

/**
 * What the corrections read as an amount, so "twenty, no, thirty" is a number corrected by a
 * number and "the tenth, scratch that, the twelfth" a date by a date: the numbers, the
 * ordinals a date is said with, noon and midnight.
 */
export const AMOUNT_WORDS: ReadonlySet<string> = new Set([
  ...NUMBER_WORDS,
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'twentieth',
  'thirtieth',
  'noon',
  'midnight',
]);

/* Asides said after a checklist task (src/text/formats/checklist-asides.ts). */

/** Who or what an aside tells of: the thing or person of the task before. */
export const ASIDE_SUBJECTS: ReadonlySet<string> = new Set([
  'it',
  'he',
  'she',
  'they',
  'that',
  'there',
  "it's",
  "he's",
  "she's",
  "they're",
  "that's",
  "there's",
  "it'll",
  "they'll",
]);

/** An aside that names the kind of thing the task is for: "something under twenty quid". */
export const ASIDE_THINGS: ReadonlySet<string> = new Set(['something', 'anything', 'nothing']);

/** Words that make an aside a task after all ("it needs to be booked", "he should call"). */
export const ASIDE_TASK_MARKERS: ReadonlySet<string> = new Set([
  'to',
  'need',
  'needs',
  'should',
  'must',
  'gotta',
  'can',
  'could',
  'will',
  'please',
]);

/** Adverbs said after a task, behind a pause, that are still the task's ("..., again,"). */
export const TRAILING_ADVERBS: ReadonlySet<string> = new Set(['again', 'too', 'asap']);

/** Adverbs that say what the speaker thinks of the thing before them ("Passports, obviously"). */
export const COMMENT_ADVERBS: ReadonlySet<string> = new Set([
  'obviously',
  'definitely',
  'probably',
  'ideally',
  'hopefully',
]);
