import { describe, expect, it } from 'vitest';
import { inferFormatAndCategory } from '../infer.js';
import { formatWithRules } from './format-with-rules.js';

// Speech that an eighth probe (sixty notes written apart from the rules) showed going wrong,
// each kind with sentences of its own, and the sentences meant literally that must stay as said.

const checklist = (text: string): string => formatWithRules(text, 'checklist', 'personal');
const tweet = (text: string): string =>
  formatWithRules(text, 'tweet', 'personal').replace(/ #\S+/gu, '');
const lines = (...parts: string[]): string => parts.join('\n');

describe('lists written with commas', () => {
  it('keeps nouns in a row one thing, and a piece with its own verb its own task', () => {
    expect(
      checklist(
        'Before my shift I have to restock the IV trolley, check the fridge temperature log, and hand over the bed notes to Priya.',
      ),
    ).toBe(
      lines(
        'Before my shift',
        '- [ ] Restock the IV trolley',
        '- [ ] Check the fridge temperature log',
        '- [ ] Hand over the bed notes to Priya',
      ),
    );
    expect(
      checklist(
        'Tomorrow, um, photocopy the fractions worksheets, mark the essays, and book the library for Thursday.',
      ),
    ).toBe(
      lines(
        'Tomorrow',
        '- [ ] Photocopy the fractions worksheets',
        '- [ ] Mark the essays',
        '- [ ] Book the library for Thursday',
      ),
    );
  });

  it('reads a known compound as a thing, not a verb and its object', () => {
    expect(
      checklist('Packing for Lisbon. Passport, phone charger, the blue adapter, and sunscreen.'),
    ).toBe(
      lines(
        'Packing for Lisbon',
        '- [ ] Passport',
        '- [ ] Phone charger',
        '- [ ] The blue adapter',
        '- [ ] Sunscreen',
      ),
    );
  });

  it('still puts the verb before each thing of a list, and splits things said without commas', () => {
    expect(checklist('buy milk, eggs and bread')).toBe(
      lines('Grocery list', '- [ ] Buy milk', '- [ ] Buy eggs', '- [ ] Buy bread'),
    );
    expect(checklist('get 2 lemons, 3 limes and a bag of ice')).toContain('- [ ] Get 3 limes');
    expect(checklist('buy batteries tape and a new extension cord').split('\n').slice(1)).toEqual([
      '- [ ] Buy batteries',
      '- [ ] Buy tape',
      '- [ ] Buy a new extension cord',
    ]);
  });
});

describe('fillers the eighth probe found left in', () => {
  it('drops "gotta" and "like" hedges and a "you know" before a purpose', () => {
    expect(
      checklist(
        'For the Henderson job tomorrow, I gotta, um, grab two boxes of screws from the trade counter, and pick up the skirting boards.',
      ),
    ).toBe(
      lines(
        'Henderson job tomorrow',
        '- [ ] Grab two boxes of screws from the trade counter',
        '- [ ] Pick up the skirting boards',
      ),
    );
    expect(tweet('a subscription box for new dads with like practical stuff')).toBe(
      'A subscription box for new dads with practical stuff.',
    );
    expect(tweet('we need a van you know for the move')).toBe('We need a van for the move.');
    expect(tweet('I need to like call the bank')).toBe('I need to call the bank.');
  });

  it('keeps "like" and "you know" where they are meant', () => {
    for (const said of [
      'I would like to like this post.',
      'I want to like you.',
      'He used to like jazz.',
      'A city with like-minded people.',
      'You know for sure when it is spring.',
      'I think you know for a fact he lied.',
    ]) {
      expect(tweet(said)).toBe(said);
    }
  });
});

describe('a remark on the task before it', () => {
  it('goes with that task instead of a box of its own', () => {
    expect(
      checklist('Pick up my prescription. Ring my sister on Wednesday, it’s her birthday.')
        .split('\n')
        .slice(1),
    ).toEqual([
      '- [ ] Pick up my prescription',
      '- [ ] Ring my sister on Wednesday, it’s her birthday',
    ]);
    expect(checklist("fix the gate, it's broken again")).toContain(
      "- [ ] Fix the gate, it's broken again",
    );
  });

  it('leaves a clause with a task, a verb or chatter as it was', () => {
    expect(checklist("call the vet, it's time to book the jab")).toContain(
      "- [ ] It's time to book the jab",
    );
    expect(checklist("buy milk, call Sam, yeah, that's it")).toBe(
      lines('Grocery list', '- [ ] Buy milk', '- [ ] Call Sam'),
    );
  });
});

describe('the eighth probe rules, narrowed where a review found them too wide', () => {
  const items = (text: string): string[] => checklist(text).split('\n').slice(1);

  it('parts things said without commas even in a list that has some', () => {
    expect(items('Buy milk, eggs bread and cheese.')).toEqual([
      '- [ ] Buy milk',
      '- [ ] Buy eggs',
      '- [ ] Buy bread',
      '- [ ] Buy cheese',
    ]);
    expect(items('Buy a hammer nails, screws and wood glue.')).toContain('- [ ] Buy nails');
  });

  it('keeps the verb before a thing with a place, a plural or a person after it', () => {
    expect(items('Pack the passport, cash in the front pocket, and snacks.')).toContain(
      '- [ ] Pack cash in the front pocket',
    );
    expect(items('Put the milk away, eggs in the fridge, and bread in the bin.')).toContain(
      '- [ ] Put eggs in the fridge',
    );
    expect(items('Pack clothes, shoes my sister lent me, and a towel.')).toContain(
      '- [ ] Pack shoes my sister lent me',
    );
    // A person given a thing is no task of its own: the verb stays before each.
    expect(items('Buy the kids a treat, mum some flowers, and dad a card')).not.toContain(
      '- [ ] Dad a card',
    );
    expect(items('buy eggs, bread the big loaf, and milk')).not.toContain(
      '- [ ] Bread the big loaf',
    );
  });

  it('does not say a verb twice before a compound that starts with it', () => {
    expect(items('Phone the bank, phone charger, and keys.')).toContain('- [ ] Phone charger');
    expect(items('Water the plants, water bottle for gym, and snacks.')).toContain(
      '- [ ] Water bottle for gym',
    );
  });

  it('reads a verb the tagger takes for an adjective as a task of its own', () => {
    expect(items('Buy flowers, open the windows')).toEqual([
      '- [ ] Buy flowers',
      '- [ ] Open the windows',
    ]);
  });

  it('leaves a second question, the shop till and a "be" before "about" as said', () => {
    for (const said of [
      'What is it, is it broken?',
      'How are you, are you okay?',
      'Jess is on the till, till closing time.',
      "I know what it's about, about the parking.",
    ]) {
      expect(tweet(said)).toBe(said);
    }
  });

  it('replaces a date phrase whole, or a day inside a date, or leaves it', () => {
    expect(tweet('The trip is the first or second week of August, no, the end of August.')).toBe(
      'The trip is the end of August.',
    );
    expect(tweet('Book the bus for the twelfth of June, no, the fourteenth.')).toBe(
      'Book the bus for the fourteenth of June.',
    );
    expect(tweet('Book the bus for the 12th of June, no, the 14th of June.')).toBe(
      'Book the bus for the 14th of June.',
    );
  });

  it('leaves a "no" that says none of the days, and a phrase it cannot replace whole', () => {
    for (const said of [
      'I can do Tuesdays and Thursdays, no Mondays or Fridays.',
      "We're open in June and July, no August or September.",
      'Exams are the last two weeks of May, no, mid June.',
    ]) {
      expect(tweet(said)).toBe(said);
    }
  });
});

describe('a change put to the team with what it would bring', () => {
  it('reads as a pitch', () => {
    for (const said of [
      'I think we should let the support team see the error logs directly it would save us like 10 tickets a week',
      'I think we should, um, move our nightly tests to run on every pull request. It would cost a bit more, but we’d catch stuff way earlier.',
    ]) {
      expect(inferFormatAndCategory(said).format).toBe('pitch');
    }
  });

  it('leaves a change at home, or one that brings nothing said, as it was', () => {
    expect(
      inferFormatAndCategory('we should move the sofa it would look better by the window').format,
    ).not.toBe('pitch');
    expect(inferFormatAndCategory('we should move the sofa and paint the hall').format).toBe(
      'checklist',
    );
  });
});

describe('pitches and takes the eighth probe found broken', () => {
  const pitch = (text: string): string => formatWithRules(text, 'pitch', 'creative');

  it('keeps a purpose said with "just so" in its sentence', () => {
    expect(
      pitch(
        "Song idea. Um, it's about a guy who keeps his late dad's voicemail just so he can hear him say call me back. The chorus is the voicemail beep.",
      ),
    ).toContain("keeps his late dad's voicemail just so he can hear him say call me back.");
  });

  it('leaves out "a thought" and "I had an idea" said before the idea', () => {
    const swapShop = pitch(
      "So, uh, a thought. A swap shop for kids' school uniforms, run out of the community centre. It saves everyone money.",
    );
    expect(swapShop.startsWith("A swap shop for kids' school uniforms")).toBe(true);
    expect(swapShop).not.toContain('A thought');
    expect(
      pitch('I had an idea. We could rent the hall out on Sundays so it pays for the heating.'),
    ).not.toContain('I had an idea');
  });

  it('puts no colon between a label and its "but", which may be a real contrast', () => {
    expect(tweet('unpopular opinion but homework does more harm than good')).toBe(
      'Unpopular opinion but homework does more harm than good.',
    );
    expect(tweet('Fun fact but it’s sad, octopuses only live about a year.')).toBe(
      'Fun fact but it’s sad, octopuses only live about a year.',
    );
    expect(tweet('hot take pair programming is overrated')).toBe(
      'Hot take: pair programming is overrated.',
    );
  });
});

describe('categories from words the eighth probe found missing', () => {
  it('hears nappies and a driving test as personal, patients and pupils as work', () => {
    expect(
      inferFormatAndCategory('I need to get nappies wipes and the calpol before thursday').category,
    ).toBe('personal');
    expect(
      inferFormatAndCategory('I just passed my driving test on the third try and I am shaking')
        .category,
    ).toBe('personal');
    expect(
      inferFormatAndCategory(
        'what if there was an app that tells us which patients have not been turned in two hours',
      ).category,
    ).toBe('work');
  });

  it('hears a class, a bakery and a kitchen team as work, and a kids book as creative', () => {
    for (const said of [
      'One of my students put her hand up today and answered a question. I nearly cried.',
      'Our little bakery turned five today. Thank you to every single regular.',
      'our new lamb curry sold out in under an hour tonight the kitchen team absolutely smashed it',
    ]) {
      expect(inferFormatAndCategory(said).category).toBe('work');
    }
    expect(
      inferFormatAndCategory(
        'what if there was a city where it rains a different colour every day that could be a really cool kids book',
      ).category,
    ).toBe('creative');
  });
});

describe('a ninth probe (blind, sixty notes) found', () => {
  const items = (text: string): string[] => checklist(text).split('\n').slice(1);

  it('keeps a title with its name, a possessive with its thing, and a number with its bay', () => {
    expect(
      items(
        "Restock the IV tubing in bay three, chase pharmacy about Mr. Patel's meds, and update the whiteboard.",
      ),
    ).toEqual([
      '- [ ] Restock the IV tubing in bay three',
      "- [ ] Chase pharmacy about Mr. Patel's meds",
      '- [ ] Update the whiteboard',
    ]);
  });

  it('reads a longer piece led by a verb of tasks as a task of its own', () => {
    expect(
      items(
        'Make the vinaigrette, slice about two kilos of onions, and confirm the dishes with Tom.',
      ),
    ).toEqual([
      '- [ ] Make the vinaigrette',
      '- [ ] Slice about two kilos of onions',
      '- [ ] Confirm the dishes with Tom',
    ]);
  });

  it('takes "scratch that, make it Wednesday" for a replacement, after "Actually" too', () => {
    expect(items('Order pizza. Scratch that, make it curry, and get beers.')).toEqual([
      '- [ ] Make it curry',
      '- [ ] Get beers',
    ]);
    expect(
      items(
        'Reorder the oat milk, and schedule the window cleaner for Tuesday. Actually, scratch that, make it Wednesday.',
      ),
    ).toEqual(['- [ ] Reorder the oat milk', '- [ ] Schedule the window cleaner for Wednesday']);
    expect(items('call mom okay scratch that call dad')).toEqual(['- [ ] Call dad']);
  });
});

describe('titles and tills the ninth probe found', () => {
  it('takes "to-dos for the sprint" as the title', () => {
    expect(checklist('So, to-dos for the sprint. Fix the login bug, and update the README.')).toBe(
      lines('To-dos for the sprint', '- [ ] Fix the login bug', '- [ ] Update the README'),
    );
  });

  it('reads "the till" as a thing, so the task after it starts at its verb', () => {
    expect(checklist('count the till order more paper bags').split('\n').slice(1)).toEqual([
      '- [ ] Count the till',
      '- [ ] Order more paper bags',
    ]);
    expect(tweet('we stay open till nine tonight')).toBe('We stay open till nine tonight.');
  });
});
