import {
  CATEGORY_LABELS,
  DEFAULT_CATEGORY,
  DEFAULT_FORMAT,
  FORMAT_COLORS,
  FORMAT_LABELS,
  isCategory,
  isFormat,
  type Category,
  type Format,
} from '#contract/taxonomy';
import { STORAGE_KEYS, readItem } from '../../lib/storage';

export interface VoiceSettings {
  format: Format;
  category: Category;
}

/**
 * docs/product.md, Constants and timings: each choice under its own key, defaults tweet and work;
 * a missing or unknown value falls back to its default. Kept apart from the React store
 * (voice-settings.ts) because the boot script (shell/boot.ts) draws it before the first paint.
 */
export function readStoredVoiceSettings(): VoiceSettings {
  const format = readItem(STORAGE_KEYS.selectedFormat);
  const category = readItem(STORAGE_KEYS.selectedCategory);
  return {
    format: isFormat(format) ? format : DEFAULT_FORMAT,
    category: isCategory(category) ? category : DEFAULT_CATEGORY,
  };
}

/** The home chip's words and colour (docs/product.md, Home), for React and the boot script alike. */
export function voiceChip(settings: VoiceSettings): { label: string; color: string } {
  return {
    label: `${FORMAT_LABELS[settings.format]} • ${CATEGORY_LABELS[settings.category]}`,
    color: FORMAT_COLORS[settings.format],
  };
}
