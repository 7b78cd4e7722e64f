import { describe, expect, it } from 'vitest';
import { formatWithRules } from './format-with-rules.js';

const lines = (text: string): string[] =>
  formatWithRules(text, 'checklist', 'personal').split('\n');

describe('checklist: a lead-in that names the list is its title, not an item', () => {
  it('takes what is said before a colon as the title, an "I need" in it included', () => {
    expect(lines('Stuff we need for the picnic: a blanket, two knives, the cool box.')).toEqual([
      'Stuff we need for the picnic',
      '- [ ] A blanket',
      '- [ ] Two knives',
      '- [ ] The cool box',
    ]);
  });

  it('takes a short name said before "we need" as the title', () => {
    expect(lines('school trip we need packed lunches sun hats and the permission slips')[0]).toBe(
      'School trip',
    );
    expect(lines('grocery run we need oat milk bananas and coffee')).not.toContain(
      '- [ ] Grocery run',
    );
  });

  it('keeps news said before a need as what it is', () => {
    expect(lines('mum called we need to pick up the cake')[0]).not.toBe('Mum called');
  });

  it('takes what the things are for, said without a pause before them, as the title', () => {
    expect(lines('right for the gig on friday my guitar strap the spare strings a capo')).toEqual([
      'Gig on Friday',
      '- [ ] My guitar strap',
      '- [ ] The spare strings',
      '- [ ] A capo',
    ]);
    expect(lines('for the match on saturday shin pads the water bottles')[0]).toBe(
      'Match on Saturday',
    );
    // A verb's "for", and a clause after a "for" phrase, are no list's name.
    expect(lines('look for the keys')).toEqual(['Personal checklist', '- [ ] Look for the keys']);
    expect(lines('for the love of god the printer is jammed')[0]).toBe('Personal checklist');
  });
});

describe('checklist: a sentence saying only what the list is for heads the list after it', () => {
  it('takes "For ..." before a sentence of things or tasks as the title', () => {
    expect(lines('Okay, for the night feed. Bottles, the steriliser, two muslins.')).toEqual([
      'Night feed',
      '- [ ] Bottles',
      '- [ ] The steriliser',
      '- [ ] Two muslins',
    ]);
    expect(
      lines('For painting the back bedroom. Dust sheets, sand the skirting, a roller.')[0],
    ).toBe('Painting the back bedroom');
  });

  it('keeps a one-word purpose, and news of someone, as said', () => {
    // "For the win." may dedicate a post; "for the kids" said before things is no heading.
    expect(lines('For the kids. Pancakes, cartoons, pyjamas.')[0]).toBe('Personal checklist');
    expect(lines('For my sister who moved. Boxes, tape, a marker.')[0]).toBe('Personal checklist');
  });
});
