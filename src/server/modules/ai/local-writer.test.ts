import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { TWEET_LONGEST_CHARS, type Format } from '#contract/taxonomy.js';
import { writeTinyLlmModel } from '#tests/support/tiny-llm-model.js';
import { ChatModelError, type OutputShape } from './chat-model.js';
import { parseModelAnswer } from './format-inferrer.js';
import { SmartIdeaFormatter } from './idea-formatter.js';
import {
  createLocalChatModel,
  type LocalChatModel,
  type LocalWriterOptions,
} from './local-writer.js';
import { formatShape, INFER_SHAPE } from './output-shapes.js';
import { formatMessages, inferMessages } from './prompts.js';

let dir: string;
let tinyModel: string;
const ends: { interrupted: boolean; chars: number }[] = [];
let writer: LocalChatModel;

/**
 * A shape that keeps the tiny model writing for thousands of tokens: time to stop it. Its
 * grammar has no end, since a random model allowed one may take it at once and finish first.
 */
const LONG: OutputShape = { grammar: 'root ::= [a-z] root\n', maxChars: 6000 };
const SPOKEN = 'buy oat milk, call the dentist and water the plants before friday';

async function start(options: Partial<LocalWriterOptions> = {}): Promise<LocalChatModel> {
  const started = await createLocalChatModel({
    modelPath: tinyModel,
    timeoutMs: 60_000,
    ...options,
  });
  if (!started.ok) throw new Error(started.problem);
  return started.model;
}

function ask(
  model: LocalChatModel,
  shape: OutputShape,
  signal?: AbortSignal,
  onText?: (text: string) => void,
): Promise<string> {
  return model.complete(
    {
      messages: formatMessages(SPOKEN, 'tweet', 'personal'),
      maxTokens: 100,
      temperature: 0.8,
      shape,
      ...(onText ? { onText } : {}),
    },
    signal,
  );
}

