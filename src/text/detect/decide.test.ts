import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { InferResult } from '#contract/api-schemas.js';
import { decideFormatAndCategory } from './decide.js';

const selected = { format: 'tweet', category: 'personal' } as const;

describe('decideFormatAndCategory (the decision order of docs/architecture.md)', () => {
  it('1. a spoken prefix is a command and its content is what follows', async () => {
    const server = vi.fn<(t: string) => Promise<InferResult>>();
    const decision = await decideFormatAndCategory(
      'Checklist work: send the invoice, book the room',
      selected,
      server,
    );
    expect(decision).toEqual({
      format: 'checklist',
      category: 'work',
      source: 'command',
      confidence: 1,
      content: 'send the invoice, book the room',
      commandDetected: true,
    });
    expect(server).not.toHaveBeenCalled();
  });

  it('overrides the selected category with a keyword guess when only the format is spoken', async () => {
    const decision = await decideFormatAndCategory('Tweet: lunch with the client', selected);
    expect(decision).toMatchObject({ format: 'tweet', category: 'work', source: 'command' });
  });

  it('accepts transcription punctuation in the prefix', async () => {
    const decision = await decideFormatAndCategory('Tweet, work: we shipped it.', selected);
    expect(decision).toMatchObject({
      format: 'tweet',
      category: 'work',
      content: 'we shipped it.',
      commandDetected: true,
    });
  });

  it('fills a prefix without category from keywords, else from the selection', async () => {
    const withKeywords = await decideFormatAndCategory(
      'Pitch: a sketchbook app for painting',
      selected,
    );
    expect(withKeywords).toMatchObject({
      format: 'pitch',
      category: 'creative',
      source: 'command',
    });
    const without = await decideFormatAndCategory('Pitch: bees are great', selected);
    expect(without).toMatchObject({
      format: 'pitch',
      category: 'personal',
      content: 'bees are great',
    });
  });

  it('speech in another language keeps the setting: neither the English detector nor the server decides', async () => {
    const server = vi.fn(async (): Promise<InferResult> => ({
      format: 'tweet',
      category: 'work',
      confidence: 0.95,
    }));
    const said = 'euh il faut acheter du pain et du lait ben appeler le plombier pour la fuite';
    const selected = { format: 'checklist', category: 'personal' } as const;
    const decision = await decideFormatAndCategory(said, selected, server, false);
    expect(decision).toEqual({
      format: 'checklist',
      category: 'personal',
      source: 'settings',
      confidence: 0,
      content: said,
      commandDetected: false,
    });
    expect(server).not.toHaveBeenCalled();
    // A spoken command still counts, in any language around it.
    const command = await decideFormatAndCategory('Pitch work: une idée', selected, server, false);
    expect(command).toMatchObject({ format: 'pitch', source: 'command' });
  });

  it('2. an explicit phrasing is natural language at 0.9 and is stripped', async () => {
    const decision = await decideFormatAndCategory(
      'Make a tweet about work: we shipped the new dashboard today',
      selected,
    );
    expect(decision).toEqual({
      format: 'tweet',
      category: 'work',
      source: 'natural-language',
      confidence: 0.9,
      content: 'we shipped the new dashboard today',
      commandDetected: true,
    });
  });

  it('an explicit phrasing without category keeps the selected category when keywords say nothing', async () => {
    const decision = await decideFormatAndCategory('I need a checklist: bees, wax, jars', selected);
    expect(decision).toMatchObject({
      format: 'checklist',
      category: 'personal',
      content: 'bees, wax, jars',
    });
  });

  it("fills a command's open category from the server's reading of what follows it, at 0.7 or more", async () => {
    const server = vi.fn(async (): Promise<InferResult> => ({
      format: 'checklist',
      category: 'personal',
      confidence: 0.9,
    }));
    const phrase = await decideFormatAndCategory(
      'I need a checklist for the christening: the cake, the candles',
      { format: 'tweet', category: 'work' },
      server,
    );
    expect(phrase).toMatchObject({
      format: 'checklist',
      category: 'personal',
      source: 'natural-language',
    });
    expect(server).toHaveBeenCalledWith(phrase.content);
    const prefix = await decideFormatAndCategory(
      'Tweet: grandad turned ninety today',
      { format: 'tweet', category: 'work' },
      server,
    );
    expect(prefix).toMatchObject({ format: 'tweet', category: 'personal', source: 'command' });
    expect(server).toHaveBeenLastCalledWith('grandad turned ninety today');
  });

  it("keeps the selection for a command's open category when the server is unsure or names none", async () => {
    for (const answer of [
      { format: 'checklist', category: 'creative', confidence: 0.69 },
      { format: 'checklist', category: null, confidence: 0.95 },
    ] as const) {
      const decision = await decideFormatAndCategory(
        'I need a checklist: bees, wax, jars',
        selected,
        async () => answer,
      );
      expect(decision.category).toBe('personal');
    }
  });

  it('does not ask the server about a command that names its category', async () => {
    const server = vi.fn<(t: string) => Promise<InferResult>>();
    await decideFormatAndCategory(
      'Make a checklist for work: the rota, the keys',
      selected,
      server,
    );
    expect(server).not.toHaveBeenCalled();
  });

  it('uses the full transcript when the phrase is all there is', async () => {
    const decision = await decideFormatAndCategory('Make this a pitch.', selected);
    expect(decision.content).toBe('Make this a pitch.');
    expect(decision.format).toBe('pitch');
  });

  it('keyword detection with format and category applies and keeps the full transcript', async () => {
    const server = vi.fn<(t: string) => Promise<InferResult>>();
    const transcript = 'my todo for the client meeting tomorrow';
    const decision = await decideFormatAndCategory(transcript, selected, server);
    expect(decision).toEqual({
      format: 'checklist',
      category: 'work',
      source: 'natural-language',
      confidence: 0.9,
      content: transcript,
      commandDetected: false,
    });
    expect(server).not.toHaveBeenCalled();
  });

  it('3. asks the server when the local detector is below 0.6 and applies it at 0.7', async () => {
    const server = vi.fn(async () => ({
      format: 'pitch' as const,
      category: null,
      confidence: 0.7,
    }));
    const decision = await decideFormatAndCategory(
      'a melody came to me on the bus',
      selected,
      server,
    );
    expect(server).toHaveBeenCalledWith('a melody came to me on the bus');
    // The server left the category open as not sure: the selection stands, not a keyword guess.
    expect(decision).toEqual({
      format: 'pitch',
      category: 'personal',
      source: 'server',
      confidence: 0.7,
      content: 'a melody came to me on the bus',
      commandDetected: false,
    });
  });

  it('ignores server answers under 0.7 and falls back to the selection', async () => {
    const server = vi.fn(async () => ({
      format: 'checklist' as const,
      category: 'work' as const,
      confidence: 0.69,
    }));
    const decision = await decideFormatAndCategory('the weather is nice', selected, server);
    expect(decision).toEqual({
      format: 'tweet',
      category: 'personal',
      source: 'settings',
      confidence: 0,
      content: 'the weather is nice',
      commandDetected: false,
    });
  });

  it('is silent when the server fails or answers nonsense', async () => {
    const failing = vi.fn(async (): Promise<InferResult> => {
      throw new Error('offline');
    });
    await expect(decideFormatAndCategory('hello', selected, failing)).resolves.toMatchObject({
      source: 'settings',
      format: 'tweet',
    });
    const throwsSync = (() => {
      throw new Error('boom');
    }) as unknown as (t: string) => Promise<InferResult>;
    await expect(decideFormatAndCategory('hello', selected, throwsSync)).resolves.toMatchObject({
      source: 'settings',
    });
    const malformed = vi.fn(
      async () => ({ format: 'poem', confidence: 5 }) as unknown as InferResult,
    );
    await expect(decideFormatAndCategory('hello', selected, malformed)).resolves.toMatchObject({
      source: 'settings',
    });
  });

  it('does not ask the server about a blank transcript', async () => {
    const server = vi.fn(async () => ({ format: 'pitch' as const, category: null, confidence: 1 }));
    const decision = await decideFormatAndCategory('   ', selected, server);
    expect(server).not.toHaveBeenCalled();
    expect(decision).toMatchObject({ source: 'settings', content: '' });
  });

  it('never rejects and always returns a valid format and category', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const decision = await decideFormatAndCategory(text, selected, async () => {
          throw new Error('down');
        });
        expect(['tweet', 'checklist', 'pitch']).toContain(decision.format);
        expect(['work', 'personal', 'creative']).toContain(decision.category);
        expect(decision.confidence).toBeGreaterThanOrEqual(0);
        expect(decision.confidence).toBeLessThanOrEqual(1);
        if (text.trim() !== '') expect(decision.content).not.toBe('');
      }),
      { numRuns: 200 },
    );
  });
});
