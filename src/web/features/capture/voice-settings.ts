import { useSyncExternalStore } from 'react';
import { DEFAULT_CATEGORY, DEFAULT_FORMAT } from '#contract/taxonomy';
import { STORAGE_KEYS, writeItem } from '../../lib/storage';
import { readStoredVoiceSettings, type VoiceSettings } from './stored-voice-settings';

export type { VoiceSettings } from './stored-voice-settings';

let cached: VoiceSettings | null = null;
const listeners = new Set<() => void>();

export function readVoiceSettings(): VoiceSettings {
  cached ??= readStoredVoiceSettings();
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
