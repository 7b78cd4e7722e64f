import { describe, expect, it } from 'vitest';
import { inferWithRules } from '../infer.js';
import { cleanSpeech, renderSentence } from '../sentences.js';
import { formatWithRules } from './format-with-rules.js';

// Lists and ideas as a tenth probe (48 browser-style notes written apart from the rules) showed
// them said: tasks counted aloud, a task's verb after a time, numbered things, a feeling about
// a task, an idea mused on. Each kind has sentences of its own and sentences meant otherwise.

const checklist = (text: string): string => formatWithRules(text, 'checklist', 'personal');
const lines = (...parts: string[]): string => parts.join('\n');

describe('tasks counted aloud', () => {
  it('starts a task at each count and drops the count', () => {
    expect(
      checklist(
        'things for monday one email the supplier about the late order two book the van three ring the landlord about the boiler',
      ),
    ).toBe(
      lines(
        'Things for Monday',
        '- [ ] Email the supplier about the late order',
        '- [ ] Book the van',
        '- [ ] Ring the landlord about the boiler',
      ),
    );
    expect(
      checklist(
        'Jobs for the weekend. First, clear the gutters. Second, fix the shed door. Third, take the bottles to the tip.',
      ),
    ).toBe(
      lines(
        'Jobs for the weekend',
        '- [ ] Clear the gutters',
        '- [ ] Fix the shed door',
        '- [ ] Take the bottles to the tip',
      ),
    );
  });

  it('names the list "to do" said first', () => {
    expect(checklist('To do tomorrow. One, send the rota. Two, chase payroll.')).toBe(
      lines('To do tomorrow', '- [ ] Send the rota', '- [ ] Chase payroll'),
    );
  });

  it('leaves numbers that count things, and words that only look like counts', () => {
    expect(checklist('buy one loaf two pints of milk and three apples')).toBe(
      lines(
        'Grocery list',
        '- [ ] Buy one loaf',
        '- [ ] Buy two pints of milk',
        '- [ ] Buy three apples',
      ),
    );
    expect(checklist('first aid kit second hand bike and a third chair')).toBe(
      lines(
        'Personal checklist',
        '- [ ] First aid kit',
        '- [ ] Second hand bike',
        '- [ ] A third chair',
      ),
    );
  });
});

describe("a task's verb after a time, a weekday or a thing", () => {
  it('starts the next task', () => {
    expect(checklist('pick up the kids at 3:30 drop off the library books')).toBe(
      lines(
        'Personal checklist',
        '- [ ] Pick up the kids at 3:30',
        '- [ ] Drop off the library books',
      ),
    );
    expect(
      checklist('take the car in for its service on tuesday ring margaret about the bridge club'),
    ).toBe(
      lines(
        'Personal checklist',
        '- [ ] Take the car in for its service on Tuesday',
        '- [ ] Ring Margaret about the bridge club',
      ),
    );
    expect(
      checklist('cancel the internet at the old place set it up at the new one buy boxes'),
    ).toBe(
      lines(
        'Personal checklist',
        '- [ ] Cancel the internet at the old place',
        '- [ ] Set it up at the new one',
        '- [ ] Buy boxes',
      ),
    );
  });

  it('keeps a noun after a determiner, and an offer, whole', () => {
    expect(checklist('meet at the 3:30 drop off point')).toBe(
      lines('Personal checklist', '- [ ] Meet at the 3:30 drop off point'),
    );
    expect(checklist('buy two get one free and pick up the kids')).toBe(
      lines('Personal checklist', '- [ ] Buy two get one free', '- [ ] Pick up the kids'),
    );
  });
});

describe('numbers that name which of a thing', () => {
  it('keeps "chapters 4 and 5" one task', () => {
    expect(checklist('email my tutor about the extension and read chapters 4 and 5')).toBe(
      lines(
        'Personal checklist',
        '- [ ] Email my tutor about the extension',
        '- [ ] Read chapters 4 and 5',
      ),
    );
  });
});

describe("the speaker's feeling about a task", () => {
  it('goes with the task, "I" kept', () => {
    expect(checklist('Buy the tickets. I love doing this. Then pack the bags.')).toBe(
      lines(
        'Personal checklist',
        '- [ ] Buy the tickets, I love doing this',
        '- [ ] Pack the bags',
      ),
    );
  });

  it('never takes a task said after it', () => {
    expect(
      checklist('restring the guitar buy spare cables i always forget those print the set list'),
    ).toContain('print the set list');
    expect(checklist('Buy the tickets. I love doing this. Then pack the bags.')).not.toContain(
      '- [ ] I love',
    );
  });
});

