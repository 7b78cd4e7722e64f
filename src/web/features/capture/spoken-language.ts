import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '../../lib/storage';

/**
 * The language spoken (docs/product.md, "The spoken language"): a device setting like the other
 * voice settings, "Browser default" (the browser's own language) unless the person picks one.
 * It is what the browser's speech recognition listens for, and the ISO 639-1 code sent with the
 * audio and the transcript so the server's engines and the rules know it.
 */
export const SPOKEN_LANGUAGES = [
  'browser',
  'en',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
] as const;
export type SpokenLanguageChoice = (typeof SPOKEN_LANGUAGES)[number];

/** Each language by its own name, as its speakers look for it; the interface stays English. */
export const SPOKEN_LANGUAGE_LABELS: Record<SpokenLanguageChoice, string> = {
  browser: 'Browser default',
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

/** The region the browser is asked for when the browser's own language is not the one picked. */
const DEFAULT_REGIONS: Record<Exclude<SpokenLanguageChoice, 'browser'>, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  es: 'es-ES',
  de: 'de-DE',
  it: 'it-IT',
  pt: 'pt-BR',
  nl: 'nl-NL',
  pl: 'pl-PL',
  sv: 'sv-SE',
};

function isChoice(value: string | null): value is SpokenLanguageChoice {
  return value !== null && (SPOKEN_LANGUAGES as readonly string[]).includes(value);
}

const listeners = new Set<() => void>();

export function readSpokenLanguage(): SpokenLanguageChoice {
  const stored = readItem(STORAGE_KEYS.spokenLanguage);
  return isChoice(stored) ? stored : 'browser';
}

export function updateSpokenLanguage(choice: SpokenLanguageChoice): void {
  writeItem(STORAGE_KEYS.spokenLanguage, choice);
  for (const listener of listeners) listener();
}

export function useSpokenLanguage(): SpokenLanguageChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readSpokenLanguage,
    () => 'browser',
  );
}

/** The primary subtag of a BCP 47 tag, lowercased: "fr-CA" -> "fr"; undefined when there is none. */
function primaryOf(tag: string | undefined): string | undefined {
  const primary = tag?.split(/[-_]/)[0]?.toLowerCase();
  return primary !== undefined && /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}

/**
 * The Web Speech API's `lang`: the browser's own language for "Browser default"; for a language
 * picked, the browser's own variant when it speaks that language ("fr-CA" for French), else the
 * language's common region. A browser that names no language hears US English.
 */
export function speechLang(
  choice: SpokenLanguageChoice,
  browserLanguage: string | undefined,
): string {
  if (choice === 'browser')
    return browserLanguage && primaryOf(browserLanguage) ? browserLanguage : 'en-US';
  return browserLanguage && primaryOf(browserLanguage) === choice
    ? browserLanguage
    : DEFAULT_REGIONS[choice];
}

/**
 * What the server is told (docs/api.md, "The spoken language"): the ISO 639-1 code of the
 * language picked, or of the browser's language for "Browser default"; undefined when the
 * browser names none, which leaves the language to the engines as before.
 */
export function serverLanguage(
  choice: SpokenLanguageChoice,
  browserLanguage: string | undefined,
): string | undefined {
  return choice === 'browser' ? primaryOf(browserLanguage) : choice;
}

/** The setting as it stands, for the capture code outside React. */
export function currentSpeechLang(): string {
  return speechLang(readSpokenLanguage(), globalThis.navigator?.language);
}

export function currentServerLanguage(): string | undefined {
  return serverLanguage(readSpokenLanguage(), globalThis.navigator?.language);
}
