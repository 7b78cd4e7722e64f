import { z } from 'zod';
import { CategorySchema, FormatSchema } from './taxonomy.js';
import { FORMAT_MODES } from './api-schemas.js';
import {
  EMAIL_MAX_CHARS,
  IDEA_CONTENT_MAX_CHARS,
  IDEA_ID_MAX_CHARS,
  IDEAS_PAGE_DEFAULT,
  IDEAS_PAGE_MAX,
  PASSWORD_MAX_CHARS,
  PASSWORD_MIN_CHARS,
  SEARCH_QUERY_MAX_CHARS,
  TRANSCRIPT_MAX_CHARS,
} from './limits.js';
import {
  DICTIONARY_MAX_ENTRIES,
  DICTIONARY_SOUNDS_LIKE_MAX_CHARS,
  DICTIONARY_TERM_MAX_CHARS,
  hasLetterOrDigit,
} from './dictionary.js';

/**
 * What the server accepts (docs/api.md): bodies, queries and parameters, validated by the
 * routes. Only the server parses requests, so these use full zod, whose transforms and
 * messages the routes rely on; what the server answers is in api-schemas.ts, shared with the
 * web app (docs/decisions/040-one-schema-both-sides.md).
 */

const NUL = String.fromCharCode(0);

/**
 * Text as it arrives from a person, normalised once before any rule looks at it: U+0000 is
 * removed (PostgreSQL text cannot hold it, and SQLite's string functions stop at it), so
 * "\u0000\u0000" is as empty as "" and the length limit counts what is kept.
 */
function personText(maxChars: number) {
  return z
    .string()
    .refine(isWellFormed, { message: WELL_FORMED_MESSAGE })
    .transform((text) => (text.includes(NUL) ? text.split(NUL).join('') : text))
    .pipe(z.string().max(maxChars));
}

/**
 * Half of a surrogate pair on its own is no character: no keyboard types it, only a hand-written
 * JSON escape. It cannot be stored as UTF-8 either (it would come back as three U+FFFD and over
 * the length limit), and in a password it would collide with every other lone half.
 */
const WELL_FORMED_MESSAGE = 'must be valid Unicode text';

// A loop rather than String.prototype.isWellFormed (ES2024) or a look-behind regex, which the
// oldest browsers the app supports cannot parse.
function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i += 1;
  }
  return true;
}

/**
 * What shows nothing on screen: spaces and controls, zero-width and direction marks, every
 * default-ignorable code point (variation selectors, tag characters, fillers), noncharacters,
 * and the blank signs some scripts have (Hangul fillers, braille, Khitan).
 */
const INVISIBLE =
  /[\s\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u;
/** Blank characters no Unicode property marks: the braille blank and the Khitan filler. */
const BLANK_SIGNS = new Set([0x2800, 0x16fe4]);

/** Stops at the first visible character, so a long transcript costs one or two steps. */
function showsSomething(text: string): boolean {
  for (const char of text) {
    if (!INVISIBLE.test(char) && !BLANK_SIGNS.has(char.codePointAt(0) ?? 0)) return true;
  }
  return false;
}

function nonBlankText(maxChars: number, field: string) {
  return personText(maxChars).refine(showsSomething, {
    message: `${field} must not be empty`,
  });
}

export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_CHARS)
  .pipe(z.email({ message: 'email must be a valid e-mail address' }))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_CHARS)
  .max(PASSWORD_MAX_CHARS)
  .refine(isWellFormed, { message: WELL_FORMED_MESSAGE });

export const RegisterBodySchema = z.object({ email: EmailSchema, password: PasswordSchema });
/** An empty password asks for a one-time sign-in link instead. */
export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string()
    .max(PASSWORD_MAX_CHARS)
    .refine(isWellFormed, { message: WELL_FORMED_MESSAGE })
    .default(''),
});
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: PasswordSchema,
});
export const ClaimBodySchema = z.object({ token: z.string().min(1).max(500) });
/** POST /api/auth/magic: the confirm page's exchange of a sign-in link's token. */
export const SignInLinkBodySchema = z.object({ token: z.string().min(1).max(200) });
export const DeleteAccountBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX_CHARS).default(''),
});

/**
 * Ids are opaque, but none the server issues holds U+0000, and PostgreSQL text cannot even be
 * compared with one: refused here, alike on both databases.
 */
const IdSchema = z
  .string()
  .min(1)
  .max(IDEA_ID_MAX_CHARS)
  .refine((id) => !id.includes(NUL), { message: 'id must not contain U+0000' });

export const IdeaIdParamsSchema = z.object({ id: IdSchema });

