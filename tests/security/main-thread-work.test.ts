import { describe, expect, it, vi } from 'vitest';
import { TRANSCRIPT_MAX_CHARS } from '#contract/limits.js';
import type { DictionaryEntry } from '#contract/dictionary.js';
import type { ChatModel } from '#server/modules/ai/chat-model.js';
import { SmartIdeaFormatter } from '#server/modules/ai/idea-formatter.js';
import { createAiService } from '#server/modules/ai/service.js';

/*
 * One client must never stall everyone else (docs/security.md): what the server does over a
 * request's text after a model answers happens off the thread that serves every other request,
 * or is paid only once per request, never once per token.
 */

/** The worst the API lets in for the check of a reply: 20,000 characters of one-letter words. */
const WORST_TRANSCRIPT = `ship the onboarding flow ${'a '.repeat(TRANSCRIPT_MAX_CHARS / 2 - 13)}`;

function modelReplying(reply: string, drafts: readonly string[] = []): ChatModel {
  return {
    engine: 'openai',
    model: 'test',
    timeoutMs: 1_000,
    complete: (request) => {
      for (const draft of drafts) request.onText?.(draft);
      return Promise.resolve(reply);
    },
  };
}

describe('a smart format of the longest transcript', () => {
  it('checks the reply while this thread goes on answering others', async () => {
    expect(WORST_TRANSCRIPT.length).toBeLessThanOrEqual(TRANSCRIPT_MAX_CHARS);
    const formatter = new SmartIdeaFormatter(modelReplying('Ship the onboarding flow.'));
    // Until the rules' worker has started, the check runs here; from then on this thread takes
    // its next turn before the check's answer comes back.
    await vi.waitFor(
      async () => {
        const order: string[] = [];
        const formatted = formatter
          .format({
            transcript: WORST_TRANSCRIPT,
            format: 'tweet',
            category: 'work',
            mode: 'smart',
          })
          .then((result) => {
            order.push('checked');
            return result;
          });
        setImmediate(() => order.push('next turn'));
        expect(await formatted).toMatchObject({
          path: 'llm',
          formatted: 'Ship the onboarding flow.',
        });
        expect(order).toEqual(['next turn', 'checked']);
      },
      { timeout: 30_000, interval: 50 },
    );
  }, 40_000);
});

describe('a streamed format with a full dictionary', () => {
  it('reads the dictionary once, however many tokens the reply comes in', async () => {
    let termReads = 0;
    const entries: DictionaryEntry[] = Array.from({ length: 500 }, (_, index) => ({
      get term() {
        termReads += 1;
        return `Term${index}`;
      },
      soundsLike: `sounds like ${index}`,
    }));
    const reply = 'Ship the onboarding flow with Term7 on Friday.';
    // A token a draft: a reply of 1,000 tokens is 1,000 drafts.
    const drafts = Array.from({ length: 1_000 }, (_, index) => reply.slice(0, 1 + (index % 40)));
    const ai = createAiService({
      engines: {
        transcriber: { available: false },
        formatter: new SmartIdeaFormatter(modelReplying(reply, drafts)),
        inferrer: { infer: () => Promise.reject(new Error('unused')) },
      } as unknown as Parameters<typeof createAiService>[0]['engines'],
      ideas: { findById: () => Promise.resolve(null), update: () => Promise.reject(new Error()) },
      log: { warn: () => undefined },
      dictionary: { entriesOf: () => Promise.resolve(entries) },
    });
    let lastDraft: (() => string) | undefined;
    const result = await ai.format(
      {
        transcript: 'ship the onboarding flow with sounds like 7 on friday',
        format: 'tweet',
        category: 'work',
        mode: 'smart',
      },
      () => new AbortController().signal,
      (soFar) => {
        lastDraft = soFar;
      },
      { kind: 'guest', guestId: 'guest_abcdefgh' },
    );
    expect(result.formatted).toBe(reply);
    // Once for its patterns and once for the terms the prompt names, not once a draft.
    expect(termReads).toBeLessThanOrEqual(2 * entries.length);
    expect(lastDraft?.()).toBe(reply.slice(0, 40));
    expect(termReads).toBeLessThanOrEqual(2 * entries.length);
  });
});
