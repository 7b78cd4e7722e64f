import { describe, expect, it } from 'vitest';
import { applyDictionary, dictionaryPrompt, WHISPER_PROMPT_MAX_CHARS } from './dictionary.js';

const entries = [
  { term: 'Kubernetes', soundsLike: 'cooper netties' },
  { term: 'Aoife', soundsLike: 'ee fa' },
  { term: 'iOS' },
];

describe('applyDictionary', () => {
  it.each([
    ['deploy it on cooper netties tonight', 'deploy it on Kubernetes tonight'],
    ['Cooper  Netties cluster', 'Kubernetes cluster'],
    ['call ee fa about the ios build', 'call Aoife about the iOS build'],
    ['kubernetes, KUBERNETES and Kubernetes.', 'Kubernetes, Kubernetes and Kubernetes.'],
  ])('spells the person’s terms as given: %s', (input, expected) => {
    expect(applyDictionary(input, entries)).toBe(expected);
  });

  it.each(['the coopers netted a fish', 'biosphere and kiosks', 'feel free to go'])(
    'leaves words that only contain an entry alone: %s',
    (input) => {
      expect(applyDictionary(input, entries)).toBe(input);
    },
  );

  it('replaces a whole sounds-like before a shorter entry inside it', () => {
    const nested = [{ term: 'Net' }, { term: 'Kubernetes', soundsLike: 'cooper net' }];
    expect(applyDictionary('run cooper net', nested)).toBe('run Kubernetes');
  });

  it('reads characters of a regular expression as themselves', () => {
    expect(applyDictionary('i write c++ daily', [{ term: 'C++' }])).toBe('i write C++ daily');
    expect(applyDictionary('a.b stays', [{ term: 'x.y' }])).toBe('a.b stays');
  });
});

describe('dictionaryPrompt', () => {
  it('lists the terms for the speech engine, and nothing for an empty dictionary', () => {
    expect(dictionaryPrompt(entries)).toBe('Kubernetes, Aoife, iOS.');
    expect(dictionaryPrompt([])).toBeUndefined();
  });

  it('stops within what Whisper reads', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ term: `Term${i}`.padEnd(40, 'x') }));
    const prompt = dictionaryPrompt(many) ?? '';
    expect(prompt.length).toBeLessThanOrEqual(WHISPER_PROMPT_MAX_CHARS + 1);
    expect(prompt.startsWith('Term0')).toBe(true);
  });
});
