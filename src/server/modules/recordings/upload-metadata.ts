import { SPOKEN_LANGUAGE_MESSAGE, SpokenLanguageSchema } from '#contract/api-request-schemas.js';
import { CategorySchema, FormatSchema, type Category, type Format } from '#contract/taxonomy.js';
import { HttpError } from '../../http/errors.js';

const FILENAME_MAX_CHARS = 255;

export interface UploadMetadata {
  filename?: string | null;
  filetype?: string | null;
  format?: string | null;
  category?: string | null;
  /** "false" or "0": the person keeps no audio once the transcript exists. */
  keepAudio?: string | null;
  /** The language spoken, ISO 639-1 (docs/api.md, "Extension: the spoken language"). */
  language?: string | null;
}

/** The upload's language (docs/api.md, "Extension: the spoken language"); absent: null. */
function uploadLanguage(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const parsed = SpokenLanguageSchema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(400, 'invalid_input', `Upload-Metadata: ${SPOKEN_LANGUAGE_MESSAGE}.`);
  }
  return parsed.data;
}

function parseChoice<T>(
  value: string | null | undefined,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  field: string,
): T | null {
  if (value === undefined || value === null || value === '') return null;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'invalid_input',
      `Upload-Metadata: ${field} must be one of the product's ${field}s.`,
    );
  }
  return parsed.data;
}

/** What an upload's tus metadata asks for, checked: 400 for a choice that is not the product's. */
export function readUploadMetadata(metadata: UploadMetadata): {
  format: Format | null;
  category: Category | null;
  filename: string | null;
  keepAudio: boolean;
  language: string | null;
} {
  const keep = metadata.keepAudio?.trim().toLowerCase();
  return {
    format: parseChoice(metadata.format, FormatSchema, 'format'),
    category: parseChoice(metadata.category, CategorySchema, 'category'),
    filename: metadata.filename?.slice(0, FILENAME_MAX_CHARS) ?? null,
    keepAudio: keep !== 'false' && keep !== '0',
    language: uploadLanguage(metadata.language),
  };
}