describe('a remark of what is going on or what was done', () => {
  it('goes with its task', () => {
    expect(checklist("email Sam, he's waiting on the invoice")).toContain(
      "- [ ] Email Sam, he's waiting on the invoice",
    );
    expect(
      checklist(
        "review priya's proposal and give her feedback she's been waiting a week book the room for june",
      ),
    ).toContain("- [ ] Give her feedback, she's been waiting a week");
    expect(checklist("text sam back about the weekend i've been ignoring him for 3 days")).toBe(
      lines(
        'Personal checklist',
        "- [ ] Text Sam back about the weekend, I've been ignoring him for 3 days",
      ),
    );
  });

  it('stays a task when it says one, or says what is to come', () => {
    expect(checklist("Call the plumber. I've got to fix the sink too.")).toContain(
      '- [ ] Fix the sink too',
    );
    expect(checklist("Buy bread. It's going to rain. Take the washing in.")).toContain(
      "- [ ] It's going to rain",
    );
  });
});

describe('a clause without its object describes the thing before it', () => {
  it('keeps "the holiday we had in wales" one sentence', () => {
    const sentences = (text: string): string[] => cleanSpeech(text).map(renderSentence);
    expect(sentences('i keep thinking about the holiday we had in wales')).toEqual([
      'I keep thinking about the holiday we had in Wales.',
    ]);
    expect(sentences('i walked the dog we had lunch at the pub')).toEqual([
      'I walked the dog.',
      'We had lunch at the pub.',
    ]);
  });
});

describe('an idea mused on or put to the world', () => {
  it.each([
    'i keep thinking about a tool that reads your commit history and writes the release notes for you',
    "i've been thinking about an app that tells you which bins go out this week",
    'someone should start a swap shop at the school gate for uniforms kids have grown out of',
    'somebody should put lockers at the train station where local farms can leave veg boxes',
  ])('%s', (text) => {
    expect(inferWithRules(text).format).toBe('pitch');
  });

  it.each([
    'i keep thinking about the holiday we had in wales',
    'i keep thinking about a game we played as kids',
    'someone should tell him to stop',
  ])('not: %s', (text) => {
    expect(inferWithRules(text).format).not.toBe('pitch');
  });
});

describe('sentences a review found the first version of these rules reading wrongly', () => {
  it('keeps counts of things, labels and "the first" as said', () => {
    expect(checklist('we need one pack of nappies two tins of beans and three loaves')).toBe(
      lines(
        'Personal checklist',
        '- [ ] One pack of nappies',
        '- [ ] Two tins of beans',
        '- [ ] Three loaves',
      ),
    );
    expect(checklist('the first clean was quick the second clean took ages')).toContain(
      'the second clean took ages',
    );
    expect(checklist('chapter one read the intro chapter two answer the questions')).toContain(
      'chapter two',
    );
  });

  it('keeps a time said first, and a thing that is the subject, with their words', () => {
    expect(checklist('at 3:30 drop off the parcel at the post office')).toBe(
      lines('Personal checklist', '- [ ] At 3:30 drop off the parcel at the post office'),
    );
    expect(checklist('today walk was long and muddy')).toBe(
      lines('Personal checklist', '- [ ] Today walk was long and muddy'),
    );
  });

  it('parts a number that counts a thing of its own', () => {
    expect(checklist('buy eggs 6 and 2 loaves of bread')).toContain('- [ ] Buy 2 loaves of bread');
  });

  it('joins only a feeling about the task', () => {
    expect(checklist('Pay the gas bill, I love the new kitchen')).toContain(
      '- [ ] I love the new kitchen',
    );
  });

  it.each([
    'someone should give that dog a bath',
    'someone should cut the grass',
    'thinking about a story that my gran told me',
    'i keep thinking about a song that was on the radio',
    'thinking about a club for my son to join',
  ])('reads no pitch in: %s', (text) => {
    expect(inferWithRules(text).format).not.toBe('pitch');
  });

  it('cuts before "we had to ..." ', () => {
    const sentences = (text: string): string[] => cleanSpeech(text).map(renderSentence);
    expect(sentences('i lost the keys we had to call a locksmith')).toEqual([
      'I lost the keys.',
      'We had to call a locksmith.',
    ]);
  });
});

describe('a job said by its own words', () => {
  it('reads a teacher photocopying as work', () => {
    expect(
      inferWithRules(
        'the printer is broken again so i have been photocopying worksheets at the library',
      ).category,
    ).toBe('work');
  });

  it.each([
    'helped my daughter with her maths worksheet tonight',
    'we painted our kitchen sage green this weekend',
    'need to check the opening hours of the swimming pool for the kids',
  ])('leaves family life out of work: %s', (text) => {
    expect(inferWithRules(text).category).not.toBe('work');
  });
});

