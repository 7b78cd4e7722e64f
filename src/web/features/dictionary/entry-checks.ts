import {
  DICTIONARY_MAX_ENTRIES,
  DICTIONARY_SOUNDS_LIKE_MAX_CHARS,
  DICTIONARY_TERM_MAX_CHARS,
  type DictionaryEntry,
} from '#contract/dictionary';

/** What the person has typed into the two fields, as typed. */
export interface EntryDraft {
  term: string;
  soundsLike: string;
}

export const EMPTY_DRAFT: EntryDraft = { term: '', soundsLike: '' };

export interface EntryProblems {
  term?: string;
  soundsLike?: string;
}

/** A line break or a control character: the server keeps each field to one line. */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

function lengthProblem(text: string, max: number): string | undefined {
  if (NOT_ONE_LINE.test(text)) return 'Keep it to one line of plain text.';
  if (text.length > max) return `Up to ${max} characters (this is ${text.length}).`;
  return undefined;
}

/**
 * The server's limits (docs/api.md, `PUT /api/dictionary`) checked before anything is sent, so
 * the person reads why beside the field: a term of 1-60 characters and a sounds-like of up to
 * 60, each trimmed and one line, no term twice in any casing, at most 500 entries.
 * `replacing` is the index of the entry being edited (it may keep its own term), or null.
 */
export function entryProblems(
  draft: EntryDraft,
  entries: readonly DictionaryEntry[],
  replacing: number | null,
): EntryProblems {
  const problems: EntryProblems = {};
  const term = draft.term.trim();
  const soundsLike = draft.soundsLike.trim();
  if (term === '') {
    problems.term = 'Type the word as you want it written.';
  } else {
    const termProblem = lengthProblem(term, DICTIONARY_TERM_MAX_CHARS);
    const key = term.toLocaleLowerCase();
    const twin = entries.find(
      (entry, index) => index !== replacing && entry.term.toLocaleLowerCase() === key,
    );
    if (termProblem) problems.term = termProblem;
    else if (twin) problems.term = `“${twin.term}” is already in your dictionary.`;
    else if (replacing === null && entries.length >= DICTIONARY_MAX_ENTRIES) {
      problems.term = `Your dictionary is full (${DICTIONARY_MAX_ENTRIES} words): remove one to add another.`;
    }
  }
  const soundsLikeProblem = lengthProblem(soundsLike, DICTIONARY_SOUNDS_LIKE_MAX_CHARS);
  if (soundsLikeProblem) problems.soundsLike = soundsLikeProblem;
  return problems;
}

export function hasProblems(problems: EntryProblems): boolean {
  return problems.term !== undefined || problems.soundsLike !== undefined;
}

/** The entry as the server keeps it: trimmed, and no sounds-like when there is none. */
export function entryOf(draft: EntryDraft): DictionaryEntry {
  const term = draft.term.trim();
  const soundsLike = draft.soundsLike.trim();
  return soundsLike === '' ? { term } : { term, soundsLike };
}

export function draftOf(entry: DictionaryEntry): EntryDraft {
  return { term: entry.term, soundsLike: entry.soundsLike ?? '' };
}
