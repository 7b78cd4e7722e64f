/**
 * Decide from the first bytes whether an upload is audio we accept. The client's declared
 * MIME type and file name are not trusted: the web app always names the file recording.webm,
 * whatever the browser actually recorded (Safari records mp4/aac).
 */
export type AudioContainer = 'webm' | 'ogg' | 'mp4' | 'wav' | 'mp3';

export const SNIFF_BYTES = 64;

export const AUDIO_MIME_TYPES: Record<AudioContainer, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp4: 'audio/mp4',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/** The file extension engines such as OpenAI's use to pick a decoder. */
export const AUDIO_EXTENSIONS: Record<AudioContainer, string> = {
  webm: 'webm',
  ogg: 'ogg',
  mp4: 'm4a',
  wav: 'wav',
  mp3: 'mp3',
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

export function sniffAudioContainer(head: Uint8Array): AudioContainer | null {
  // EBML header: WebM and Matroska audio (Chrome and Firefox MediaRecorder).
  if (startsWith(head, EBML_MAGIC)) return 'webm';
  if (startsWith(head, ascii('OggS'))) return 'ogg';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8)) return 'wav';
  // ISO base media: 'ftyp' box at offset 4 (mp4, m4a, 3gp from iOS and Android).
  if (startsWith(head, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(head, ascii('ID3'))) return 'mp3';
  // A bare MPEG audio frame: 11 sync bits, layer bits not 00 (reserved).
  const first = head[0];
  const second = head[1];
  if (
    first === 0xff &&
    second !== undefined &&
    (second & 0xe0) === 0xe0 &&
    (second & 0x06) !== 0 &&
    // AAC in ADTS shares the sync word but has layer 00; exclude it above, and exclude the
    // reserved MPEG version 01.
    (second & 0x18) !== 0x08
  ) {
    return 'mp3';
  }
  return null;
}
