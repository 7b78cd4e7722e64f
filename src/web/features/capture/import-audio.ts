import { UPLOADS_PATH } from './offline/recording-upload';

/**
 * An audio file chosen or dropped goes the way of a recording (docs/product.md, Import a
 * recording): into the device queue and a resumable upload, then the same transcription and
 * formatting. These checks refuse what the server would refuse before a byte is copied, so a
 * file that cannot become an idea is never kept for a retry; the server still sniffs every byte.
 */

/** Containers browsers and systems label as video although a voice memo is only sound. */
const AUDIO_IN_VIDEO_TYPES = new Set(['video/webm', 'video/mp4', 'video/ogg', 'video/3gpp']);
const AUDIO_APPLICATION_TYPES = new Set(['application/ogg', 'application/octet-stream']);

/** Slices of the file as they go into IndexedDB: a few requests' worth each, never the whole. */
export const IMPORT_SLICE_BYTES = 1024 * 1024;
const LIMIT_TIMEOUT_MS = 5000;

export type ImportRefusal = 'empty' | 'too_large' | 'not_audio';

export class ImportRefusedError extends Error {
  constructor(
    readonly reason: ImportRefusal,
    readonly description: string,
  ) {
    super(
      reason === 'empty'
        ? 'This file is empty'
        : reason === 'too_large'
          ? 'This file is too large'
          : 'This file is not a recording',
    );
    this.name = 'ImportRefusedError';
  }
}

const NOT_AUDIO_DESCRIPTION = 'Choose an audio file, such as m4a, mp3, ogg, opus, wav or webm.';

export function notAudio(): ImportRefusedError {
  return new ImportRefusedError('not_audio', NOT_AUDIO_DESCRIPTION);
}

export function tooLarge(maxBytes: number | null): ImportRefusedError {
  return new ImportRefusedError(
    'too_large',
    maxBytes === null
      ? 'This server does not take a recording that large.'
      : `Recordings can be up to ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  );
}

/** The declared type says "not audio" only when it names something else; untyped files pass. */
export function looksLikeAudio(type: string): boolean {
  const bare = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    bare === '' ||
    bare.startsWith('audio/') ||
    AUDIO_IN_VIDEO_TYPES.has(bare) ||
    AUDIO_APPLICATION_TYPES.has(bare)
  );
}

/**
 * The server's largest recording, from the tus discovery reply (`Tus-Max-Size`); null when the
 * server cannot be asked now (offline): the upload's own 413 then refuses it.
 */
export async function uploadLimitBytes(fetcher: typeof fetch = fetch): Promise<number | null> {
  try {
    const response = await fetcher(UPLOADS_PATH, {
      method: 'OPTIONS',
      headers: { 'Tus-Resumable': '1.0.0' },
      signal: AbortSignal.timeout(LIMIT_TIMEOUT_MS),
    });
    const max = Number(response.headers.get('Tus-Max-Size'));
    return Number.isSafeInteger(max) && max > 0 ? max : null;
  } catch {
    return null;
  }
}

/** Throws the refusal a person sees for a file that cannot become an idea. */
export async function checkImport(
  file: Blob,
  limit: () => Promise<number | null> = () => uploadLimitBytes(),
): Promise<void> {
  if (!looksLikeAudio(file.type)) throw notAudio();
  if (file.size === 0) {
    throw new ImportRefusedError('empty', 'There is no sound in it to turn into an idea.');
  }
  const max = await limit();
  if (max !== null && file.size > max) throw tooLarge(max);
}

/** The file in slices, in order, for the upload's byte source and the device copy. */
export function* slicesOf(file: Blob, sliceBytes = IMPORT_SLICE_BYTES): Generator<Blob> {
  for (let start = 0; start < file.size; start += sliceBytes) {
    yield file.slice(start, Math.min(file.size, start + sliceBytes));
  }
}

/** The name sent with the upload: the file's own, without any path a browser might add. */
export function importFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' ? 'recording' : base;
}
