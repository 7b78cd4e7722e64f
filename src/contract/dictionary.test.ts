import { describe, expect, it } from 'vitest';
import {
  termsToSpell,
  applyDictionary,
  compileDictionary,
  DICTIONARY_MAX_ENTRIES,
  dictionaryPrompt,
  DICTIONARY_TERMS_MAX_CHARS,
  type DictionaryMeter,
} from './dictionary.js';

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

describe('a dictionary read as it is used', () => {
  // The largest dictionary a person may keep, every sounds-like a run of the same short word:
  // each is a prefix of the others at every word of a text of that word.
  const hostile = Array.from({ length: DICTIONARY_MAX_ENTRIES }, (_, i) => ({
    term: `T${i}`,
    soundsLike: `${'a '.repeat(28)}b${i}`.slice(0, 60),
  }));

  it('reads a text in steps bounded by its length and the longest phrase, not the entries', () => {
    const text = 'a '.repeat(10_000);
    const meter: DictionaryMeter = { steps: 0 };
    expect(compileDictionary(hostile).apply(text, { meter })).toBe(text);
    expect(meter.steps).toBeLessThanOrEqual(text.length * 60);
  });

  it('still finds a hostile entry where the text says it', () => {
    const heard = hostile[7]?.soundsLike ?? '';
    expect(applyDictionary(`so ${heard} then`, hostile)).toBe('so T7 then');
  });

  it('spells a growing draft as it spells the whole of it, at every length', () => {
    const dictionary = compileDictionary([
      ...entries,
      { term: 'Net' },
      { term: 'Kubernetes', soundsLike: 'cooper net' },
    ]);
    const reply = 'Cooper net on cooper netties, then call ee fa about ios and net.';
    const draft = dictionary.streaming();
    for (let end = 1; end <= reply.length; end += 1) {
      const soFar = reply.slice(0, end);
      expect(draft(soFar)).toBe(dictionary.apply(soFar));
    }
  });

  it('starts again when a draft is not the last one grown', () => {
    const dictionary = compileDictionary(entries);
    const draft = dictionary.streaming();
    expect(draft('call ee fa')).toBe('call Aoife');
    expect(draft('ping ios now')).toBe('ping iOS now');
  });

  it('reads letters of any case and script as the i flag does', () => {
    expect(applyDictionary('ÉCOLE and Σοφία', [{ term: 'école' }, { term: 'σοφία' }])).toBe(
      'école and σοφία',
    );
  });
});

describe('a dictionary that would make a text longer', () => {
  const long = { term: `L${'o'.repeat(58)}g`, soundsLike: 'a' };

  it('never takes the text past the limit it is given; what does not fit stays as said', () => {
    const text = 'a '.repeat(1_000);
    const spelled = compileDictionary([long]).apply(text, { maxChars: 3_000 });
    expect(spelled.length).toBeLessThanOrEqual(3_000);
    expect(spelled.startsWith(`${long.term} `)).toBe(true);
    expect(spelled.endsWith('a ')).toBe(true);
    // Without a limit every one is spelled.
    expect(applyDictionary(text, [long]).length).toBe(1_000 * 61);
  });

  it('never makes a text already past its limit longer, and still fixes a casing or a shorter term', () => {
    const text = `${'a '.repeat(50)}ios and cooper netties`;
    const entries = [long, { term: 'iOS' }, { term: 'K8s', soundsLike: 'cooper netties' }];
    expect(applyDictionary(text, entries, { maxChars: 10 })).toBe(`${'a '.repeat(50)}iOS and K8s`);
  });

  it('reads no entry of signs only, which would match at every comma', () => {
    const signs = [
      { term: `T${'x'.repeat(59)}`, soundsLike: ',' },
      { term: '--', soundsLike: 'dash' },
    ];
    expect(applyDictionary('one, two, three -- dash', signs)).toBe('one, two, three -- dash');
    expect(dictionaryPrompt([{ term: '--' }, { term: 'iOS' }])).toBe('iOS.');
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
    expect(prompt.length).toBeLessThanOrEqual(DICTIONARY_TERMS_MAX_CHARS + 1);
    expect(prompt.startsWith('Term0')).toBe(true);
  });
});

describe('the terms a writing model is told to spell', () => {
  it('are the ones the text holds, said as the term or as it sounds like', () => {
    const found = new Set<string>();
    compileDictionary([
      { term: 'Kubernetes', soundsLike: 'cooper netties' },
      { term: 'iOS' },
      { term: 'Priya' },
    ]).apply('ship it on ios and cooper netties', { found });
    expect(termsToSpell(found)).toEqual(['iOS', 'Kubernetes']);
  });

  it('stay within the length of a speech prompt however many the text holds', () => {
    const found = new Set(Array.from({ length: 500 }, (_, i) => `Term${i}${'x'.repeat(50)}`));
    const terms = termsToSpell(found);
    expect(terms.join(', ').length).toBeLessThanOrEqual(DICTIONARY_TERMS_MAX_CHARS);
    expect(terms[0]).toBe(`Term0${'x'.repeat(50)}`);
  });
});
