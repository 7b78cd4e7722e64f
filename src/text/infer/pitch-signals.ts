import { splitList } from '../clauses.js';
import type { TaggedToken } from '../nlp.js';
import {
  afterIdeaTopic,
  announcementLength,
  headsIdeaRunIn,
  namesLongIdeaTopic,
} from '../formats/pitch/announcement.js';
import {
  HAD_WITH_THE,
  NEWS_WORDS,
  PITCH_PHRASES,
  REASON_PHRASES,
  RHETORICAL_OPENERS,
  WISH_PHRASES,
} from '../words/inference.js';
import {
  AGREE_ON,
  CREATIVE_IDEA_NOUNS,
  EXCLAIMED,
  IDEA_KIND_TAGS,
  IDEA_OPENINGS,
  IMAGINED_OPENERS,
  MAKING_WORK,
  PROBLEM_CUES,
  PROPOSING_VERBS,
  REVIEW_WORDS,
  WORK_NOUNS,
} from '../words/pitch.js';
import {
  CONDITIONAL_GAINS,
  PROPOSAL_GAINS,
  PUTTING_FORWARD,
  changesWhatWeDo,
  isIdeaNoun,
  letsChange,
  musesOnThing,
  namesIdeaBeforeIt,
  opensWithProposal,
  proposesChange,
  proposesTeamChange,
  proposesWhatWeDo,
  reckonsNewThing,
  someoneShouldMake,
} from './proposals.js';
import { RELATIVE_WORDS, containsPhrase, isWord, saysFeeling, wordsOf } from './shared.js';

/**
 * Cues that a transcript pitches an idea: a premise, a kind of idea named first, a proposal
 * with its reason, a new thing mused on or put forward. Each strong cue scores 2 points;
 * formatFromMeaning in ../infer.ts weighs them against tasks and tweet signals.
 */

/**
 * Where a premise starts after an opening "idea for" or "idea" said as a heading ("idea for a
 * board game where ...", "new idea for a short film about ...", "idea a lunchbox with a
 * screen ..."): spoken notes drop the "here's an" that makes it a lead. Only describing words
 * may come before "idea": "no idea for a ..." names none.
 */
function premiseStart(words: readonly TaggedToken[]): number {
  const idea = words.findIndex((word) => word.lemma === 'idea' || word.lemma === 'proposal');
  if (idea === -1 || idea > IDEA_KIND_MAX_WORDS) return 0;
  if (idea === 0 && words[0]?.lemma === 'idea' && headsIdeaRunIn(words)) return 1;
  if (words[idea + 1]?.lower !== 'for') return 0;
  if (!words.slice(0, idea).every((word) => IDEA_KIND_TAGS.has(word.pos))) return 0;
  return afterIdeaTopic(words, idea + 2);
}

const IDEA_KIND_MAX_WORDS = 2;

/** "a board game where players ...", "an app that reminds ...": an idea named as a thing. */
function isPremise(tokens: readonly TaggedToken[]): boolean {
  const all = tokens.filter((token) => token.kind === 'word');
  const words = all.slice(premiseStart(all));
  const first = words[0];
  if (first === undefined || (first.lower !== 'a' && first.lower !== 'an')) return false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as TaggedToken;
    if (RELATIVE_WORDS.has(word.lower)) return true;
    if (word.pos !== 'VERB' && word.pos !== 'AUX') continue;
    const next = words[i + 1];
    // "tiny haunted house plants": a participle between a describing word and a noun
    // describes it ("a fox killed chickens" tells what one did).
    const before = words[i - 1];
    const describing = before?.pos === 'ADJ' || before?.pos === 'DET';
    if (describing && /[a-z](?:ed|en)$/u.test(word.lower) && next?.pos === 'NOUN') continue;
    // "a show told through letters", "a podcast recorded live": a participle describing the
    // idea, not a verb telling what happened to it ("a magazine accepted my poem").
    return (
      word.lower.endsWith('ing') || next === undefined || next.pos === 'ADP' || next.pos === 'ADV'
    );
  }
  return true;
}