describe('a new thing turned over after "I have been thinking"', () => {
  it.each([
    "i've been thinking we could start a walking football group for the over 60s on sunday mornings",
    "there's an empty lot behind the church and i've been thinking it'd make a lovely community garden",
  ])('reads as a pitch: %s', (text) => {
    expect(inferWithRules(text).format).toBe('pitch');
  });

  it.each([
    'thinking we should make a cake for mum',
    'i was thinking we could run a bath for the kids',
    "i've been thinking we should go home early today",
  ])('not: %s', (text) => {
    expect(inferWithRules(text).format).not.toBe('pitch');
  });
});

describe('a list named by what is to be done, with a remark on a task', () => {
  it('reads as a checklist', () => {
    const text =
      "things to do before monday mark the year 9 essays there's about 30 of them print the worksheets for the trip and email mr patel about the permission slips";
    expect(inferWithRules(text).format).toBe('checklist');
    expect(checklist(text)).toBe(
      lines(
        'Things to do before Monday',
        "- [ ] Mark the year 9 essays, there's about 30 of them",
        '- [ ] Print the worksheets for the trip',
        '- [ ] Email Mr Patel about the permission slips',
      ),
    );
  });
});

describe('a Whisper-style list with its counts and adverbs behind commas', () => {
  it('names the list, drops the count and keeps an adverb after "to" with its verb', () => {
    expect(
      checklist(
        'Okay, stuff for tomorrow. Um, first, review the pull request. Then, uh, update the docs.',
      ),
    ).toBe(lines('Stuff for tomorrow', '- [ ] Review the pull request', '- [ ] Update the docs'));
    expect(
      checklist('I need to, like, finally update the deployment docs. And book the room.'),
    ).toBe(lines('Personal checklist', '- [ ] Update the deployment docs', '- [ ] Book the room'));
  });

  it('still starts a task at a sequence word said before its verb', () => {
    expect(checklist('book the van then call the landlord finally pay the deposit')).toBe(
      lines(
        'Personal checklist',
        '- [ ] Book the van',
        '- [ ] Call the landlord',
        '- [ ] Pay the deposit',
      ),
    );
  });
});

describe("a task's verb among a sentence's other things and tasks", () => {
  const items = (text: string): string[] =>
    formatWithRules(text, 'checklist', 'personal')
      .split('\n')
      .filter((line) => line.startsWith('- [ ] '))
      .map((line) => line.slice('- [ ] '.length));

  it('is not put before things listed after it with commas', () => {
    // Things first, a task dropped in: the things after it are the list's.
    expect(
      items('Tent pegs, the mallet, fill the water carrier, firelighters, and a torch.'),
    ).toEqual(['Tent pegs', 'The mallet', 'Fill the water carrier', 'Firelighters', 'A torch']);
    // Tasks listed with commas: what follows one after a comma is the sentence's next piece.
    expect(items('Mop the floor, restock the napkins, straws, lids, and wipe the tables.')).toEqual(
      ['Mop the floor', 'Restock the napkins', 'Straws', 'Lids', 'Wipe the tables'],
    );
  });

  it('is still the things\' when they are joined to it, or it is the last task said with "and"', () => {
    expect(items('Buy tape and bubble wrap, and ring the landlord.')).toEqual([
      'Buy tape',
      'Buy bubble wrap',
      'Ring the landlord',
    ]);
    expect(items('Mop the floor, and buy bleach, sponges, and gloves.')).toEqual([
      'Mop the floor',
      'Buy bleach',
      'Buy sponges',
      'Buy gloves',
    ]);
  });
});

describe('a list said without pauses, around "one" and a reason', () => {
  const items = (text: string): string[] =>
    formatWithRules(text, 'checklist', 'personal')
      .split('\n')
      .filter((line) => line.startsWith('- [ ] '))
      .map((line) => line.slice('- [ ] '.length));

  it('reads "the steel one" as the thing said before it, not a count of a new one', () => {
    expect(
      items('grab the saw and the ladder the steel one not the wooden one two dust sheets'),
    ).toEqual([
      'Grab the saw',
      'Grab the ladder the steel one not the wooden one',
      'Grab two dust sheets',
    ]);
  });

  it('keeps a reason whole to its end, a time in it included', () => {
    expect(items("renew the parking permit, because they're checking cars this week.")).toEqual([
      "Renew the parking permit, because they're checking cars this week",
    ]);
  });
});