export const ListIdeasQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(IDEAS_PAGE_MAX).default(IDEAS_PAGE_DEFAULT),
  cursor: z.string().min(1).max(200).optional(),
  q: personText(SEARCH_QUERY_MAX_CHARS).optional(),
  category: CategorySchema.optional(),
  /** An extension of docs/api.md's listing: the search page filters by format too. */
  format: FormatSchema.optional(),
});
export type ListIdeasQuery = z.infer<typeof ListIdeasQuerySchema>;

export const ListRecordingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(IDEAS_PAGE_MAX).default(IDEAS_PAGE_DEFAULT),
  cursor: z.string().min(1).max(200).optional(),
});

const IdeaContentSchema = nonBlankText(IDEA_CONTENT_MAX_CHARS, 'content');

export const CreateIdeaBodySchema = z.object({
  content: IdeaContentSchema,
  format: FormatSchema,
  category: CategorySchema,
  transcript: personText(TRANSCRIPT_MAX_CHARS).nullable().optional(),
  /** The caller's own recording the idea was made from (docs/api.md, "Recordings"). */
  recordingId: IdSchema.nullable().optional(),
});
export type CreateIdeaBody = z.infer<typeof CreateIdeaBodySchema>;

export const UpdateIdeaBodySchema = z.object({
  content: IdeaContentSchema,
  /** The words heard again, when the person takes a new transcription of the recording. */
  transcript: personText(TRANSCRIPT_MAX_CHARS).optional(),
});

const RequestFormatModeSchema = z.enum(FORMAT_MODES).default('smart');

/** The spoken language's message, for the JSON body and the multipart field alike. */
export const SPOKEN_LANGUAGE_MESSAGE =
  'language must be a language code of 2 or 3 lowercase letters (ISO 639-1, such as "fr")';

/**
 * The language spoken (docs/api.md, "The spoken language"): ISO 639-1 ("fr"), or 639-2 where a
 * language has no two-letter code. Absent: detected from the words (format) or left to the
 * engine (transcribe).
 */
export const SpokenLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}$/, { message: SPOKEN_LANGUAGE_MESSAGE });

export const ReformatBodySchema = z.object({
  format: FormatSchema.optional(),
  category: CategorySchema.optional(),
  mode: RequestFormatModeSchema,
});

export const ExportFormatSchema = z.enum(['json', 'markdown', 'csv']);
export const ExportQuerySchema = z.object({ format: ExportFormatSchema.default('json') });

export const FormatBodySchema = z.object({
  transcript: nonBlankText(TRANSCRIPT_MAX_CHARS, 'transcript'),
  format: FormatSchema,
  category: CategorySchema,
  mode: RequestFormatModeSchema,
  language: SpokenLanguageSchema.optional(),
});
export type FormatBody = z.infer<typeof FormatBodySchema>;

export const InferBodySchema = z.object({ transcript: personText(TRANSCRIPT_MAX_CHARS) });

/** A term or what it sounds like: one line of visible text, trimmed, within its length. */
function dictionaryText(maxChars: number, field: string) {
  return personText(200)
    .transform((text) => text.trim())
    .pipe(
      z
        .string()
        .max(maxChars, { message: `${field} must be at most ${maxChars} characters` })
        .refine((text) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(text), {
          message: `${field} must be one line without control characters`,
        }),
    );
}

export const DictionaryBodySchema = z
  .object({
    entries: z
      .array(
        z.object({
          term: dictionaryText(DICTIONARY_TERM_MAX_CHARS, 'term')
            .refine(showsSomething, { message: 'term must not be empty' })
            .refine(hasLetterOrDigit, { message: 'term must hold a letter or a digit' }),
          soundsLike: dictionaryText(DICTIONARY_SOUNDS_LIKE_MAX_CHARS, 'soundsLike')
            .refine((text) => text === '' || hasLetterOrDigit(text), {
              message: 'soundsLike must hold a letter or a digit',
            })
            .nullable()
            .optional()
            .transform((text) =>
              text === null || text === undefined || text === '' ? undefined : text,
            ),
        }),
      )
      .max(DICTIONARY_MAX_ENTRIES, {
        message: `entries must hold at most ${DICTIONARY_MAX_ENTRIES} terms`,
      }),
  })
  .superRefine(({ entries }, context) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      const key = entry.term.toLocaleLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['entries', index, 'term'],
          message: `term "${entry.term}" is in the dictionary twice`,
        });
      }
      seen.add(key);
    });
  });
export type DictionaryBody = z.infer<typeof DictionaryBodySchema>;

export const CheckoutBodySchema = z.object({ email: EmailSchema });
