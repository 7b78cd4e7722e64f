import { describe, expect, it } from 'vitest';
import { formatWithRules } from './formats/format-with-rules.js';

const tweet = (text: string): string => formatWithRules(text, 'tweet', 'personal');

describe('unpunctuated speech: a relative clause without "that" stays in its sentence', () => {
  it('keeps "the best comment I ever got was ..." one sentence', () => {
    expect(
      tweet(
        'the best code review comment i ever got was just the word why and it changed how i write',
      ),
    ).toMatch(/^The best code review comment I ever got was just the word why/u);
    expect(tweet('the nicest thing you ever said was thank you')).toBe(
      'The nicest thing you ever said was thank you.',
    );
  });

  it('still ends a sentence before a pronoun whose verb has its object', () => {
    expect(tweet('we painted the whole fence today i got paint on the dog')).toMatch(/\. I got/u);
  });
});
