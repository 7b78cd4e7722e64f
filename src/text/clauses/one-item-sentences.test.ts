import { describe, expect, it } from 'vitest';
import { formatWithRules } from '../formats/format-with-rules.js';

const items = (text: string): string[] =>
  formatWithRules(text, 'checklist', 'personal')
    .split('\n')
    .filter((line) => line.startsWith('- [ ] '))
    .map((line) => line.slice('- [ ] '.length));

describe('a list said one thing per sentence', () => {
  it('keeps what a comma sets off inside a sentence with the thing that sentence names', () => {
    expect(items('Bits for the allotment. Netting, the green stuff. Canes, a big bundle.')).toEqual(
      ['Netting, the green stuff', 'Canes, a big bundle'],
    );
    // How many, and what the speaker says of it.
    expect(items('Things for the match. Gloves, both pairs, mine are soaked. Tape.')).toEqual([
      'Gloves, both pairs, mine are soaked',
      'Tape',
    ]);
    expect(items('Stuff for the office. Coffee, a whole case. Sugar, lots of it.')).toEqual([
      'Coffee, a whole case',
      'Sugar, lots of it',
    ]);
    // A task's details stay with it, and its verb goes to no other piece.
    expect(items('Order the pizzas for Friday, half veggie, the big ones.')).toEqual([
      'Order the pizzas for Friday, half veggie, the big ones',
    ]);
  });

  it('parts a sentence that lists things of its own', () => {
    // Plain things between commas.
    expect(items('Things for the gym. Gum shield, lavender spray, eye pillows.')).toEqual([
      'Gum shield',
      'Lavender spray',
      'Eye pillows',
    ]);
    // A last thing joined with "and", or a colon before the things.
    expect(items('Rope, both reels, and the pegs.')).toContain('The pegs');
    expect(items('Stuff we need for the picnic: a blanket, two knives, the cool box.')).toEqual([
      'A blanket',
      'Two knives',
      'The cool box',
    ]);
    // How a thing is, said after it, stays with it and leaves the list a list.
    expect(items('The drill, charged, the spare bits, and the level.')).toEqual([
      'The drill, charged',
      'The spare bits',
      'The level',
    ]);
    // A counted thing of its own is no amount of the one before.
    expect(items('Rice, a bag of kale.')).toEqual(['Rice', 'A bag of kale']);
  });

  it('starts an item at a task said after a comma, and drops what is said to the listener', () => {
    expect(items('Lamb shoulder, ask the butcher to dice it.')).toEqual([
      'Lamb shoulder',
      'Ask the butcher to dice it',
    ]);
    expect(items('Be kind, be specific.')).toEqual(['Be kind', 'Be specific']);
    expect(items('Call Sam, yeah.')).toEqual(['Call Sam']);
  });
});

describe('a list said without pauses', () => {
  it('opens a thing at whose it is, and ends one at a count of them', () => {
    expect(items('things for the beach the windbreak a frisbee my sunglasses')).toEqual([
      'The windbreak',
      'A frisbee',
      'My sunglasses',
    ]);
    expect(items('kit for the match the corner flags all four of them the bibs')).toEqual([
      'The corner flags all four of them',
      'The bibs',
    ]);
  });

  it('reads things said one after another, with no "and", as a list', () => {
    expect(items('the card reader the tea urn the big box a pen')).toEqual([
      'The card reader',
      'The tea urn the big box',
      'A pen',
    ]);
    // One thing given to someone is no list, nor is a clause.
    expect(items('send the client the quote')).toEqual(['Send the client the quote']);
    expect(items('the van is outside the depot the gate')).toHaveLength(1);
  });

  it('keeps what only says which or how much with the thing before', () => {
    expect(items('stuff for the stall the card reader the tea urn the big box')).toEqual([
      'The card reader',
      'The tea urn the big box',
    ]);
    // A subject with its verb after whose it is says which thing.
    expect(items('pack the boots my brother gave me')).toEqual([
      'Pack the boots my brother gave me',
    ]);
    // A count of what a thing comes in, said straight after it, is how much of it; after "and",
    // or before "of", it opens a thing of its own.
    const bag = items(
      "nappy bag for sunday at mum's so the wipes four packs the spare onesie and two bottles of formula",
    );
    expect(bag).toContain('The wipes four packs');
    expect(bag).toContain('The spare onesie');
    expect(bag).toContain('Two bottles of formula');
  });
});
