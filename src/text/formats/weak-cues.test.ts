import { describe, expect, it } from 'vitest';
import { formatWithRules } from './format-with-rules.js';

// Where the cues are weak the formats do less (docs/decisions/114-name-a-part-only-on-a-clear-cue.md):
// what the speaker said stays, in their order, rather than a confident structure.

describe('a pitch keeps every sentence the speaker said', () => {
  it('keeps a long run of sentences with no part named, the last ones too', () => {
    const output = formatWithRules(
      "Here's my idea for the allotment society. We set up a seed swap shelf in the shed. Anyone can leave a packet. Anyone can take one. We keep a notebook of who grew what. At the end of the year we hold a tasting. The rest goes to the food bank.",
      'pitch',
      'personal',
    );
    for (const said of ['a notebook of who grew what', 'we hold a tasting', 'the food bank']) {
      expect(output.toLowerCase()).toContain(said);
    }
  });

  it('keeps what it costs and what it gains when they are said after three other sentences', () => {
    const output = formatWithRules(
      'Pitch to the street. Every bin day the lane gets blocked. We could share three big bins instead of twelve small ones. The council swaps them for free. We put them by the garages. Nobody trips over them anymore. It takes one email to the council. The lorry gets through in five minutes.',
      'pitch',
      'personal',
    );
    expect(output).toContain('It takes one email to the council.');
    expect(output).toContain('The lorry gets through in five minutes.');
  });
});
