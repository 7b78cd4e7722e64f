import { readdirSync, readFileSync } from 'node:fs';
import type { Category, Format } from '#contract/taxonomy.js';
import type { PitchPart, Style } from '#text/learn/corpus.js';

/*
 * The composed part of the training corpus (src/text/learn/README.md): utterances built from
 * parts (scripts/learn/parts/*.txt: tasks, things, moments and pitch parts by situation) with
 * fillers, asides, corrections and connectives put in by chance, so every label comes for
 * free. The same seed always gives the same text, so the file in the repo can be rebuilt and
 * diffed.
 */

export interface Situation {
  name: string;
  category: Category | null;
  tasks: string[];
  verb: string;
  things: string[];
  moments: string[];
  problems: string[];
  solutions: string[];
  reasons: string[];
  premises: string[];
}

const PARTS_DIR = new URL('./parts/', import.meta.url);

const KEYS: Readonly<Record<string, keyof Situation>> = {
  do: 'tasks',
  say: 'moments',
  problem: 'problems',
  solution: 'solutions',
  why: 'reasons',
  premise: 'premises',
};

/** Every situation of parts/*.txt; a malformed line is an error with its place. */
export function readSituations(): Situation[] {
  const situations: Situation[] = [];
  for (const name of readdirSync(PARTS_DIR).sort()) {
    if (!name.endsWith('.txt')) continue;
    const lines = readFileSync(new URL(name, PARTS_DIR), 'utf8').split('\n');
    let current: Situation | undefined;
    lines.forEach((line, n) => {
      const fail = (why: string): never => {
        throw new Error(`parts/${name}:${n + 1}: ${why}`);
      };
      if (line.startsWith('#')) return;
      if (line.trim() === '') {
        current = undefined;
        return;
      }
      if (current === undefined) {
        const [situation = '', category = ''] = line.split('|').map((part) => part.trim());
        if (!['work', 'personal', 'creative', 'none'].includes(category)) {
          fail(`"${line}" is not "<situation> | <category>"`);
        }
        current = {
          name: situation,
          category: category === 'none' ? null : (category as Category),
          tasks: [],
          verb: '',
          things: [],
          moments: [],
          problems: [],
          solutions: [],
          reasons: [],
          premises: [],
        };
        situations.push(current);
        return;
      }
      const colon = line.indexOf(':');
      const key = line.slice(0, colon);
      const values = (text: string): string[] =>
        text
          .split(';')
          .map((value) => value.trim())
          .filter((value) => value !== '');
      if (key === 'get') {
        const [verb = '', things = ''] = line.slice(colon + 1).split('|');
        current.verb = verb.trim();
        current.things = values(things);
        return;
      }
      const field = KEYS[key];
      if (colon < 0 || field === undefined) fail(`unknown line "${line}"`);
      (current[field as keyof Situation] as string[]).push(...values(line.slice(colon + 1)));
    });
  }
  return situations;
}

/** mulberry32: small, fast and the same on every machine, which is all a composer needs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Piece =
  | { kind: 'said' | 'filler' | 'aside'; text: string }
  | { kind: 'retract'; text: string; cue: string }
  | { kind: 'item' }
  | { kind: 'part'; part: PitchPart };

/** One sentence's pieces; the renderer punctuates and marks where it starts. */
type Sentence = Piece[];

