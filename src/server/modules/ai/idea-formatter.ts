import type { FormatMode, FormatResult } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import type { CancelSignal } from '../../http/client-gone.js';
import { ChatModelError, type ChatModel } from './chat-model.js';
import { checkModelOutput } from './output-checks.js';
import { formatMessages } from './prompts.js';
import { formatWithRulesOnWorker } from './rules-thread.js';

export interface FormatRequest {
  transcript: string;
  format: Format;
  category: Category;
  mode: FormatMode;
  /** The person's names and jargon, to be spelled exactly as given. */
  terms?: readonly string[] | undefined;
}

export interface IdeaFormatter {
  /** Whether a language model is configured (GET /api/config `formatter.smart`). */
  readonly smartAvailable: boolean;
  /**
   * Never rejects because of the model: every model fault ends on the rules path. `signal` is
   * asked for only when the model is called.
   */
  format(request: FormatRequest, signal?: CancelSignal): Promise<FormatResult>;
}

/** A long transcript's answer may come from a worker thread, hence the promise. */
export type RuleFormatter = (
  transcript: string,
  format: Format,
  category: Category,
) => string | Promise<string>;

/** Enough room for a pitch in any language; a tweet or checklist stops far earlier. */
const MAX_REPLY_TOKENS = 700;

/**
 * Smart formatting with the rules as the floor. `reliable` mode and servers without a model use
 * the rules directly; otherwise the model is tried once within LLM_TIMEOUT_MS and its reply is
 * checked, repaired, or replaced by the rules with a note saying why.
 */
export class SmartIdeaFormatter implements IdeaFormatter {
  readonly smartAvailable: boolean;

  constructor(
    private readonly model: ChatModel | null,
    private readonly rules: RuleFormatter = formatWithRulesOnWorker,
  ) {
    this.smartAvailable = model !== null;
  }

  async format(request: FormatRequest, signal?: CancelSignal): Promise<FormatResult> {
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
        },
        signal?.(),
      );
    } catch (error) {
      const why =
        error instanceof ChatModelError ? error.message : 'the model call failed unexpectedly';
      return this.byRules(request, 'llm+fallback', [
        `Smart formatting failed: ${why}; formatted by rules.`,
      ]);
    }

    const checked = checkModelOutput(reply, format);
    if (!checked.ok) {
      return this.byRules(request, 'llm+fallback', [
        `Smart formatting was rejected: ${checked.reason}; formatted by rules.`,
      ]);
    }
    return { formatted: checked.text, path: 'llm', mode, notes: checked.notes };
  }

  private async byRules(
    request: FormatRequest,
    path: 'rules' | 'llm+fallback',
    notes: string[],
  ): Promise<FormatResult> {
    return {
      formatted: await this.rules(request.transcript, request.format, request.category),
      path,
      mode: request.mode,
      notes,
    };
  }
}
