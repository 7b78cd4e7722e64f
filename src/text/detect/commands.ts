import { FORMAT_SPOKEN_WORDS } from '#contract/taxonomy.js';
import {
  parsePrefix,
  stripCommandPhrase,
  stripTrailingGlue,
  type PrefixParse,
} from './command-text.js';
import { detectFormatAndCategory } from './detection.js';

/**
 * A prefix said as a command, not a format word that starts the thought: the category word
 * after it ("tweet creative the sky ...", "Checklist work: ...") or a colon or dash ("Tweet:
 * ..."). "Pitch idea. A lot of people ..." and "list for the weekly shop" start with content.
 */
export function saysPrefixCommand(text: string): PrefixParse | null {
  const prefix = parsePrefix(text);
  if (!prefix.wasDetected) return null;
  if (prefix.category !== null) return prefix;
  const after = /^\s*\p{L}+\s*([:—–-])/u.exec(text);
  return after === null ? null : prefix;
}

const FORMAT_WORDS: readonly string[] = Object.values(FORMAT_SPOKEN_WORDS).flat();

/**
 * The words to format: what was said minus the spoken command that leads it or is said in it
 * ("tweet work:", "make this a checklist for work"), which is an instruction, not content, the
 * way the app strips it before it asks for a format (docs/product.md, "Voice settings").
 * Without a command, the transcript as it is.
 */
export function spokenContent(transcript: string, options: { keepTopic?: boolean } = {}): string {
  const input = typeof transcript === 'string' ? transcript : '';
  // Every command holds a format word: most transcripts hold none and skip the detector.
  const lower = input.toLowerCase();
  if (!FORMAT_WORDS.some((word) => lower.includes(word))) return input;
  const prefix = saysPrefixCommand(input);
  if (prefix !== null) return prefix.content;
  const detected = detectFormatAndCategory(input);
  if (detected.method !== 'phrase') return input;
  const at = input.toLowerCase().indexOf(detected.matchedText.toLowerCase());
  if (at < 0) return input;
  const before = stripTrailingGlue(input.slice(0, at)).trim();
  const after = input.slice(at + detected.matchedText.length);
  // Only a command said on its own: at the start, or as a sentence of its own. Said inside a
  // clause ("buy milk, make this a checklist, then call mom") its removal would run the two
  // sides together.
  if (before !== '' && !/[.!?]$/u.test(before)) return input;
  if (before !== '' && !/^\s*(?:[.!?]|$)/u.test(after)) return input;
  const content = stripCommandPhrase(input, detected.matchedText);
  // "Create a checklist for my morning routine stretch ...": the topic the command leads
  // into names the list, so its "for" stays to say where the title ends.
  const topic = /^[\s,:;.—–-]*(for|about)\s+\S/iu.exec(after);
  if (options.keepTopic !== true || topic === null || before !== '') return content;
  return `${topic[1] as string} ${content}`;
}
