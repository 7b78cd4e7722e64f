import { describe, expect, it } from 'vitest';
import { formatWithRules } from './format-with-rules.js';

const items = (text: string): string[] =>
  formatWithRules(text, 'checklist', 'work')
    .split('\n')
    .filter((line) => line.startsWith('- [ ] '))
    .map((line) => line.slice('- [ ] '.length));

describe('checklist: an aside stays with the task it is said of', () => {
  it('keeps a remark on the thing of the task with that task', () => {
    expect(
      items(
        'Clean the gutters, check the shed door, it was sticking last week, and paint the fence.',
      ),
    ).toEqual([
      'Clean the gutters',
      'Check the shed door, it was sticking last week',
      'Paint the fence',
    ]);
  });

  it('keeps a judgement after "but" with what it qualifies, across a sentence end too', () => {
    expect(items('Send the draft to Ana, she is picky but kind, and book the room.')).toEqual([
      'Send the draft to Ana, she is picky but kind',
      'Book the room',
    ]);
  });

  it('keeps the kind of thing wanted with the task that wants it', () => {
    expect(
      items('Order flowers for the reception, um, something under fifty pounds, and call Raj.'),
    ).toEqual(['Order flowers for the reception, something under fifty pounds', 'Call Raj']);
  });

  it('still makes a task of a pronoun clause that orders one', () => {
    expect(items('Email the landlord, he needs to fix the boiler, and pay the rent.')).toContain(
      'Pay the rent',
    );
    expect(items('Ring the garage. They can fit us in on Friday.').length).toBe(2);
  });
});

describe('checklist: a verb goes only to what the speaker gave it to', () => {
  it('reads a noun list said with commas as things, its first noun no verb for the rest', () => {
    expect(
      items(
        'Things I need for the hike: water bottles, trail mix, a rain jacket, the first aid kit, and my hiking poles.',
      ),
    ).toEqual(
      expect.arrayContaining([
        'Water bottles',
        'Trail mix',
        'A rain jacket',
        'The first aid kit',
        'My hiking poles',
      ]),
    );
    expect(items('buy batteries, tape and a new extension cord')).toEqual([
      'Buy batteries',
      'Buy tape',
      'Buy a new extension cord',
    ]);
  });
});

describe('checklist: what someone else said is a remark, not a task', () => {
  it("joins a named or described teller's news to the item before, keeping the name", () => {
    expect(items('Gaffer tape, spare bulbs. Priya said the van is booked for six.')).toEqual([
      'Gaffer tape',
      'Spare bulbs, Priya said the van is booked for six',
    ]);
    expect(items('Extra cones, the whistle. The head coach reckons it will rain.')).toEqual([
      'Extra cones',
      'The whistle, the head coach reckons it will rain',
    ]);
  });

  it('keeps a task told by someone else, and a teller run into a thing, as items', () => {
    expect(items('Gaffer tape, spare bulbs. Priya said to book the van.')).toEqual([
      'Gaffer tape',
      'Spare bulbs',
      'Priya said to book the van',
    ]);
    // A thing and then a teller, parted by a comma, are not one teller.
    expect(items('Gaffer tape. Spare bulbs, Priya said the old ones blew.')[0]).toBe('Gaffer tape');
  });
});
