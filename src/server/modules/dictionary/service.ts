import { DICTIONARY_MAX_ENTRIES, type DictionaryEntry } from '#contract/dictionary.js';
import { guestOwner, type Owner } from '../../db/owner.js';
import type { DictionaryRepository } from './repository.js';

export interface DictionaryService {
  entriesOf(owner: Owner): Promise<DictionaryEntry[]>;
  /** Replaces the whole list (already validated: at most 500, no term twice). */
  replace(owner: Owner, entries: readonly DictionaryEntry[]): Promise<DictionaryEntry[]>;
  /**
   * Signing up or in: the guest's entries join the account's (the account's first, a term the
   * account has already is not added twice, at most 500 kept), and the guest's list is gone.
   */
  adoptGuest(userId: string, guestId: string): Promise<void>;
}

export function createDictionaryService(deps: {
  repository: DictionaryRepository;
}): DictionaryService {
  const { repository } = deps;
  return {
    entriesOf: (owner) => repository.entriesOf(owner),

    async replace(owner, entries) {
      await repository.replace(owner, entries);
      return [...entries];
    },

    adoptGuest(userId, guestId) {
      return repository.adopt(userId, guestOwner(guestId), (kept, brought) => {
        const known = new Set(kept.map((entry) => entry.term.toLocaleLowerCase()));
        const merged = [...kept];
        for (const entry of brought) {
          if (merged.length >= DICTIONARY_MAX_ENTRIES) break;
          if (known.has(entry.term.toLocaleLowerCase())) continue;
          known.add(entry.term.toLocaleLowerCase());
          merged.push(entry);
        }
        return merged;
      });
    },
  };
}