async function failure(promise: Promise<unknown>): Promise<ChatModelError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ChatModelError))
    throw new Error(`expected a ChatModelError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-ideas-llm-test-'));
  tinyModel = join(dir, 'tiny-writer.gguf');
  await writeTinyLlmModel(tinyModel);
  writer = await start({ onGenerationEnd: (end) => ends.push(end) });
});

afterAll(async () => {
  await writer.close();
  await rm(dir, { recursive: true, force: true });
});

/** The shape each format's reader expects, as a person would see it broken. */
function shapeProblems(format: Format, reply: string): string[] {
  const lines = reply.split('\n');
  const problems: string[] = [];
  if (format === 'tweet') {
    if (lines.length !== 1) problems.push('a tweet is one line');
    if (Array.from(reply).length > TWEET_LONGEST_CHARS)
      problems.push('a tweet is within the limit');
    if (reply.trim() === '') problems.push('a tweet has words');
  } else if (format === 'checklist') {
    const [title, ...items] = lines;
    if (!title || title.startsWith('- [ ] ')) problems.push('a checklist starts with its title');
    if (items.length === 0) problems.push('a checklist has items');
    for (const item of items) {
      if (!/^- \[ \] \S/.test(item)) problems.push(`not an item: ${JSON.stringify(item)}`);
    }
  } else {
    const parts = reply.split('\n\n');
    if (parts.length !== 4) problems.push('a pitch is a hook and three parts');
    ['Problem: ', 'Solution: ', 'Why it matters: '].forEach((label, index) => {
      if (!parts[index + 1]?.startsWith(label)) problems.push(`part ${index + 1} is ${label}`);
    });
  }
  return problems;
}

describe('the embedded writer through llama.cpp, with a tiny random model', () => {
  it.each(['tweet', 'checklist', 'pitch'] as const)(
    'writes every %s in its shape, however random the model',
    async (format) => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const reply = await writer.complete({
          messages: formatMessages(SPOKEN, format, 'personal'),
          maxTokens: 10,
          temperature: 1,
          shape: formatShape(format),
        });
        expect(shapeProblems(format, reply)).toEqual([]);
      }
    },
  );

  it('answers inference with the one line of JSON the inferrer reads', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await writer.complete({
        messages: inferMessages(SPOKEN),
        maxTokens: 10,
        temperature: 1,
        shape: INFER_SHAPE,
      });
      expect(parseModelAnswer(reply)).not.toBeNull();
    }
  });

  it('streams the reply as it grows, ending on the reply itself', async () => {
    const drafts: string[] = [];
    const reply = await ask(writer, formatShape('tweet'), undefined, (text) => drafts.push(text));
    expect(drafts.length).toBeGreaterThan(1);
    for (const [index, draft] of drafts.entries()) {
      if (index > 0) expect(draft.startsWith(drafts[index - 1] ?? '')).toBe(true);
    }
    expect(reply.startsWith(drafts.at(-2) ?? '')).toBe(true);
  });

  it('stops a generation whose time ran out, and writes the next one', async () => {
    const quick = await start({ timeoutMs: 150, onGenerationEnd: (end) => ends.push(end) });
    try {
      const before = ends.length;
      const error = await failure(ask(quick, LONG));
      expect(error.kind).toBe('timeout');
      await expect.poll(() => ends.length).toBeGreaterThan(before);
      expect(ends[before]?.interrupted).toBe(true);
      expect(ends[before]?.chars).toBeLessThan(6000);
    } finally {
      await quick.close();
    }
    expect(shapeProblems('tweet', await ask(writer, formatShape('tweet')))).toEqual([]);
  });

  it('stops the generation when the client goes away', async () => {
    const before = ends.length;
    const client = new AbortController();
    const error = await failure(ask(writer, LONG, client.signal, () => client.abort()));
    expect(error.kind).toBe('cancelled');
    await expect.poll(() => ends.length).toBeGreaterThan(before);
    expect(ends[before]).toMatchObject({ interrupted: true });
    expect(ends[before]?.chars).toBeLessThan(6000);
  });

  it('runs one generation at a time, queues a bounded number and refuses the rest as busy', async () => {
    const queued = await start({ maxWaiting: 1 });
    const client = new AbortController();
    try {
      let firstStarted!: () => void;
      const started = new Promise<void>((resolve) => (firstStarted = resolve));
      const running = ask(queued, LONG, client.signal, () => firstStarted());
      await started;
      const waiting = ask(queued, formatShape('tweet'), client.signal);
      expect(queued.pending).toBe(2);
      const refused = await failure(ask(queued, formatShape('tweet')));
      expect(refused.kind).toBe('busy');
      client.abort();
      expect((await failure(running)).kind).toBe('cancelled');
      expect((await failure(waiting)).kind).toBe('cancelled');
      await expect.poll(() => queued.pending).toBe(0);
      expect(shapeProblems('tweet', await ask(queued, formatShape('tweet')))).toEqual([]);
    } finally {
      client.abort();
      await queued.close();
    }
  });

  it('survives its process dying mid-generation: that one fails, the next restarts it', async () => {
    const fragile = await start();
    try {
      let kill!: () => void;
      const writing = new Promise<void>((resolve) => (kill = resolve));
      const doomed = ask(fragile, LONG, undefined, () => kill());
      await writing;
      process.kill(fragilePid(fragile), 'SIGKILL');
      expect((await failure(doomed)).kind).toBe('failed');
      expect(shapeProblems('tweet', await ask(fragile, formatShape('tweet')))).toEqual([]);
    } finally {
      await fragile.close();
    }
  });
});

function fragilePid(model: LocalChatModel): number {
  const pid = model.processId;
  if (pid === undefined) throw new Error('the writer has no process');
  return pid;
}

describe('a model file the embedded writer cannot use', () => {
  async function problemWith(bytes: Buffer | null, name: string): Promise<string> {
    const path = join(dir, name);
    if (bytes !== null) await writeFile(path, bytes);
    const started = await createLocalChatModel({ modelPath: path, timeoutMs: 5_000 });
    expect(started.ok).toBe(false);
    return started.ok ? '' : started.problem;
  }

  it('names a missing file and the command that downloads one', async () => {
    expect(await problemWith(null, 'absent.gguf')).toMatch(/does not exist.*npm run models/);
  });

  it('refuses a file that is not GGUF before starting llama.cpp', async () => {
    expect(await problemWith(Buffer.from('<html>Not found</html>'), 'page.gguf')).toMatch(
      /is not a GGUF model/,
    );
  });

  it('refuses a truncated download in one line', async () => {
    const whole = await readFile(tinyModel);
    const problem = await problemWith(whole.subarray(0, whole.length / 2), 'half.gguf');
    expect(problem).toMatch(/could not load the model .*half\.gguf.*npm run models again/);
    expect(problem).not.toContain('\n');
  });

  it('refuses a corrupt header in one line', async () => {
    const corrupt = Buffer.from(await readFile(tinyModel));
    corrupt.fill(0xff, 8, 64);
    const problem = await problemWith(corrupt, 'corrupt.gguf');
    expect(problem).toMatch(/could not load the model/);
    expect(problem).not.toContain('\n');
  });

  it('refuses an architecture llama.cpp does not know, saying so', async () => {
    const path = join(dir, 'foreign.gguf');
    await writeTinyLlmModel(path, { architecture: 'voiceideas-unknown' });
    const problem = await problemWith(null, 'foreign.gguf');
    expect(problem).toMatch(/unknown model architecture: 'voiceideas-unknown'/);
  });

  it('says when the llama.cpp build for this platform is not installed', async () => {
    const started = await createLocalChatModel({
      modelPath: tinyModel,
      timeoutMs: 5_000,
      moduleSpecifier: '@fugood/node-llama-no-such-platform',
    });
    expect(started).toEqual({
      ok: false,
      problem: expect.stringMatching(
        /@fugood\/node-llama-no-such-platform package is not installed/,
      ),
    });
  });
});

describe('smart formatting with the embedded writer', () => {
  it('refuses what the tiny model writes, because it was never said, and answers by rules', async () => {
    const formatter = new SmartIdeaFormatter(writer);
    expect(formatter.engine).toBe('local');
    for (const format of ['tweet', 'checklist', 'pitch'] as const) {
      const result = await formatter.format({
        transcript: SPOKEN,
        format,
        category: 'personal',
        mode: 'smart',
      });
      expect(result).toEqual({
        formatted: formatWithRules(SPOKEN, format, 'personal'),
        path: 'llm+fallback',
        mode: 'smart',
        notes: [expect.stringMatching(/^Smart formatting was rejected: /)],
      });
    }
  });

  it('answers by rules when the writer runs out of time', async () => {
    const quick = await start({ timeoutMs: 1 });
    try {
      const result = await new SmartIdeaFormatter(quick).format({
        transcript: SPOKEN,
        format: 'pitch',
        category: 'work',
        mode: 'smart',
      });
      expect(result.path).toBe('llm+fallback');
      expect(result.notes[0]).toMatch(/did not answer within 1 ms/);
    } finally {
      await quick.close();
    }
  });
});
