import type { FormatMode, FormatResult, WriterEngineName } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import type { CancelSignal } from '../../http/client-gone.js';
import { ChatModelError, type ChatModel } from './chat-model.js';
import type { OutputCheck } from './output-checks.js';
import { withinIdeaLimit } from './idea-limits.js';
import { formatShape } from './output-shapes.js';
import { formatMessages } from './prompts.js';
import { isEnglish, spokenLanguage, tidiedNote, tidyTranscript } from '#text/language.js';
import { checkModelOutputOnWorker, formatWithRulesOnWorker } from './rules-thread.js';

export interface FormatRequest {
  transcript: string;
  format: Format;
  category: Category;
  mode: FormatMode;
  /** The person's names and jargon, to be spelled exactly as given. */
  terms?: readonly string[] | undefined;
  /** The language spoken (ISO 639-1), when the person said; else the rules detect it. */
  language?: string | undefined;
}

/**
 * Called each time the model's reply grows, before it is checked, with a way to read it so far.
 * The reply grows a token at a time and is sent far less often (format-events.ts), so what a
 * read costs (the person's spelling over the whole reply) is paid only for what is sent.
 */
export type DraftListener = (soFar: () => string) => void;

export interface IdeaFormatter {
  /** Whether a language model is configured (GET /api/config `formatter.smart`). */
  readonly smartAvailable: boolean;
  /** Which writer it is (GET /api/config `formatter.engine`). */
  readonly engine: WriterEngineName;
  /**
   * Never rejects because of the model: every model fault ends on the rules path. The one
   * exception is a full queue of the embedded writer, a ChatModelError of kind `busy` (503
   * server_busy): the server is short of room, and answering by rules would hide it. `signal` is
   * asked for only when the model is called; `onDraft` hears the reply as it is written.
   */
  format(
    request: FormatRequest,
    signal?: CancelSignal,
    onDraft?: DraftListener,
  ): Promise<FormatResult>;
  /** Stops the writer's engine, if it has one of its own. */
  close?(): Promise<void>;
}

/** A long transcript's answer may come from a worker thread, hence the promise. */
export type RuleFormatter = (
  transcript: string,
  format: Format,
  category: Category,
) => string | Promise<string>;

/** The check of a model's reply (output-checks.ts); it may run on a worker thread, hence the promise. */
export type OutputChecker = (
  reply: string,
  format: Format,
  transcript: string,
) => OutputCheck | Promise<OutputCheck>;

/** Enough room for a pitch in any language; a tweet or checklist stops far earlier. */
const MAX_REPLY_TOKENS = 700;

/**
 * Smart formatting with the rules as the floor. `reliable` mode and servers without a model use
 * the rules directly; otherwise the model is tried once within LLM_TIMEOUT_MS and its reply is
 * checked, repaired, or replaced by the rules with a note saying why.
 */
export class SmartIdeaFormatter implements IdeaFormatter {
  readonly smartAvailable: boolean;
  readonly engine: WriterEngineName;

  constructor(
    private readonly model: ChatModel | null,
    private readonly rules: RuleFormatter = formatWithRulesOnWorker,
    private readonly check: OutputChecker = checkModelOutputOnWorker,
  ) {
    this.smartAvailable = model !== null;
    this.engine = model?.engine ?? 'none';
  }

  async close(): Promise<void> {
    await this.model?.close?.();
  }

  async format(
    request: FormatRequest,
    signal?: CancelSignal,
    onDraft?: DraftListener,
  ): Promise<FormatResult> {
    return withinIdeaLimit(await this.write(request, signal, onDraft), request.format);
  }

  private async write(
    request: FormatRequest,
    signal?: CancelSignal,
    onDraft?: DraftListener,
  ): Promise<FormatResult> {
    const { transcript, format, category, mode } = request;
    if (mode === 'reliable') {
      return this.byRules(request, 'rules', ['Reliable mode: formatted by rules.']);
    }
    if (this.model === null) {
      return this.byRules(request, 'rules', [
        'No language model is configured on this server; formatted by rules.',
      ]);
    }

    let reply: string;
    try {
      reply = await this.model.complete(
        {
          messages: formatMessages(transcript, format, category, request.terms),
          maxTokens: MAX_REPLY_TOKENS,
          temperature: 0.3,
          shape: formatShape(format),
          ...(onDraft ? { onText: (soFar: string) => onDraft(() => soFar) } : {}),
        },
        signal?.(),
      );
    } catch (error) {
      if (error instanceof ChatModelError && error.kind === 'busy') throw error;
      const why =
        error instanceof ChatModelError ? error.message : 'the model call failed unexpectedly';
      return this.byRules(request, 'llm+fallback', [
        `Smart formatting failed: ${why}; formatted by rules.`,
      ]);
    }

    const checked = await this.check(reply, format, transcript);
    if (!checked.ok) {
      return this.byRules(request, 'llm+fallback', [
        `Smart formatting was rejected: ${checked.reason}; formatted by rules.`,
      ]);
    }
    return { formatted: checked.text, path: 'llm', mode, notes: checked.notes };
  }

  /**
   * The rules read English: a transcript in another language (the one given, else the one its
   * words are in) is only tidied, never split into tasks or labelled (docs/product.md, "The
   * spoken language"), and the note says so.
   */
  private async byRules(
    request: FormatRequest,
    path: 'rules' | 'llm+fallback',
    notes: string[],
  ): Promise<FormatResult> {
    const language = spokenLanguage(request.transcript, request.language);
    if (!isEnglish(language)) {
      return {
        formatted: tidyTranscript(request.transcript, language),
        path,
        mode: request.mode,
        notes: [...notes, tidiedNote(language)],
      };
    }
    return {
      formatted: await this.rules(request.transcript, request.format, request.category),
      path,
      mode: request.mode,
      notes,
    };
  }
}