const FILLERS = ['um', 'uh', 'er', 'so', 'like', 'you know', 'basically', 'right', 'okay', 'well'];
const OPENING_FILLERS = [
  'so',
  'right',
  'okay',
  'so um',
  'right so',
  'um',
  'okay so',
  'so basically',
];
const ASIDES = [
  'what else',
  'oh yeah',
  'hang on',
  'where was I',
  'let me think',
  'I always forget this one',
  'that reminds me',
  'is that everything',
];
const CLOSING_ASIDES = ["that's it I think", "I think that's everything", 'that should do it'];
const CUES = [
  'sorry',
  'no',
  'no wait',
  'I mean',
  'actually no',
  'scratch that',
  'make that',
  'or rather',
  'no sorry',
  'hang on',
  'well no',
  'wait no',
];
const DAYS = [
  'on Monday',
  'on Tuesday',
  'on Wednesday',
  'on Thursday',
  'on Friday',
  'tomorrow',
  'this afternoon',
  'first thing',
];
const LEADS = [
  'for tomorrow',
  'before we close tonight',
  'jobs for the week',
  'things to do on Monday',
  'for the morning',
  "don't forget",
  'today',
  'this weekend',
  'so the plan for Friday',
  'tomorrow morning',
  'before I go home',
  'first thing tomorrow',
];
const CONNECTIVES = ['then', 'and then', 'also', 'oh and', 'after that', 'plus', 'and'];
const NEEDS = ['I need to', 'we need to', 'remember to', "I've got to", 'got to', 'make sure we'];
const STEPS = [
  ['step one', 'step two', 'step three', 'step four', 'step five'],
  ['first', 'then', 'after that', 'then', 'and finally'],
  ['number one', 'number two', 'number three', 'number four', 'number five'],
  ['step one is to', 'step two is to', 'step three is to', 'step four is to', 'step five is to'],
];
const REMARKS = [
  "it's been on the list for weeks",
  "it's urgent",
  "don't forget this time",
  "that one's important",
  "it can't wait",
  'I keep putting it off',
];
const TWEET_OPENERS = [
  'honestly',
  'today',
  'can I just say',
  'this morning',
  'true story',
  'so today',
];
const TWEET_CLOSERS = [
  'what a day',
  'never again',
  'best feeling',
  "I can't stop laughing",
  'that made my week',
  'love it',
  "I'm exhausted",
  'some days are just like that',
];
const SOLUTION_LEADS = [
  'what if we',
  'how about we',
  "I'm thinking we could",
  'we could',
  'the idea is we',
  'imagine if we',
  "so why don't we",
  'suppose we',
  'my idea is we',
];
const PREMISE_LEADS = [
  "I've got an idea for",
  'what about',
  'picture this',
  'so the idea is',
  'I want to make',
  'how about',
  'imagine',
  'someone should make',
  'I keep thinking about',
  "I've been thinking about",
  'there should be',
  "I'd love",
  'my idea is',
  'idea',
  "here's an idea",
  'new idea',
  'random idea',
];
const REASON_LEADS = [
  'so',
  'that way',
  'because then',
  'which means',
  'and then',
  'because',
  'so that',
];
const NUMBERS = ['two', 'three', 'four', 'five', 'six', 'ten', 'twenty', 'forty', 'a hundred'];

export interface Composed {
  format: Format;
  category: Category | null;
  style: Style;
  situation: string;
  sentences: Sentence[];
}

class Composer {
  constructor(private readonly random: () => number) {}

  roll(): number {
    return this.random();
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('pick from nothing');
    return item;
  }