/** Words that name a kind of work before what it is about: "kids book", "short film". */
const WORK_KIND_MAX_WORDS = 3;
/** How far after "about a" the one it is about may say who or what they are. */
const SUBJECT_REACH = 4;

/**
 * "kids book about a sock who gets lost ...", "film where the dog narrates": a kind of work
 * named, bare, and what it is about or where it happens. "Film about a dog made me cry" tells
 * of one seen: the one it is about must be said more of ("who", "that", "where").
 */
export function tellsWorkAbout(tokens: readonly TaggedToken[]): boolean {
  const words = tokens.filter(isWord);
  let kind = 0;
  while (kind < WORK_KIND_MAX_WORDS && IDEA_KIND_TAGS.has(words[kind]?.pos ?? '')) kind++;
  const named = words[kind - 1];
  if (
    named === undefined ||
    !(CREATIVE_IDEA_NOUNS.has(named.lemma) || WORK_NOUNS.has(named.lemma))
  ) {
    return false;
  }
  const link = words[kind]?.lower;
  if (link === 'where') return true;
  if (link !== 'about' || !['a', 'an'].includes(words[kind + 1]?.lower ?? '')) return false;
  // "a crossword puzzle that's missing a word": the relative may hold its verb.
  return words
    .slice(kind + 3, kind + 3 + SUBJECT_REACH)
    .some((word) => RELATIVE_WORDS.has(word.lower.replace(/['’]s$/u, '')));
}

/** A pitch score no number of tasks outweighs (formatFromMeaning). */
const DECISIVE_PITCH = 4;

/**
 * Whether the first sentence opens by saying an idea follows. "What if it rains?" and "what if
 * I miss the train" worry; "what if the practice ran ...", "what if we did ..." put something
 * forward. "Imagine being that tired" exclaims; "imagine a ..." and "imagine if ..." pitch.
 * "Here's what I'm thinking for dinner: pasta ..." plans; "... We partner with ..." proposes.
 */
function opensAsIdea(
  tokens: readonly TaggedToken[],
  next: readonly TaggedToken[] | undefined,
): boolean {
  if (namesIdeaBeforeIt(tokens, next !== undefined) && ideaList(tokens) === null) return true;
  const words = tokens.filter(isWord);
  const opening = words
    .slice(0, IDEA_OPENING_MAX_WORDS)
    .map((word) => word.lower)
    .join(' ');
  const phrase = IDEA_OPENINGS.find((said) => opening === said || opening.startsWith(`${said} `));
  if (phrase === undefined) return false;
  const after = words[phrase.split(' ').length];
  if (phrase === 'what if') return putsForward(words, phrase.split(' ').length);
  if (phrase === 'imagine') return after !== undefined && IMAGINED_OPENERS.has(after.lower);
  if (phrase.includes('thinking')) return next?.find(isWord)?.lower === 'we';
  return true;
}

/**
 * After "what if": a subject and a verb in the past or with "could" or "would" ("what if the
 * practice ran", "what if there was", "what if we could"), or "we" with any verb.
 */
function putsForward(words: readonly TaggedToken[], from: number): boolean {
  let at = from;
  while (
    at < from + WHAT_IF_SUBJECT_MAX_WORDS &&
    words[at] !== undefined &&
    (words[at] as TaggedToken).pos !== 'VERB' &&
    (words[at] as TaggedToken).pos !== 'AUX'
  )
    at++;
  const verb = words[at];
  if (verb === undefined) return false;
  if (words[from]?.lower === 'we') return true;
  return (
    verb.lower === 'could' ||
    verb.lower === 'would' ||
    verb.lower === 'was' ||
    verb.lower === 'were' ||
    verb.lower === 'had' ||
    (verb.pos === 'VERB' &&
      verb.lemma !== verb.lower &&
      !verb.lower.endsWith('s') &&
      !verb.lower.endsWith('ing'))
  );
}

/** Words a "what if" subject may take before its verb ("what if the practice ran"). */
const WHAT_IF_SUBJECT_MAX_WORDS = 4;

const IDEA_OPENING_MAX_WORDS = 5;

/**
 * "I want to write a children's book about a crossword puzzle that's missing one word": a
 * work the speaker means to make, told by what it is about.
 */
function meansToMakeWork(words: readonly TaggedToken[], i: number): boolean {
  const verb = words[i] as TaggedToken;
  if (!MAKING_WORK.has(verb.lemma) || words[i - 1]?.lower !== 'to') return false;
  const article = words[i + 1]?.lower;
  const from = article === 'a' || article === 'an' ? i + 2 : i + 1;
  return tellsWorkAbout(words.slice(from));
}

/**
 * "Film about a man who loses his memory. Absolutely loved it.": the work told as seen, liked
 * or out now, its plot said only to say which one.
 */
function reviews(sentences: readonly TaggedToken[][]): boolean {
  const words = wordsOf(sentences);
  return words.some((word, i) => {
    const before = words[i - 1];
    return (
      (word.lower !== 'new' && saysFeeling(word)) ||
      (word.lower !== 'just' && NEWS_WORDS.has(word.lower)) ||
      REVIEW_WORDS.has(word.lemma) ||
      REVIEW_WORDS.has(word.lower) ||
      // "saw it", "binge watched it": the work as "it", after a verb told as done.
      (word.lower === 'it' &&
        before !== undefined &&
        before.pos === 'VERB' &&
        before.lemma !== before.lower &&
        !before.lower.endsWith('ing'))
    );
  });
}

/** "can we just agree that ...", "is it just me or ...": an opinion put to everyone. */
export function isRhetorical(text: string): boolean {
  return RHETORICAL_OPENERS.some((phrase) => {
    if (!containsPhrase(text, phrase)) return false;
    const after =
      text
        .slice(text.indexOf(phrase) + phrase.length)
        .trim()
        .split(' ')[0] ?? '';
    return !AGREE_ON.has(after);
  });
}

/**
 * The things of "Gift ideas for Mum: the pottery class, a silk scarf ...": ideas named in the
 * plural before two or more things are candidates to pick from, a list, not one idea pitched.
 * Null when the sentence opens with no such label.
 */
export function ideaList(tokens: readonly TaggedToken[]): TaggedToken[][] | null {
  const named = announcementLength(tokens);
  const label = tokens[named - 1];
  if (label === undefined || label.lower === label.lemma) return null;
  // What the ideas are for may follow them ("ideas for Mum's birthday"), up to a pause.
  const pause = tokens.findIndex((token, i) => i >= named && token.kind !== 'word');
  if (
    tokens[pause]?.kind !== 'pause' ||
    pause - named > IDEA_LIST_FOR_MAX_WORDS ||
    (pause > named && tokens[named]?.lower !== 'for')
  ) {
    return null;
  }
  const things = splitList(tokens.slice(pause + 1), true);
  return things.length >= 2 ? things : null;
}

const IDEA_LIST_FOR_MAX_WORDS = 5;

/**
 * Pitch cues, 2 points for each strong one. News told of an idea (`announced`: "our podcast
 * hit ...") names the idea without pitching it, so its naming cues do not count.
 */
export function pitchSignals(
  sentences: readonly TaggedToken[][],
  text: string,
  rhetorical: boolean,
  announced: boolean,
): number {
  let score = 0;
  for (const phrase of PITCH_PHRASES) if (containsPhrase(text, phrase)) score += 2;
  const first = sentences[0];
  // "Game idea ...", "What if the practice ran a puppy club ...": an idea said to be one
  // before anything else is one, whatever steps of it follow (4 outweighs any tasks).
  const opening = first !== undefined && opensAsIdea(first, sentences[1]);
  if (first !== undefined && (isPremise(first) || (tellsWorkAbout(first) && !reviews(sentences)))) {
    score += 2;
  }
  if (sentences.some(opensWithProposal)) score += 2;
  const words = wordsOf(sentences);
  const proposes = words.some(
    (word, i) =>
      ((word.lower === 'should' || word.lower === 'could') && !exclaims(words, i)) ||
      letsChange(words, i),
  );
  const reason = REASON_PHRASES.some((phrase) => containsPhrase(text, phrase));
  if (proposes && reason && !rhetorical) score += 2;
  // "If we add it to the reports page, we'd cut support tickets by a third": what a change
  // would bring, put to others.
  if (
    words.some((word, i) => word.lower === 'if' && changesWhatWeDo(words, i + 1)) &&
    CONDITIONAL_GAINS.some((phrase) => containsPhrase(text, phrase)) &&
    !rhetorical
  ) {
    score += 2;
  }
  // "I want to suggest to Dave that we try ...", "I'd like to propose we ...": what we should
  // do, put to others, as strong as "what if" even with the steps of a plan after it ("I want
  // to suggest three things: book ..." puts forward a list).
  if (words.some((word, i) => PROPOSING_VERBS.has(word.lemma) && proposesWhatWeDo(words, i))) {
    score += 2;
  }
  // "I think we should offer ...", "I'm thinking we offer ...": something new put to the
  // others ("we should all relax", "we should open the windows" are no such thing).
  if (words.some((word, i) => word.lower === 'we' && proposesChange(words, i + 1))) score += 2;
  // "I think we should let support see the logs, it would save us ten tickets a week": a
  // change put to the team with what it would bring ("we should move the sofa" brings none).
  if (
    !rhetorical &&
    words.some((word, i) => word.lower === 'we' && proposesTeamChange(words, i + 1)) &&
    PROPOSAL_GAINS.some((phrase) => containsPhrase(text, phrase))
  ) {
    score += 2;
  }
  if (opening) score = Math.max(score, DECISIVE_PITCH);
  if (announced) return score;
  // "the tool sends ...", "an app": a product introduced as a thing, next to a pain or wished
  // for ("I'd love a mural of ...").
  const names = words.some((word, i) => {
    const before = words[i - 1]?.lower ?? '';
    return (
      word.pos === 'NOUN' &&
      isIdeaNoun(word) &&
      ['a', 'an', 'the', 'our'].includes(before) &&
      !(before === 'the' && HAD_WITH_THE.has(word.lower))
    );
  });
  // "a tool library ... instead of buying them": what a new thing replaces is the pain it
  // answers ("use the app instead of the spreadsheet" is a task).
  const introduced = words.some(
    (word, i) =>
      word.pos === 'NOUN' && isIdeaNoun(word) && ['a', 'an'].includes(words[i - 1]?.lower ?? ''),
  );
  // Put forward, not told as done ("we watched a movie instead of going out").
  const putForward = words.some((word) => PUTTING_FORWARD.has(word.lower));
  const pains =
    words.some((word) => PROBLEM_CUES.has(word.lower)) ||
    (introduced && putForward && containsPhrase(text, 'instead of'));
  const wished = WISH_PHRASES.some((phrase) => containsPhrase(text, phrase));
  if (names && (pains || wished)) score += 2;
  // "I keep thinking about a tool that writes the release notes", "someone should put lockers
  // at the station": a thing mused on or a change put to the world.
  if (
    words.some(
      (word, i) =>
        musesOnThing(words, i) ||
        someoneShouldMake(words, i) ||
        reckonsNewThing(words, i) ||
        meansToMakeWork(words, i),
    )
  ) {
    score += 2;
  }
  // "Game idea: ...", "Short film idea.", "Idea for the book club.": a sentence that opens by
  // naming the kind of idea, then the idea ("I had no idea for the lunch" names none; "gift
  // ideas for Mum: ..." names a list).
  if (
    sentences.some(
      (tokens, index) =>
        (namesIdeaBeforeIt(tokens, index < sentences.length - 1) && ideaList(tokens) === null) ||
        namesLongIdeaTopic(tokens, sentences[index + 1]),
    )
  ) {
    score += 2;
  }
  return score;
}

/** "I'm so proud I could cry", "I could eat a horse": a feeling said big, no proposal. */
function exclaims(words: readonly TaggedToken[], i: number): boolean {
  return words[i - 1]?.lower === 'i' && EXCLAIMED.has(words[i + 1]?.lower ?? '');
}
