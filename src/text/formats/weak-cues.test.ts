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

describe('a checklist keeps a run of nouns it knows no seam in as one thing', () => {
  const items = (text: string): string[] =>
    formatWithRules(text, 'checklist', 'work')
      .split('\n')
      .slice(1)
      .map((line) => line.replace('- [ ] ', ''));

  it('keeps a thing named by three nouns whole', () => {
    expect(
      items(
        'van kit for monday the pipe cutter a blow torch the carbon monoxide detector and spare fuses',
      ),
    ).toContain('The carbon monoxide detector');
    expect(items('lab order the centrifuge tube racks pipette tips and nitrile gloves')).toContain(
      'The centrifuge tube racks',
    );
  });

  it('still parts a run at a known pair or after a plural', () => {
    expect(items('picnic things garlic bread fruit salad apple pie and ice cubes')).toEqual(
      expect.arrayContaining(['Garlic bread', 'Fruit salad', 'Apple pie']),
    );
    expect(items('school bag stuff book bags pencil cases and a ruler')).toEqual(
      expect.arrayContaining(['Pencil cases', 'A ruler']),
    );
  });
});

describe('a task verb is given to no thing the speaker did not give it to', () => {
  const items = (text: string): string[] =>
    formatWithRules(text, 'checklist', 'work')
      .split('\n')
      .slice(1)
      .map((line) => line.replace('- [ ] ', ''));

  it('keeps a second number joined to the first with what they number', () => {
    expect(items('check the bins are out by block six and seven then lock the store')).toContain(
      'Check the bins are out by block six and seven',
    );
    expect(
      items('check the beds are made on ward three and four then restock the gloves'),
    ).toContain('Check the beds are made on ward three and four');
  });

  it('gives a verb said after its thing to that thing only, the rest kept as said', () => {
    const said = items(
      'For the open day I need the banners printed, the gazebo, the float counted, and the leaflets.',
    );
    expect(said).toEqual(['Print the banners', 'The gazebo', 'The float counted', 'The leaflets']);
    expect(
      items('Before the trip I need the car serviced, the tyres and the roof box fitted.'),
    ).toEqual(['Service the car', 'The tyres', 'The roof box fitted']);
  });

  it('reads a word before "can" or "will" as the subject, not a verb to give the next thing', () => {
    const said = items('the stand so people can see the prices, and the tablecloth');
    expect(said.some((item) => /^People the/u.test(item))).toBe(false);
  });
});

describe('a checklist keeps a task with a "no" it cannot settle as said', () => {
  it('keeps the task, the "no" and what follows as one item, not "Fix no"', () => {
    expect(
      formatWithRules(
        'Fix the gate, no, just tie it up for now. Feed the hens.',
        'checklist',
        'personal',
      ),
    ).toBe(
      [
        'Personal checklist',
        '- [ ] Fix the gate, no, just tie it up for now',
        '- [ ] Feed the hens',
      ].join('\n'),
    );
    expect(
      formatWithRules('Paint the fence, no, actually, just sand it.', 'checklist', 'personal'),
    ).toBe(['Personal checklist', '- [ ] Paint the fence, no, actually, just sand it'].join('\n'));
  });

  it('still takes a task back where the corrections settle it', () => {
    expect(
      formatWithRules(
        'Order the new chairs, no, hold that, wait for the budget.',
        'checklist',
        'work',
      ),
    ).toBe(['Work checklist', '- [ ] Wait for the budget'].join('\n'));
  });
});

describe('a checklist title names a topic only when the list opens on it', () => {
  const title = (text: string): string =>
    formatWithRules(text, 'checklist', 'work').split('\n')[0] ?? '';

  it('takes no topic from a word said of one task later on', () => {
    expect(
      title('restock the paper towels, wipe the counters, and book the hotel for the conference'),
    ).toBe('Work checklist');
    expect(
      title(
        'mop the ward floor then empty the bins then refill the hand gel then charge the patient movers',
      ),
    ).toBe('Work checklist');
  });

  it('names the topic the list opens on', () => {
    expect(title('wedding flowers order the peonies confirm the van and pay the deposit')).toBe(
      'Wedding checklist',
    );
  });
});

describe('what "instead of" replaces is neither the hook nor the problem', () => {
  it('takes the idea, not the way it replaces, for the hook', () => {
    const [hook] = formatWithRules(
      'instead of a big dinner for her birthday we all chip in for a spa day she actually gets to relax',
      'pitch',
      'personal',
    ).split('\n');
    expect(hook).toBe('We all chip in for a spa day she actually gets to relax.');
  });

  it('takes no "instead of" for the hook after the idea is announced', () => {
    const [hook] = formatWithRules(
      'Okay so, pitch for the book club. Instead of one of us choosing every month, we each bring two titles and we vote.',
      'pitch',
      'creative',
    ).split('\n');
    expect(hook).not.toMatch(/Instead of/u);
  });

  it('gives the replaced way no label', () => {
    const output = formatWithRules(
      'Instead of driving the kids one by one, we take turns with a rota. Everyone gets two free mornings.',
      'pitch',
      'personal',
    );
    expect(output).toContain('Instead of driving the kids one by one');
    expect(output).not.toMatch(/Problem: Instead of/u);
  });
});

describe('a checklist keeps a purpose after "so" with the task it is for', () => {
  it('keeps "so <someone> can ..." with its task, whoever the someone is', () => {
    const items = (text: string): string[] =>
      formatWithRules(text, 'checklist', 'work').split('\n').slice(1);
    expect(items('put the ramp out so people can get in and unlock the side gate')).toEqual([
      '- [ ] Put the ramp out so people can get in',
      '- [ ] Unlock the side gate',
    ]);
    expect(items('print the rota so staff can swap shifts and order the milk')).toEqual([
      '- [ ] Print the rota so staff can swap shifts',
      '- [ ] Order the milk',
    ]);
  });
});