  /** n different items, in a random order. */
  some<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) {
      out.push(...pool.splice(Math.floor(this.random() * pool.length), 1));
    }
    return out;
  }

  filler(p: number, choices = FILLERS): Piece[] {
    return this.chance(p) ? [{ kind: 'filler', text: this.pick(choices) }] : [];
  }

  /** "the blue paint" said, taken back and said again as another of its kind. */
  retract(said: string, others: readonly string[]): Piece[] {
    const other = this.pick(others.filter((text) => text !== said).concat([said]));
    if (other === said) return [{ kind: 'said', text: said }];
    return [
      { kind: 'retract', text: other, cue: this.pick(CUES) },
      { kind: 'said', text: said },
    ];
  }

  /** A number in the text said, taken back and said again as another. */
  retractNumber(text: string): Piece[] {
    const words = text.split(' ');
    const at = words.findIndex((word) => NUMBERS.includes(word));
    if (at < 0) return [{ kind: 'said', text }];
    const other = this.pick(NUMBERS.filter((number) => number !== words[at]));
    const before = words.slice(0, at).join(' ');
    const after = words.slice(at).join(' ');
    return [
      ...(before === '' ? [] : [{ kind: 'said' as const, text: before }]),
      { kind: 'retract', text: other, cue: this.pick(CUES) },
      { kind: 'said', text: after },
    ];
  }

  checklist(situation: Situation, others: readonly Situation[]): Sentence[] {
    const lead: Sentence = [...this.filler(0.6, OPENING_FILLERS)];
    const shape = this.random();
    const items: Piece[][] = [];
    let retracted = false;
    const maybeRetract = (text: string, pool: readonly string[]): Piece[] => {
      if (retracted || !this.chance(0.25)) return [{ kind: 'said', text }];
      retracted = true;
      return this.chance(0.5)
        ? this.retract(text, pool)
        : [{ kind: 'said', text }, ...this.retract(this.pick(DAYS), DAYS)];
    };
    if (situation.category === null) {
      // A day that mixes work and home: a careful person would pick no category.
      const [work, life] = [
        this.pick(others.filter((s) => s.category === 'work')),
        this.pick(others.filter((s) => s.category === 'personal')),
      ];
      lead.push({ kind: 'said', text: this.pick(LEADS) });
      const tasks = this.some(
        [...this.some(work?.tasks ?? [], 2), ...this.some(life?.tasks ?? [], 2)],
        4,
      );
      for (const task of tasks) items.push(maybeRetract(task, tasks));
    } else if (shape < 0.35 && situation.tasks.length >= 2) {
      // Tasks are often said with no lead at all: "fix the tap replace the battery and ...".
      if (this.chance(0.6)) lead.push({ kind: 'said', text: this.pick(LEADS) });
      const tasks = this.some(situation.tasks, 2 + Math.floor(this.random() * 3));
      tasks.forEach((task, i) => {
        const connective: Piece[] =
          i > 0 && this.chance(0.35) ? [{ kind: 'said', text: this.pick(CONNECTIVES) }] : [];
        const need: Piece[] = this.chance(0.25) ? [{ kind: 'said', text: this.pick(NEEDS) }] : [];
        items.push([
          ...connective,
          ...this.filler(0.15),
          ...need,
          ...maybeRetract(task, situation.tasks),
        ]);
      });
    } else if (shape < 0.65 && situation.things.length >= 2) {
      // One verb serves several things: each thing starts an item, the verb stays with the first.
      const named = this.chance(0.4);
      lead.push({
        kind: 'said',
        text: named ? `for the ${situation.name} we need` : this.pick(LEADS),
      });
      const things = this.some(situation.things, 2 + Math.floor(this.random() * 3));
      things.forEach((thing, i) => {
        const verb: Piece[] = i === 0 && !named ? [{ kind: 'said', text: situation.verb }] : [];
        items.push([...verb, ...this.filler(0.1), ...maybeRetract(thing, situation.things)]);
      });
    } else if (shape < 0.8 && situation.tasks.length >= 3) {
      const steps = this.pick(STEPS);
      if (this.chance(0.5)) lead.push({ kind: 'said', text: this.pick(LEADS) });
      this.some(situation.tasks, 3 + Math.floor(this.random() * 2)).forEach((task, i) => {
        items.push([
          { kind: 'said', text: steps[i] ?? 'then' },
          ...maybeRetract(task, situation.tasks),
        ]);
      });
    } else {
      lead.push({ kind: 'said', text: this.pick(LEADS) });
      for (const task of this.some(situation.tasks, 2))
        items.push(maybeRetract(task, situation.tasks));
      if (situation.things.length > 0) {
        items.push([
          { kind: 'said', text: `and ${situation.verb}` },
          { kind: 'said', text: this.pick(situation.things) },
        ]);
      }
    }
    const sentences: Sentence[] = [lead];
    // Some say each thing as a sentence of its own: "Packing for Spain. Passports. Sun cream."
    const itemSentences = this.chance(0.2);
    items.forEach((item, i) => {
      if (itemSentences && i > 0) sentences.push([]);
      const last = sentences[sentences.length - 1] as Sentence;
      if (i > 0 && this.chance(0.12)) last.push({ kind: 'aside', text: this.pick(ASIDES) });
      const said = item[0];
      const joined =
        i === items.length - 1 &&
        i > 0 &&
        said?.kind === 'said' &&
        !CONNECTIVES.some((word) => said.text.startsWith(`${word} `)) &&
        this.chance(0.5)
          ? [{ kind: 'said' as const, text: `and ${said.text}` }, ...item.slice(1)]
          : item;
      last.push({ kind: 'item' }, ...joined);
      // A remark on the item is a sentence of its own; the next item starts another.
      if (this.chance(0.12)) sentences.push([{ kind: 'said', text: this.pick(REMARKS) }], []);
    });
    if (this.chance(0.1)) sentences.push([{ kind: 'aside', text: this.pick(CLOSING_ASIDES) }]);
    return sentences.filter((sentence) => sentence.length > 0);
  }

  tweet(situation: Situation): Sentence[] {
    const opener: Piece[] = this.chance(0.3)
      ? [{ kind: 'said', text: this.pick(TWEET_OPENERS) }]
      : [];
    const moment = this.pick(situation.moments);
    const body = this.chance(0.2)
      ? this.retractNumber(moment)
      : [{ kind: 'said' as const, text: moment }];
    const sentences: Sentence[] = [
      [...this.filler(0.6, OPENING_FILLERS), ...opener, ...this.filler(0.1), ...body],
    ];
    if (this.chance(0.4)) {
      sentences.push([...this.filler(0.2), { kind: 'said', text: this.pick(TWEET_CLOSERS) }]);
    }
    return sentences;
  }

  pitch(situation: Situation): Sentence[] {
    const sentences: Sentence[] = [];
    const premise =
      situation.premises.length > 0 && (situation.solutions.length === 0 || this.chance(0.5));
    if (situation.problems.length > 0 && (!premise || this.chance(0.3)) && this.chance(0.8)) {
      sentences.push([
        { kind: 'part', part: 'problem' },
        ...this.filler(0.5, OPENING_FILLERS),
        { kind: 'said', text: this.pick(situation.problems) },
      ]);
    }
    const opening = sentences.length === 0 ? this.filler(0.5, OPENING_FILLERS) : this.filler(0.2);
    const solution = premise ? this.pick(situation.premises) : this.pick(situation.solutions);
    // A premise is often said bare: "a podcast where two grandmas review films".
    const lead = premise
      ? this.chance(0.35)
        ? ''
        : this.pick(PREMISE_LEADS)
      : this.pick(SOLUTION_LEADS);
    const said = this.chance(0.3)
      ? this.retractNumber(solution)
      : [{ kind: 'said' as const, text: solution }];
    sentences.push([
      { kind: 'part', part: 'solution' },
      ...opening,
      ...(lead === '' ? [] : [{ kind: 'said' as const, text: lead }]),
      ...this.filler(0.15),
      ...said,
    ]);
    if (situation.reasons.length > 0 && this.chance(0.8)) {
      sentences.push([
        { kind: 'part', part: 'why' },
        ...this.filler(0.15),
        { kind: 'said', text: `${this.pick(REASON_LEADS)} ${this.pick(situation.reasons)}` },
      ]);
    }
    return sentences;
  }
}

