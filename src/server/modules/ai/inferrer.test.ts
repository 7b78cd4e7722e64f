import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenAIChatModel } from './chat-model.js';
import { HybridFormatInferrer, parseModelAnswer } from './format-inferrer.js';
import { inferFormatAndCategory } from '#text/infer.js';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/support/fake-openai.js';

let fake: FakeOpenAI;
let nextReply = '{"format": "pitch", "category": "creative", "confidence": 0.85}';

beforeAll(async () => {
  fake = await startFakeOpenAI({ chatReply: () => nextReply });
});

afterAll(async () => {
  await fake.close();
});

afterEach(() => {
  fake.setFault('none');
  fake.requests.length = 0;
  nextReply = '{"format": "pitch", "category": "creative", "confidence": 0.85}';
});

function inferrer(timeoutMs = 3000): HybridFormatInferrer {
  return new HybridFormatInferrer(
    new OpenAIChatModel({ baseUrl: fake.url, apiKey: undefined, model: 'fake-llm', timeoutMs }),
  );
}

const explicit = 'Make this a checklist about work: send the invoice and book the meeting room.';
const vague = 'I keep thinking about the thing we talked about yesterday.';

describe('HybridFormatInferrer', () => {
  it('answers from the rules when they are sure, without asking the model', async () => {
    const rules = inferFormatAndCategory(explicit);
    expect(rules.confidence).toBeGreaterThanOrEqual(0.7);
    const result = await inferrer().infer(explicit);
    expect(result).toEqual(rules);
    expect(fake.requests).toHaveLength(0);
  });

  it('asks the model when the rules are unsure and takes a well-formed answer', async () => {
    expect(inferFormatAndCategory(vague).confidence).toBeLessThan(0.7);
    const result = await inferrer().infer(vague);
    expect(result).toEqual({ format: 'pitch', category: 'creative', confidence: 0.85 });
    expect(fake.requests).toHaveLength(1);
  });

  it.each(['500', '429', 'hang', 'empty', 'malformed'] as const)(
    'keeps the rules answer when the model fails with %s',
    async (fault) => {
      fake.setFault(fault);
      const result = await inferrer(500).infer(vague);
      expect(result).toEqual(inferFormatAndCategory(vague));
    },
  );

  it('ignores an answer that is not exactly the asked-for JSON', async () => {
    nextReply = 'I think it is a pitch about creative things, confidence 0.9';
    const result = await inferrer().infer(vague);
    expect(result).toEqual(inferFormatAndCategory(vague));
  });

  it('infers from meaning when no format word was spoken, without a model', async () => {
    const result = await new HybridFormatInferrer(null).infer(
      'buy batteries tape and a new extension cord and pick up the parcel on friday',
    );
    expect(result.format).toBe('checklist');
    // Errands a shop or a home could run: a category only when the words settle it, never work.
    expect([null, 'personal']).toContain(result.category);
    expect(result.confidence).toBeGreaterThanOrEqual(0.7);
    const pitch = await new HybridFormatInferrer(null).infer(
      'an escape room where the clues are hidden in old family photos and you play as the grandchildren',
    );
    expect(pitch).toMatchObject({ format: 'pitch', category: 'creative' });
  });

  it('answers nulls and 0 when nothing is found and no model is configured', async () => {
    const result = await new HybridFormatInferrer(null).infer('');
    expect(result).toEqual({ format: null, category: null, confidence: 0 });
  });
});

describe('parseModelAnswer', () => {
  it('reads a fenced answer, and no reply many times longer than its one line', () => {
    const answer = '{"format":"tweet","category":"work","confidence":0.8}';
    expect(parseModelAnswer(`\`\`\`json\n${answer}\n\`\`\`  `)).toEqual({
      format: 'tweet',
      category: 'work',
      confidence: 0.8,
    });
    expect(parseModelAnswer(`${answer}${' '.repeat(20_000)}`)).toBeNull();
  });

  it('accepts exactly the three fields with allowed values', () => {
    expect(parseModelAnswer('{"format":"tweet","category":"work","confidence":0.8}')).toEqual({
      format: 'tweet',
      category: 'work',
      confidence: 0.8,
    });
    expect(
      parseModelAnswer('```json\n{"format":null,"category":"life","confidence":0.8}\n```'),
    ).toBeNull();
    expect(parseModelAnswer('{"format":"tweet","category":"work","confidence":1.5}')).toBeNull();
    expect(
      parseModelAnswer('{"format":"tweet","category":"work","confidence":0.8,"x":1}'),
    ).toBeNull();
    expect(parseModelAnswer('{"format":"memo","category":"work","confidence":0.8}')).toBeNull();
    expect(
      parseModelAnswer('Sure! {"format":"tweet","category":"work","confidence":0.8}'),
    ).toBeNull();
    expect(parseModelAnswer('{"format":null,"category":null,"confidence":0.9}')).toEqual({
      format: null,
      category: null,
      confidence: 0,
    });
  });
});
