import { CATEGORIES, FORMATS, type Category, type Format } from '#contract/taxonomy.js';

/**
 * Reads the training corpus's markup (README.md beside this file): each utterance's labels,
 * and the transcript a speech engine would have given for it. Hand-written, so every mistake
 * is reported with its line rather than guessed around.
 */

export type WordRole = 'said' | 'filler' | 'aside' | 'retracted' | 'cue';
export type PitchPart = 'problem' | 'solution' | 'why';
export type Style = 'browser' | 'whisper';

export interface LabelledWord {
  /** As the transcript has it, punctuation attached. */
  text: string;
  /** Where it starts in the transcript. */
  start: number;
  role: WordRole;
  sentenceStart: boolean;
  itemStart: boolean;
  part?: PitchPart;
}

export interface Utterance {
  source: string;
  line: number;
  format: Format;
  /** null: a careful person would pick none. */
  category: Category | null;
  style: Style;
  situation: string;
  transcript: string;
  words: LabelledWord[];
}

export class CorpusError extends Error {}

const CLOSERS: Readonly<Record<string, [string, WordRole]>> = {
  '[': [']', 'filler'],
  '{': ['}', 'aside'],
  '~': ['~', 'retracted'],
  '<': ['>', 'cue'],
};
const PARTS: ReadonlySet<string> = new Set(['problem', 'solution', 'why']);
const BROWSER_TEXT = /^[\p{Ll}\p{N}' ]*$/u;

function parseHeader(header: string, at: string): Omit<Utterance, 'transcript' | 'words'> {
  const [fields = '', situation = ''] = header.split('|');
  const [format, category, style, ...rest] = fields.trim().split(/\s+/u);
  const fail = (why: string): never => {
    throw new CorpusError(`${at}: ${why} (header: "<format> <category> <style> | <situation>")`);
  };
  if (!(FORMATS as readonly string[]).includes(format ?? '')) fail(`unknown format "${format}"`);
  if (category !== 'none' && !(CATEGORIES as readonly string[]).includes(category ?? '')) {
    fail(`unknown category "${category}"`);
  }
  if (style !== 'browser' && style !== 'whisper') fail(`unknown style "${style}"`);
  if (rest.length > 0) fail(`unexpected "${rest.join(' ')}"`);
  if (situation.trim() === '') fail('no situation after "|"');
  const [source = '', line = '0'] = at.split(':');
  return {
    source,
    line: Number(line),
    format: format as Format,
    category: category === 'none' ? null : (category as Category),
    style: style as Style,
    situation: situation.trim(),
  };
}

/** One utterance's marked words into its transcript and labelled words. */
export function parseMarkedText(
  marked: string,
  at: string,
): Pick<Utterance, 'transcript' | 'words'> {
  const fail = (why: string): never => {
    throw new CorpusError(`${at}: ${why}`);
  };
  const words: LabelledWord[] = [];
  let transcript = '';
  let role: WordRole = 'said';
  let closer = '';
  let pending = {
    sentenceStart: false,
    itemStart: false,
    part: undefined as PitchPart | undefined,
  };
  let lastClosed: WordRole | undefined;
  let current: LabelledWord | undefined;
  const pieces = marked.split(/(\s+)/u);
  for (const piece of pieces) {
    if (piece === '') continue;
    if (/^\s+$/u.test(piece)) {
      current = undefined;
      if (transcript !== '' && !transcript.endsWith(' ')) transcript += ' ';
      continue;
    }
    if (role === 'said' && (piece === '/' || piece === '*' || piece.startsWith('^'))) {
      if (piece === '/') pending.sentenceStart = true;
      else if (piece === '*') pending.itemStart = true;
      else if (PARTS.has(piece.slice(1))) pending.part = piece.slice(1) as PitchPart;
      else fail(`unknown pitch part "${piece}" (^problem, ^solution or ^why)`);
      continue;
    }
    for (const char of piece) {
      if (role === 'said' && char in CLOSERS) {
        const [close, opened] = CLOSERS[char] ?? ['', 'said'];
        if (opened === 'cue' && lastClosed !== 'retracted') {
          fail('a cue <...> with no retracted phrase ~...~ just before it');
        }
        if (lastClosed === 'retracted' && opened !== 'cue') {
          fail('a retracted phrase ~...~ with no cue <...> after it');
        }
        role = opened;
        closer = close;
        current = undefined;
        continue;
      }
      if (role !== 'said' && char === closer) {
        lastClosed = role;
        role = 'said';
        current = undefined;
        continue;
      }
      if (role !== 'said' && char in CLOSERS)
        fail(`"${char}" inside another mark: marks do not nest`);
      if (role === 'said' && /[\]}>]/u.test(char)) fail(`"${char}" closes nothing`);
      if (current === undefined) {
        if (role === 'said' && lastClosed === 'retracted' && /\p{L}|\p{N}/u.test(char)) {
          fail('a retracted phrase ~...~ with no cue <...> after it');
        }
        current = { text: '', start: transcript.length, role, ...pending };
        if (current.part === undefined) delete current.part;
        pending = { sentenceStart: false, itemStart: false, part: undefined };
        words.push(current);
      }
      if (role === 'said' && /\p{L}|\p{N}/u.test(char)) lastClosed = undefined;
      current.text += char;
      transcript += char;
    }
  }
  if (role !== 'said') fail(`a mark opened and never closed with "${closer}"`);
  if (lastClosed === 'retracted') fail('a retracted phrase ~...~ with no cue <...> after it');
  if (pending.sentenceStart || pending.itemStart || pending.part !== undefined) {
    fail('a mark (/, * or ^part) with no word after it');
  }
  return { transcript: transcript.trim(), words: words.filter((word) => word.text !== '') };
}

/** Every utterance of one corpus file; `source` names the file in errors. */
export function parseUtterances(text: string, source: string): Utterance[] {
  const utterances: Utterance[] = [];
  const lines = text.split('\n');
  let n = 0;
  while (n < lines.length) {
    const line = lines[n] ?? '';
    if (line.trim() === '' || line.startsWith('#')) {
      n += 1;
      continue;
    }
    const at = `${source}:${n + 1}`;
    const header = parseHeader(line, at);
    const body: string[] = [];
    n += 1;
    while (n < lines.length && (lines[n] ?? '').trim() !== '') {
      if (!(lines[n] ?? '').startsWith('#')) body.push(lines[n] ?? '');
      n += 1;
    }
    if (body.length === 0) throw new CorpusError(`${at}: a header with no words under it`);
    const { transcript, words } = parseMarkedText(body.join(' '), at);
    if (!words.some((word) => word.role === 'said')) {
      throw new CorpusError(`${at}: nothing is left once the marked words go`);
    }
    if (header.style === 'browser' && !BROWSER_TEXT.test(transcript)) {
      throw new CorpusError(
        `${at}: browser style is lower case with no punctuation but apostrophes`,
      );
    }
    if (header.format !== 'checklist' && words.some((word) => word.itemStart)) {
      throw new CorpusError(`${at}: item starts (*) in a ${header.format}`);
    }
    if (header.format !== 'pitch' && words.some((word) => word.part !== undefined)) {
      throw new CorpusError(`${at}: pitch parts (^part) in a ${header.format}`);
    }
    utterances.push({ ...header, transcript, words });
  }
  return utterances;
}

/** What the person wanted written: the words outside the marks, in order. */
export function saidText(utterance: Pick<Utterance, 'words'>): string {
  return utterance.words
    .filter((word) => word.role === 'said')
    .map((word) => word.text)
    .join(' ');
}
