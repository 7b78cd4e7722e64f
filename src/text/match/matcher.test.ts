import { describe, expect, it } from 'vitest';
import { tagTokens } from '../nlp.js';
import { tokenize } from '../tokenizer.js';
import { RuleTable, type Row } from './matcher.js';
import { parsePattern } from './pattern.js';
import { noteDecision, noteLine, tracing, withTrace } from './trace.js';

const row = (id: string, pattern: string): Row<string> => ({
  id,
  pattern,
  action: id,
  examples: [],
});

/** Where each decision of the table falls in the text: "word:row-id". */
function decisions(rows: Row<string>[], text: string): string[] {
  const table = new RuleTable('test', rows);
  const tokens = tagTokens(tokenize(text));
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const decision = table.decide(tokens, i);
    if (decision === null) continue;
    const words = tokens.slice(decision.start, decision.end).map((token) => token.lower);
    out.push(`${words.join(' ')}:${decision.row.id}`);
  }
  return out;
}

describe('the rule matcher', () => {
  it('decides by the first row whose group starts at the word, narrow rows above wide ones', () => {
    const rows = [row('kept', "(i'd|would) [like]"), row('filler', '[like]')];
    expect(decisions(rows, "it was like huge and i'd like tea")).toEqual([
      'like:filler',
      'like:kept',
    ]);
  });

  it('reads words before the group nearest first, and words after it', () => {
    const rows = [row('hedge', '(takes|took) [like] %num')];
    expect(decisions(rows, 'it takes like three days')).toEqual(['like:hedge']);
    expect(decisions(rows, 'it takes like forever')).toEqual([]);
    expect(decisions(rows, 'she took like 50 photos')).toEqual(['like:hedge']);
  });

  it('matches tags, lemmas, regular expressions and several parts of one word', () => {
    expect(decisions([row('noun', 'the [#NOUN]')], 'fix the tap')).toEqual(['tap:noun']);
    expect(decisions([row('be', '[~be] done')], 'it was done')).toEqual(['was:be']);
    expect(decisions([row('ing', '[/ing$/]')], 'keep walking')).toEqual(['walking:ing']);
    expect(decisions([row('base', '[#VERB&%base]')], 'i walked and walk')).toEqual(['walk:base']);
  });

  it('takes a group of several words, optional and repeated terms', () => {
    const rows = [row('you-know', '[you know] (the|a)? .+ %end')];
    expect(decisions(rows, 'the shop you know the big one.')).toEqual(['you know:you-know']);
    expect(decisions([row('run', '[very+] good')], 'very very good')).toEqual([
      'very very:run',
      'very:run',
    ]);
  });

  it('reads a negated term as "the next token is not", which also holds at the very end', () => {
    const rows = [row('not-of', '[one] !of')];
    expect(decisions(rows, 'one of them')).toEqual([]);
    expect(decisions(rows, 'just one')).toEqual(['one:not-of']);
    expect(decisions(rows, 'one more')).toEqual(['one:not-of']);
  });

  it('holds ^ and $ at the text and at its sentences', () => {
    const rows = [row('opener', '^ [so]'), row('closer', '[yeah] $')];
    expect(decisions(rows, 'so we went. so yeah. it was so good yeah')).toEqual([
      'so:opener',
      'so:opener',
      'yeah:closer',
      'yeah:closer',
    ]);
  });

  it('matches pauses, ends and any token', () => {
    const rows = [row('framed', ', [um] ,'), row('any', 'said _ [oh]')];
    expect(decisions(rows, 'we, um, left and she said, oh')).toEqual(['um:framed', 'oh:any']);
  });

  it('refuses a pattern it cannot read, or a word set it does not know', () => {
    expect(() => parsePattern('[like')).toThrow(/never closed/u);
    expect(() => parsePattern('(a|b')).toThrow(/never closed/u);
    expect(() => parsePattern('@no-such-set')).toThrow(/no word set/u);
    expect(() => parsePattern('%nothing')).toThrow(/unknown kind/u);
    expect(() => parsePattern('#noun')).toThrow(/not a tag/u);
    expect(() => parsePattern('^')).toThrow(/at least one token/u);
    expect(() => new RuleTable('t', [row('a', 'x'), row('a', 'y')])).toThrow(/used twice/u);
  });

  it('names the deciding row in the trace, on the line made from the word it decided about', () => {
    const table = new RuleTable('test', [row('filler.like', '[like]')]);
    const { trace } = withTrace(
      () => {
        const tokens = tokenize('it was like huge. we left');
        table.decide(tokens, 2);
        noteLine('It was huge.', tokens.slice(0, 4));
        noteLine('We left.', tokens.slice(5));
        noteDecision('format.tweet');
        return ['It was huge.', 'We left.'];
      },
      (lines) => lines,
    );
    expect(trace.lines).toEqual([
      { line: 'It was huge.', rules: ['filler.like'] },
      { line: 'We left.', rules: [] },
    ]);
    expect(trace.whole).toEqual(['format.tweet']);
  });

  it('records nothing when nobody asked for a trace', () => {
    const table = new RuleTable('test', [row('filler.like', '[like]')]);
    const tokens = tokenize('like');
    expect(tracing()).toBe(false);
    expect(table.decide(tokens, 0)?.row.id).toBe('filler.like');
  });
});
