import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Real speech for tests, made at test time (no binaries in git): espeak-ng speaks the text,
 * ffmpeg encodes it the way browsers record (Chrome/Firefox: webm/opus, Safari: mp4/aac).
 */
const run = promisify(execFile);

export type AudioKind = 'webm' | 'mp4' | 'ogg' | 'wav' | 'mp3';

const ENCODERS: Record<AudioKind, { file: string; args: string[] }> = {
  webm: { file: 'speech.webm', args: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm'] },
  mp4: { file: 'speech.m4a', args: ['-c:a', 'aac', '-b:a', '64k', '-f', 'mp4'] },
  ogg: { file: 'speech.ogg', args: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'] },
  wav: { file: 'speech.wav', args: ['-c:a', 'pcm_s16le', '-f', 'wav'] },
  mp3: { file: 'speech.mp3', args: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'] },
};

async function encode(inputArgs: string[], kind: AudioKind, outPath: string): Promise<string> {
  const encoder = ENCODERS[kind];
  await run('ffmpeg', [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...inputArgs,
    '-ac',
    '1',
    '-ar',
    '48000',
    ...encoder.args,
    outPath,
  ]);
  return outPath;
}

export async function makeSpeech(dir: string, text: string, kind: AudioKind): Promise<string> {
  const rawPath = join(dir, `espeak-${kind}.wav`);
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', rawPath, text]);
  return encode(['-i', rawPath], kind, join(dir, `${kind}-${ENCODERS[kind].file}`));
}

export async function makeSilence(dir: string, seconds: number, kind: AudioKind): Promise<string> {
  return encode(
    ['-f', 'lavfi', '-i', `anullsrc=r=48000:cl=mono`, '-t', String(seconds)],
    kind,
    join(dir, `silence-${kind}-${ENCODERS[kind].file}`),
  );
}
