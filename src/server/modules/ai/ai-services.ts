import { existsSync } from 'node:fs';
import type { Config } from '../../config.js';
import { ffmpegWorks } from './audio-decode.js';
import { OpenAIChatModel, type ChatModel } from './chat-model.js';
import { createLocalChatModel } from './local-writer.js';
import { HybridFormatInferrer, type FormatInferrer } from './format-inferrer.js';
import { SmartIdeaFormatter, type IdeaFormatter } from './idea-formatter.js';
import { OpenAITranscriber } from './openai-transcriber.js';
import { UnavailableTranscriber, type Transcriber } from './transcriber.js';
import { createWhisperTranscriber } from './whisper-transcriber.js';

export interface AiServices {
  transcriber: Transcriber;
  formatter: IdeaFormatter;
  inferrer: FormatInferrer;
}

export interface AiLog {
  info(msg: string): void;
  warn(msg: string): void;
}

type EngineChoice =
  | { engine: 'openai'; reason: string }
  | { engine: 'whisper'; reason: string }
  | { engine: 'none'; reason: string };

/** docs/api.md, Configuration: auto picks openai when a base URL or key is set, else whisper when its model exists. */
export function chooseTranscriptionEngine(transcription: Config['transcription']): EngineChoice {
  const { engine, baseUrl, apiKey, whisperModelPath } = transcription;
  switch (engine) {
    case 'openai':
      return { engine: 'openai', reason: 'TRANSCRIBE_ENGINE=openai' };
    case 'whisper':
      return { engine: 'whisper', reason: 'TRANSCRIBE_ENGINE=whisper' };
    case 'none':
      return { engine: 'none', reason: 'TRANSCRIBE_ENGINE=none' };
    case 'auto':
      if (baseUrl !== undefined || apiKey !== undefined) {
        return {
          engine: 'openai',
          reason: `TRANSCRIBE_ENGINE=auto and ${baseUrl !== undefined ? 'a transcription base URL' : 'an API key'} is set`,
        };
      }
      if (existsSync(whisperModelPath)) {
        return {
          engine: 'whisper',
          reason: `TRANSCRIBE_ENGINE=auto, no API configured, and the model file ${whisperModelPath} exists`,
        };
      }
      return {
        engine: 'none',
        reason: `TRANSCRIBE_ENGINE=auto, no API configured (TRANSCRIBE_BASE_URL/OPENAI_BASE_URL or an API key) and no model file at ${whisperModelPath} (npm run models downloads one)`,
      };
  }
}

async function createTranscriber(config: Config, log: AiLog): Promise<Transcriber> {
  const choice = chooseTranscriptionEngine(config.transcription);
  const { baseUrl, apiKey, model, timeoutMs, whisperModelPath } = config.transcription;
  if (choice.engine === 'none') return new UnavailableTranscriber('none', choice.reason);

  const canDecode = await ffmpegWorks();
  if (choice.engine === 'openai') {
    if (baseUrl === undefined && apiKey === undefined) {
      return new UnavailableTranscriber(
        'openai',
        `${choice.reason}, but neither TRANSCRIBE_BASE_URL/OPENAI_BASE_URL nor an API key is set`,
      );
    }
    if (!canDecode) {
      log.warn(
        'ffmpeg is not installed: silent recordings are sent to the transcription service instead of being refused locally',
      );
    }
    const where = baseUrl ?? 'api.openai.com';
    return new OpenAITranscriber({
      baseUrl,
      apiKey,
      model,
      timeoutMs,
      canDecode,
      reason: `${choice.reason}; model ${model} at ${where}`,
    });
  }
  return createWhisperTranscriber({
    modelPath: whisperModelPath,
    timeoutMs,
    canDecode,
    reason: `${choice.reason}; model ${whisperModelPath}`,
  });
}

type WriterChoice = { engine: 'openai' | 'local' | 'none'; reason: string };

/** docs/api.md, Configuration: auto picks openai when a base URL or key is set, else local when its model exists. */
export function chooseWriterEngine(llm: Config['llm']): WriterChoice {
  const { engine, baseUrl, apiKey, modelPath } = llm;
  if (engine !== 'auto') return { engine, reason: `LLM_ENGINE=${engine}` };
  if (baseUrl !== undefined || apiKey !== undefined) {
    return {
      engine: 'openai',
      reason: `LLM_ENGINE=auto and ${baseUrl !== undefined ? 'a base URL' : 'an API key'} is set`,
    };
  }
  if (existsSync(modelPath)) {
    return {
      engine: 'local',
      reason: `LLM_ENGINE=auto, no API configured, and the model file ${modelPath} exists`,
    };
  }
  return {
    engine: 'none',
    reason: `LLM_ENGINE=auto, no API configured (LLM_BASE_URL/OPENAI_BASE_URL or an API key) and no model file at ${modelPath} (npm run models downloads one)`,
  };
}

/** The writer this server has, or null with the one line that says why it has none. */
async function createChatModel(config: Config, log: AiLog): Promise<ChatModel | null> {
  const choice = chooseWriterEngine(config.llm);
  const { baseUrl, apiKey, model, timeoutMs, modelPath } = config.llm;
  if (choice.engine === 'none') {
    log.info(`Smart formatting off (${choice.reason}): rules only`);
    return null;
  }
  if (choice.engine === 'openai') {
    if (baseUrl === undefined && apiKey === undefined) {
      log.warn(
        `Smart formatting off: ${choice.reason}, but neither LLM_BASE_URL/OPENAI_BASE_URL nor an API key is set; rules only`,
      );
      return null;
    }
    log.info(
      `Smart formatting: model ${model} at ${baseUrl ?? 'api.openai.com'} (timeout ${timeoutMs} ms, rules as fallback)`,
    );
    return new OpenAIChatModel({ baseUrl, apiKey, model, timeoutMs });
  }
  const started = await createLocalChatModel({ modelPath, timeoutMs });
  if (!started.ok) {
    log.warn(
      `Smart formatting off: the embedded writer cannot start: ${started.problem}. Rules only.`,
    );
    return null;
  }
  log.info(
    `Smart formatting: embedded writer ${modelPath}, loaded in ${Math.round(started.loadMs)} ms (${choice.reason}; timeout ${timeoutMs} ms, rules as fallback)`,
  );
  return started.model;
}

/** Builds the AI services once at start and logs what this server can do and why. */
export async function createAiServices(config: Config, log: AiLog): Promise<AiServices> {
  const transcriber = await createTranscriber(config, log);
  if (transcriber.available) {
    log.info(`Transcription engine: ${transcriber.engine} (${transcriber.reason})`);
  } else {
    log.warn(
      `Transcription unavailable (engine ${transcriber.engine}): ${transcriber.reason}. POST /api/transcribe answers 503.`,
    );
  }

  const chat = await createChatModel(config, log);
  return {
    transcriber,
    formatter: new SmartIdeaFormatter(chat),
    inferrer: new HybridFormatInferrer(chat),
  };
}

/**
 * The services buildApp uses: whatever the caller injected (tests pass doubles), the rest
 * created from the configuration. Nothing is created when everything was injected.
 */
export async function resolveAiServices(
  config: Config,
  provided: Partial<AiServices> | undefined,
  log: AiLog,
): Promise<AiServices> {
  const { transcriber, formatter, inferrer } = provided ?? {};
  if (transcriber && formatter && inferrer) return { transcriber, formatter, inferrer };
  const created = await createAiServices(config, log);
  return {
    transcriber: transcriber ?? created.transcriber,
    formatter: formatter ?? created.formatter,
    inferrer: inferrer ?? created.inferrer,
  };
}