/** The formats a situation's parts can make. */
function formatsOf(situation: Situation): Format[] {
  const formats: Format[] = [];
  if (situation.moments.length > 0) formats.push('tweet');
  if (situation.tasks.length >= 2 || situation.category === null) formats.push('checklist');
  if (situation.solutions.length > 0 || situation.premises.length > 0) formats.push('pitch');
  return formats;
}

const CATEGORY_SHARE: readonly [Category | null, number][] = [
  ['work', 0.4],
  ['personal', 0.25],
  ['creative', 0.22],
  [null, 0.13],
];

/** `count` utterances, the same for the same seed. */
export function compose(situations: readonly Situation[], count: number, seed: number): Composed[] {
  const composer = new Composer(seededRandom(seed));
  const out: Composed[] = [];
  const formats: Format[] = ['tweet', 'checklist', 'pitch'];
  for (let n = 0; n < count; n++) {
    const format = formats[n % 3] as Format;
    let roll = composer.roll();
    let category: Category | null = 'work';
    for (const [name, share] of CATEGORY_SHARE) {
      if (roll < share) {
        category = name;
        break;
      }
      roll -= share;
    }
    const pool = situations.filter((s) => s.category === category && formatsOf(s).includes(format));
    const situation = composer.pick(
      pool.length > 0 ? pool : situations.filter((s) => formatsOf(s).includes(format)),
    );
    const style: Style = composer.chance(0.5) ? 'browser' : 'whisper';
    const sentences =
      format === 'tweet'
        ? composer.tweet(situation)
        : format === 'checklist'
          ? composer.checklist(situation, situations)
          : composer.pitch(situation);
    const name =
      format === 'checklist' && situation.category === null ? 'mixed day' : situation.name;
    out.push({ format, category: situation.category, style, situation: name, sentences });
  }
  return out;
}

