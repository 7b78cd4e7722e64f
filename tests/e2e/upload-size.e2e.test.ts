import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, makeSpeechWav } from './support/browser';
import { removeSpeechRecognition } from './support/fake-speech';
import { waitForRecordedSpeech } from './support/journey';
import { startStack, type Stack } from './support/stack';

const run = promisify(execFile);

/** Talk that fills the whole recording, so the encoder works on speech, not silence. */
const SPEECH =
  'Pitch work: a weekly review where the whole team writes down one thing that slowed them ' +
  'down, one thing that helped, and one small experiment for next week. We read them out on ' +
  'Friday, vote on two experiments, and try them the week after, so the process keeps ' +
  'improving without a big meeting or a long document nobody reads.';
const RECORD_SECONDS = 12;
/** A minute of speech must upload in at most 300 KB (docs/benchmarks.md). */
const MAX_BYTES_PER_MINUTE = 300 * 1000;

/** The decoded length and layout of the uploaded audio, from ffmpeg itself. */
async function probe(path: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,channels',
    '-of',
    'default=noprint_wrappers=1',
    path,
  ]);
  // MediaRecorder's webm carries no duration header: decoding is the way to measure it.
  const { stderr } = await run('ffmpeg', [
    '-nostdin',
    '-hide_banner',
    '-i',
    path,
    '-f',
    'null',
    '-',
  ]);
  const times = [...stderr.matchAll(/time=(\d+):(\d+):([\d.]+)/g)];
  const last = times.at(-1);
  if (!last) throw new Error(`ffmpeg reported no duration:\n${stderr}`);
  const seconds = Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
  return { stream: stdout, seconds };
}

describe('the size of a recording upload', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ transcript: SPEECH });
    context = await launchBrowser({
      dir: stack.dir,
      speechWav: await makeSpeechWav(stack.dir, SPEECH),
    });
    // Only the recorder is measured here: no live preview alongside it.
    await removeSpeechRecognition(context);
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('sends a minute of speech as mono Opus of at most 300 KB', async () => {
    let filename: string | undefined;
    page.on('request', (request) => {
      const metadata = request.headers()['upload-metadata'];
      if (request.method() !== 'POST' || metadata === undefined) return;
      const named = /(?:^|,)filename ([^,]+)/.exec(metadata)?.[1];
      if (named) filename = Buffer.from(named, 'base64').toString();
    });
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await waitForRecordedSpeech(page);
    const timer = page.getByTestId('recording-timer');
    await timer.filter({ hasText: `0:${String(RECORD_SECONDS).padStart(2, '0')}` }).waitFor({
      timeout: (RECORD_SECONDS + 10) * 1000,
    });
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('dialog', { name: 'Result' }).waitFor();

    expect(filename).toBe('recording.webm');
    // What the server keeps is what was uploaded, byte for byte (docs/api.md, "Recordings").
    const guest = {
      'X-Guest-Id': await page.evaluate(() => localStorage.getItem('guestId') ?? ''),
    };
    const list = (await (
      await fetch(`${stack.baseUrl}/api/recordings`, { headers: guest })
    ).json()) as { items: { id: string }[] };
    const audio = await fetch(`${stack.baseUrl}/api/recordings/${list.items[0]?.id ?? ''}/audio`, {
      headers: guest,
    });
    const uploaded = Buffer.from(await audio.arrayBuffer());
    const file = join(stack.dir, 'upload.webm');
    await writeFile(file, uploaded);
    const { stream, seconds } = await probe(file);
    expect(stream).toContain('codec_name=opus');
    expect(stream).toContain('channels=1');
    expect(seconds).toBeGreaterThan(RECORD_SECONDS - 1);

    const bytes = uploaded.length;
    const perMinute = (bytes / seconds) * 60;
    console.log(
      `upload: ${bytes} bytes for ${seconds.toFixed(2)} s of speech = ` +
        `${((bytes * 8) / seconds / 1000).toFixed(1)} kbit/s, ` +
        `${(perMinute / 1000).toFixed(0)} KB a minute`,
    );
    expect(perMinute).toBeLessThanOrEqual(MAX_BYTES_PER_MINUTE);
  });
});
