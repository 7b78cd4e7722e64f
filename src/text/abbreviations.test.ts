import { describe, expect, it } from 'vitest';
import { FORMATS } from '#contract/taxonomy.js';
import { formatWithRules } from './formats/format-with-rules.js';

const tweet = (text: string): string =>
  formatWithRules(text, 'tweet', 'work').replace(/ #\S+/gu, '');
const checklist = (text: string): string => formatWithRules(text, 'checklist', 'work');
const pitch = (text: string): string => formatWithRules(text, 'pitch', 'work');
const items = (text: string): string[] =>
  checklist(text)
    .split('\n')
    .filter((line) => line.startsWith('- [ ] '))
    .map((line) => line.slice('- [ ] '.length));

describe('a title with its full stop, as Whisper writes it', () => {
  it('keeps the title and the name after it in one task', () => {
    expect(checklist('Email Mr. Chen the slides and book Dr. Lee for Friday.')).toBe(
      'Work checklist\n- [ ] Email Mr. Chen the slides\n- [ ] Book Dr. Lee for Friday',
    );
    expect(
      items("Reminder: call Dr. Alvarez's office on Tuesday about moving my appointment."),
    ).toEqual(["Call Dr. Alvarez's office on Tuesday about moving my appointment"]);
    expect(
      items(
        "So, uh, reminder: call Dr. Alvarez's office on Tuesday, uh, about moving my appointment.",
      )[0],
    ).toMatch(/^Call Dr\. Alvarez's office on Tuesday/u);
    expect(checklist("Pick up Mrs. Brown's keys and drop the flowers at St. Mary's.")).toBe(
      "Work checklist\n- [ ] Pick up Mrs. Brown's keys\n- [ ] Drop the flowers at St. Mary's",
    );
    expect(items('Ask Prof. Okafor about the thesis and meet Ms. Diaz at noon.')).toEqual([
      'Ask Prof. Okafor about the thesis',
      'Meet Ms. Diaz at noon',
    ]);
  });

  it('keeps the sentence whole in a tweet and a pitch', () => {
    expect(tweet('Email Mr. Chen the slides and book Dr. Lee for Friday.')).toBe(
      'Email Mr. Chen the slides and book Dr. Lee for Friday.',
    );
    expect(pitch('Email Mr. Chen the slides and book Dr. Lee for Friday.')).toMatch(
      /^Email Mr\. Chen the slides/u,
    );
    expect(pitch('Ask Prof. Okafor about the thesis.')).toBe('Ask Prof. Okafor about the thesis.');
  });

  it('never ends a sentence at a title, whatever its case', () => {
    expect(tweet('We met Dr. Lee. She was great.')).toBe('We met Dr. Lee. She was great.');
    expect(items('CALL DR. LEE AND EMAIL MR. CHEN.')).toEqual([
      expect.stringMatching(/^Call dr\. lee$/iu),
      expect.stringMatching(/^Email mr\. chen$/iu),
    ]);
  });

  it('prints the full stop once when the title ends the sentence', () => {
    expect(tweet('Tomorrow I need to call the Dr.')).toBe('Tomorrow I need to call the Dr.');
    for (const format of FORMATS) {
      for (const text of [
        'Email Mr. Chen the slides and book Dr. Lee for Friday.',
        'Tomorrow I need to call the Dr.',
        'We need pens, paper, etc. Then call Sam.',
        'Buy pens, paper, tape, etc.',
      ]) {
        expect(formatWithRules(text, format, 'work')).not.toMatch(/\.\./u);
      }
    }
  });

  it("keeps a title's full stop when it ends a task", () => {
    expect(checklist('Call the Dr. and book the MOT.')).toBe(
      'Work checklist\n- [ ] Call the Dr.\n- [ ] Book the MOT',
    );
    expect(checklist('Pick up the kids at 8 a.m. and call Mr. Chen.')).toBe(
      'Work checklist\n- [ ] Pick up the kids at 8 a.m.\n- [ ] Call Mr. Chen',
    );
  });
});

describe('"etc.", "e.g.", "vs." and suffixes', () => {
  it('ends the sentence at "etc." before a capitalised word, not before a lower-case one', () => {
    expect(items('We need pens, paper, etc. Then call Sam.').at(-1)).toBe('Call Sam');
    expect(tweet('We need pens, paper, etc. Then call Sam.')).toBe(
      'We need pens, paper, etc. Then call Sam.',
    );
    expect(pitch('We need pens, paper, etc. Then call Sam.')).toMatch(
      /^We need pens, paper, etc\.\n\n/u,
    );
    expect(tweet('Bring snacks, drinks, etc. and then set up the chairs.')).toBe(
      'Bring snacks, drinks, etc. and then set up the chairs.',
    );
    // Unlike "by 5 p.m. I think", a list closed by "etc." is done before "I".
    expect(checklist("Bring snacks, drinks, etc. I think that's all.")).not.toMatch(/etc\. I/iu);
  });

  it('ends a tweet on "etc." with its own full stop', () => {
    expect(tweet('Buy pens, paper, tape, etc.')).toBe('Buy pens, paper, tape, etc.');
    expect(formatWithRules('Buy pens, paper, tape, etc.', 'tweet', 'work')).toBe(
      'Buy pens, paper, tape, etc.',
    );
  });

  it('keeps "e.g.", "i.e." and "vs." one word inside the sentence', () => {
    expect(tweet("It's the Lakers vs. the Celtics tonight, e.g. a big game, i.e. huge.")).toBe(
      "It's the Lakers vs. the Celtics tonight, e.g. a big game, i.e. huge.",
    );
    expect(items('Ask about approx. 20 chairs for the hall.')).toEqual([
      'Ask about approx. 20 chairs for the hall',
    ]);
  });

  it('keeps a name suffix with its name', () => {
    expect(items('Meet John Smith Jr. at noon.')).toEqual(['Meet John Smith Jr. at noon']);
  });
});

describe('what is not an abbreviation', () => {
  it('ends the sentence at an acronym in capitals', () => {
    expect(items('Ask Sam about the MS. Then book the clinic.')).toEqual([
      'Ask Sam about the MS',
      'Book the clinic',
    ]);
  });

  it('adds no full stop to titles in unpunctuated browser speech, only their capital', () => {
    expect(checklist('call dr lee tomorrow and email mr chen')).toBe(
      'Work checklist\n- [ ] Call Dr Lee tomorrow\n- [ ] Email Mr Chen',
    );
    expect(tweet('email mr chen the slides etc then call sam')).toBe(
      'Email Mr Chen the slides etc then call Sam.',
    );
  });
});

describe('a title in shouted speech', () => {
  it('still capitalises the name after it', () => {
    expect(tweet('CALL DR. LEE ABOUT THE RESULTS')).toBe('Call Dr. Lee about the results.');
  });
});