/** Browser style: lower case, no punctuation but apostrophes (the corpus reader checks it). */
function browserText(text: string): string {
  return text
    .toLowerCase()
    .replace(/-/gu, ' ')
    .replace(/[^\p{L}\p{N}' ]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * One utterance in the corpus markup. Whisper style punctuates: a sentence is capitalised and
 * ends with a full stop, a filler, aside or cue carries its comma inside its brackets, items
 * are separated by commas; now and then two sentences run together, marked with `/`.
 */
export function render(utterance: Composed, random: () => number): string {
  const whisper = utterance.style === 'whisper';
  const out: string[] = [];
  utterance.sentences.forEach((sentence, s) => {
    const runOn = whisper && s > 0 && random() < 0.2;
    if (s > 0 && (!whisper || runOn)) {
      if (runOn) out[out.length - 1] = (out[out.length - 1] ?? '').replace(/\.$/u, '');
      out.push('/');
    }
    let first = true;
    const word = (text: string): string => {
      const cased = whisper ? text : browserText(text);
      if (first && whisper && !runOn) {
        first = false;
        return capitalise(cased);
      }
      first = false;
      return cased;
    };
    const pieces = sentence;
    pieces.forEach((piece, i) => {
      const next = pieces.slice(i + 1).find((p) => p.kind !== 'part');
      const comma = whisper && next?.kind === 'item' ? ',' : '';
      switch (piece.kind) {
        case 'item':
          out.push('*');
          break;
        case 'part':
          out.push(`^${piece.part}`);
          break;
        case 'said':
          out.push(word(piece.text) + comma);
          break;
        case 'filler':
          out.push(`[${word(piece.text)}${whisper ? ',' : ''}]`);
          break;
        case 'aside':
          out.push(`{${word(piece.text)}${whisper ? ',' : ''}}`);
          break;
        case 'retract':
          out.push(
            `~${word(piece.text)}${whisper ? ',' : ''}~`,
            `<${word(piece.cue)}${whisper ? ',' : ''}>`,
          );
          break;
      }
    });
    if (whisper) {
      const last = out.length - 1;
      const text = out[last] ?? '';
      // A sentence ending in an aside or filler keeps its stop inside the brackets.
      out[last] = /[\]}>]$/u.test(text)
        ? text.replace(/,?([\]}>])$/u, '.$1')
        : text.replace(/,?$/u, '.');
    }
  });
  return out.join(' ');
}

/** How many utterances the composer writes, and from which seed: the file is rebuilt the same. */
export const COMPOSED_COUNT = 4300;
export const COMPOSED_SEED = 20261202;

/** The composed corpus as corpus/composed.txt holds it: COMPOSED_COUNT different utterances. */
export function composedText(): string {
  const random = seededRandom(COMPOSED_SEED + 1);
  const seen = new Set<string>();
  const blocks: string[] = [];
  // A few draws come out the same; drawing a few more keeps the count and every text unique.
  for (const u of compose(readSituations(), Math.ceil(COMPOSED_COUNT * 1.1), COMPOSED_SEED)) {
    const text = render(u, random);
    if (seen.has(text) || blocks.length === COMPOSED_COUNT) continue;
    seen.add(text);
    blocks.push(`${u.format} ${u.category ?? 'none'} ${u.style} | ${u.situation}\n${text}\n`);
  }
  return (
    '# Composed by scripts/learn/compose.ts from scripts/learn/parts/: do not edit by hand,\n' +
    '# rebuild with `npm run learn -- --compose` (the markup: ../README.md).\n\n' +
    blocks.join('\n')
  );
}
