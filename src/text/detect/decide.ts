import type { InferResult } from '#contract/api-schemas.js';
import { isCategory, isFormat, type Category, type Format } from '#contract/taxonomy.js';
import {
  LOCAL_APPLY_THRESHOLD,
  NATURAL_LANGUAGE_THRESHOLD,
  SERVER_APPLY_THRESHOLD,
} from '#contract/thresholds.js';
import { parsePrefix, stripCommandPhrase } from './command-text.js';
import { detectFormatAndCategory } from './detection.js';
/** A spoken prefix ("Tweet work: ...") is an instruction, not a guess. */
export const PREFIX_COMMAND_CONFIDENCE = 1;

export type DecisionSource = 'command' | 'natural-language' | 'keywords' | 'server' | 'settings';

export interface Decision {
  format: Format;
  category: Category;
  source: DecisionSource;
  confidence: number;
  /** The text to format: the command phrase stripped, or the full transcript if nothing is left. */
  content: string;
  /** True when the web app should show the 'Voice command detected' toast. */
  commandDetected: boolean;
}

function localSource(confidence: number): DecisionSource {
  return confidence >= NATURAL_LANGUAGE_THRESHOLD ? 'natural-language' : 'keywords';
}

/**
 * The decision order of docs/architecture.md ("How a recording flows", step 3) as one function.
 *
 * 1. A spoken prefix command ("Tweet work: ...", "Checklist: ..."): source 'command',
 *    confidence 1, content is the text after the prefix.
 * 2. The local detector, applied when its confidence is 0.6 or more and labelled
 *    'natural-language' at 0.8 or more, else 'keywords'. An explicit phrasing ("make this a
 *    pitch for work") scores 0.9, so it always applies; its phrase is stripped from the
 *    content. Keyword scoring alone only reaches 0.6 when it finds both a format and a
 *    category (0.4 + 0.4 + 0.1), and then the full transcript is the content. (So with the
 *    product's weights the local detector yields 0, 0.4 or 0.9 and 'keywords', the 0.6-0.8
 *    label, does not occur; the label rule is kept as the product defines it.)
 * 3. Only when steps 1 and 2 found nothing applicable and the transcript is not blank:
 *    `inferOnServer`, applied at confidence 0.7 or more when it names a format or category.
 *    A rejection, a malformed answer or a lower confidence is silent.
 * 4. Otherwise the user's selection: source 'settings', confidence 0.
 *
 * What a spoken command leaves open is filled by the detector's keyword guess for the same
 * text, then by the server's reading of the words after the command (at 0.7 or more), then the
 * user's selection, so "Tweet: lunch with the client" is a work tweet even when 'personal' is
 * selected, "I need a checklist for the christening" is read for its category as any other
 * note is, and "I need a checklist: bees, wax, jars" keeps the selected category. A category
 * the server's inference leaves open is the user's selection: the server leaves it open when
 * it is not sure, and a wrong category is worse than the person's own.
 * commandDetected is true only for steps 1 and 2's explicit phrasings: something was spoken
 * as an instruction and removed from the content.
 */
export async function decideFormatAndCategory(
  transcript: string,
  selected: { format: Format; category: Category },
  inferOnServer?: (transcript: string) => Promise<InferResult>,
  /**
   * False for speech in another language (docs/product.md, "The spoken language"): the keyword
   * detector reads English and would find a format in words it does not know, so only a spoken
   * command and the person's own setting decide.
   */
  english = true,
): Promise<Decision> {
  const text = typeof transcript === 'string' ? transcript : '';
  const fullContent = text.trim();

  const prefix = parsePrefix(text);
  if (prefix.wasDetected && prefix.format !== null) {
    const category =
      prefix.category ??
      detectFormatAndCategory(prefix.content).detectedCategory ??
      (await categoryOfContent(prefix.content, selected.category, inferOnServer));
    return {
      format: prefix.format,
      category,
      source: 'command',
      confidence: PREFIX_COMMAND_CONFIDENCE,
      content: prefix.content.trim() || fullContent,
      commandDetected: true,
    };
  }

  if (!english) return settingsDecision(selected, fullContent);

  const local = detectFormatAndCategory(text);
  if (local.confidence >= LOCAL_APPLY_THRESHOLD && local.detectedFormat !== null) {
    const isPhrase = local.method === 'phrase';
    const content = isPhrase ? stripCommandPhrase(text, local.matchedText) : fullContent;
    return {
      format: local.detectedFormat,
      category:
        local.detectedCategory ??
        (isPhrase
          ? await categoryOfContent(content, selected.category, inferOnServer)
          : selected.category),
      source: localSource(local.confidence),
      confidence: local.confidence,
      content,
      commandDetected: isPhrase,
    };
  }

  if (inferOnServer !== undefined && fullContent !== '') {
    const inferred = await inferSafely(inferOnServer, text);
    if (
      inferred !== null &&
      inferred.confidence >= SERVER_APPLY_THRESHOLD &&
      (inferred.format !== null || inferred.category !== null)
    ) {
      return {
        format: inferred.format ?? local.detectedFormat ?? selected.format,
        category: inferred.category ?? selected.category,
        source: 'server',
        confidence: inferred.confidence,
        content: fullContent,
        commandDetected: false,
      };
    }
  }

  return settingsDecision(selected, fullContent);
}

function settingsDecision(
  selected: { format: Format; category: Category },
  content: string,
): Decision {
  return {
    format: selected.format,
    category: selected.category,
    source: 'settings',
    confidence: 0,
    content,
    commandDetected: false,
  };
}

/**
 * The category of what was said after a command that named none: the server's, at 0.7 or more,
 * read from the content alone so the command's own words ("I need a checklist") weigh nothing;
 * else the selection. Most such commands are about home, family or a hobby, which the keyword
 * detector (held to 90% precision on the corpus) rarely names, so the setting (often work)
 * stood where the words said otherwise.
 */
async function categoryOfContent(
  content: string,
  selectedCategory: Category,
  inferOnServer?: (transcript: string) => Promise<InferResult>,
): Promise<Category> {
  if (inferOnServer === undefined || content.trim() === '') return selectedCategory;
  const inferred = await inferSafely(inferOnServer, content);
  return inferred !== null &&
    inferred.category !== null &&
    inferred.confidence >= SERVER_APPLY_THRESHOLD
    ? inferred.category
    : selectedCategory;
}

async function inferSafely(
  inferOnServer: (transcript: string) => Promise<InferResult>,
  text: string,
): Promise<InferResult | null> {
  try {
    return asInferResult(await inferOnServer(text));
  } catch {
    return null;
  }
}

/**
 * InferResultSchema's rules checked by hand: this module runs in the browser, and a runtime
 * zod import here would pull all of zod into the web app's first download.
 */
function asInferResult(value: unknown): InferResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const { format, category, confidence } = value as Record<string, unknown>;
  if (format !== null && !isFormat(format)) return null;
  if (category !== null && !isCategory(category)) return null;
  if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1)) return null;
  return { format, category, confidence };
}
