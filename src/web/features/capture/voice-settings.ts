import { useSyncExternalStore } from 'react';
import {
  DEFAULT_CATEGORY,
  DEFAULT_FORMAT,
  isCategory,
  isFormat,
  type Category,
  type Format,
} from '#contract/taxonomy';
import { STORAGE_KEYS, readItem, writeItem } from '../../lib/storage';

export interface VoiceSettings {
  format: Format;
  category: Category;
}

let cached: VoiceSettings | null = null;
const listeners = new Set<() => void>();

/** docs/product.md, Constants and timings: each choice under its own key, defaults tweet and work. */
export function readVoiceSettings(): VoiceSettings {
  if (cached) return cached;
  const format = readItem(STORAGE_KEYS.selectedFormat);
  const category = readItem(STORAGE_KEYS.selectedCategory);
  cached = {
    format: isFormat(format) ? format : DEFAULT_FORMAT,
    category: isCategory(category) ? category : DEFAULT_CATEGORY,
  };
  return cached;
}

export function updateVoiceSettings(patch: Partial<VoiceSettings>) {
  const next = { ...readVoiceSettings(), ...patch };
  writeItem(STORAGE_KEYS.selectedFormat, next.format);
  writeItem(STORAGE_KEYS.selectedCategory, next.category);
  cached = next;
  for (const listener of listeners) listener();
}

const DEFAULT_SETTINGS: VoiceSettings = { format: DEFAULT_FORMAT, category: DEFAULT_CATEGORY };

export function useVoiceSettings(): VoiceSettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readVoiceSettings,
    // The build-time shell (prerender.tsx) knows nobody's choice: it shows the defaults.
    () => DEFAULT_SETTINGS,
  );
}
