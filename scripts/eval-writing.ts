// `npm run eval:writing -- --engine rules|openai|local [--limit N]`: the labelled corpus and the
// held-out set through one writer, scored with the checks the rules benchmark uses
// (tests/support/corpus-quality.ts), so engines compare on the same data. openai and local read
// the usual settings (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_MODEL_PATH, LLM_TIMEOUT_MS);
// every answer goes through the same output checks and fallback as in the server, so a model
// that is refused shows as fallbacks, not as its raw text. e.g.
//   npm run eval:writing -- --engine local --limit 20
//   LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=qwen2.5:1.5b npm run eval:writing -- --engine openai
import { FORMATS } from '#contract/taxonomy.js';
import { SERVER_APPLY_THRESHOLD } from '#contract/thresholds.js';
import {
  HELD_OUT,
  LABELLED,
  type LabelledTranscript,
} from '#tests/fixtures/transcripts/labelled.js';
import {
  checklistItems,
  fillerLeft,
  inventedWords,
  itemF1,
  matchItems,
  type ItemMatch,
} from '#tests/support/corpus-quality.js';
import { loadConfig } from '#server/config.js';
import { createAiServices } from '#server/modules/ai/ai-services.js';

type Engine = 'rules' | 'openai' | 'local';

function parse(argv: string[]): { engine: Engine; limit: number } {
  let engine: Engine | undefined;
  let limit = Infinity;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--engine') {
      const value = argv[++i];
      if (value !== 'rules' && value !== 'openai' && value !== 'local') {
        throw new Error('--engine is rules, openai or local');
      }
      engine = value;
    } else if (arg === '--limit') {
      limit = Number(argv[++i]);
      if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit needs a whole number');
    } else throw new Error(`unknown option ${arg}`);
  }
  if (engine === undefined) throw new Error('say which writer: --engine rules|openai|local');
  return { engine, limit };
}

interface Score {
  transcripts: number;
  formatRight: number;
  categoryRight: number;
  applied: number;
  appliedRight: number;
  invented: number;
  fillers: number;
  byModel: number;
  fallbacks: number;
  formats: number;
  matches: ItemMatch[];
  ms: number;
}

const { engine, limit } = parse(process.argv.slice(2));
const config = loadConfig({
  ...process.env,
  LLM_ENGINE: engine === 'rules' ? 'none' : engine,
  TRANSCRIBE_ENGINE: 'none',
});
const quiet = {
  info: () => undefined,
  warn: (line: string) => {
    if (!line.startsWith('Transcription')) console.error(line);
  },
};
const ai = await createAiServices(config, quiet);
if (engine !== 'rules' && ai.formatter.engine !== engine) {
  console.error(`eval:writing: the ${engine} writer is not available (see the line above).`);
  process.exit(1);
}
const mode = engine === 'rules' ? 'reliable' : 'smart';

async function score(corpus: readonly LabelledTranscript[]): Promise<Score> {
  const result: Score = {
    transcripts: 0,
    formatRight: 0,
    categoryRight: 0,
    applied: 0,
    appliedRight: 0,
    invented: 0,
    fillers: 0,
    byModel: 0,
    fallbacks: 0,
    formats: 0,
    matches: [],
    ms: 0,
  };
  for (const item of corpus.slice(0, limit)) {
    result.transcripts += 1;
    const inferred = await ai.inferrer.infer(item.transcript);
    if (inferred.format === item.format) result.formatRight += 1;
    if (inferred.category === item.category) result.categoryRight += 1;
    if (inferred.confidence >= SERVER_APPLY_THRESHOLD) {
      result.applied += 1;
      if (inferred.format === item.format && inferred.category === item.category) {
        result.appliedRight += 1;
      }
    }
    for (const format of FORMATS) {
      const started = performance.now();
      const answer = await ai.formatter.format({
        transcript: item.transcript,
        format,
        category: item.category,
        mode,
      });
      result.ms += performance.now() - started;
      result.formats += 1;
      if (answer.path === 'llm') result.byModel += 1;
      if (answer.path === 'llm+fallback') result.fallbacks += 1;
      result.invented += inventedWords(item.transcript, format, answer.formatted).length;
      if (fillerLeft(answer.formatted, item.drop) !== null) result.fillers += 1;
      if (format === 'checklist' && item.items !== undefined) {
        result.matches.push(matchItems(checklistItems(answer.formatted), item.items));
      }
    }
  }
  return result;
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`;
const main = await score(LABELLED);
const held = await score(HELD_OUT);
await ai.formatter.close?.();

const row = (label: string, pick: (s: Score) => string): string =>
  `| ${label} | ${pick(main)} | ${pick(held)} |`;
console.log(
  `eval:writing --engine ${engine}${engine === 'rules' ? '' : ` (${config.llm.engine === 'local' ? config.llm.modelPath : config.llm.model})`}`,
);
console.log(
  [
    `| Figure | Corpus (${main.transcripts}) | Held out (${held.transcripts}) |`,
    '|---|---|---|',
    row('Inference: format right', (s) => percent(s.formatRight, s.transcripts)),
    row('Inference: category right', (s) => percent(s.categoryRight, s.transcripts)),
    row('Applied (confidence >= 0.7), both right', (s) => `${s.appliedRight} of ${s.applied}`),
    row('Checklist items F1 vs labels', (s) => itemF1(s.matches).toFixed(3)),
    row('Invented words (all formats)', (s) => String(s.invented)),
    row('Fillers or asides left (all formats)', (s) => String(s.fillers)),
    row(
      'Written by the model / fell back to rules',
      (s) => `${s.byModel} / ${s.fallbacks} of ${s.formats}`,
    ),
    row('Mean time per format', (s) => `${(s.ms / Math.max(1, s.formats)).toFixed(0)} ms`),
  ].join('\n'),
);
