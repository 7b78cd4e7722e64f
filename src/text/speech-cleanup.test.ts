import { describe, expect, it } from 'vitest';
import { formatWithRules } from './formats/format-with-rules.js';

function tweet(transcript: string): string {
  return formatWithRules(transcript, 'tweet', 'personal');
}

/** A checklist's items, without the title line and the boxes. */
function items(transcript: string): string[] {
  return formatWithRules(transcript, 'checklist', 'personal')
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^- \[ \] /u, ''));
}

describe('commas around a removed filler', () => {
  it.each([
    [
      'Okay, so, um, I need to buy, uh, 2 bags of potting soil',
      'I need to buy 2 bags of potting soil.',
    ],
    [
      "I just got my first, um, pull request merged into React and I'm, like, shaking right now.",
      "I just got my first pull request merged into React and I'm shaking right now.",
    ],
    [
      'My dad was an old, uh, taxi driver in the city.',
      'My dad was an old taxi driver in the city.',
    ],
    [
      "I told my boss I'm, um, going part-time next month.",
      "I told my boss I'm going part-time next month.",
    ],
    ['The office feels, you know, grey and empty.', 'The office feels grey and empty.'],
    ['Put it in the, um, blue folder.', 'Put it in the blue folder.'],
    [
      'Our code reviews take, like, three days on average.',
      'Our code reviews take three days on average.',
    ],
    ['It took us, like, eight months.', 'It took us eight months.'],
    ['Pizza is actually, uh, great.', 'Pizza is actually great.'],
    ['I need to pick up, um, eggs, milk, and bread.', 'I need to pick up eggs, milk, and bread.'],
  ])('go when the words either side belong together: %s', (transcript, expected) => {
    expect(tweet(transcript)).toBe(expected);
  });

  it.each([
    ['We went to Paris, um, and it rained', 'We went to Paris, and it rained.'],
    ['I need eggs, um, milk, and bread', 'I need eggs, milk, and bread.'],
    [
      '92,000 words, um, two years, and one very patient cat.',
      '92,000 words, two years, and one very patient cat.',
    ],
    [
      'Hot take, uh, TypeScript did more for my sleep than anything',
      'Hot take, TypeScript did more for my sleep than anything.',
    ],
    ['In 2019, um, the team grew', 'In 2019, the team grew.'],
    ['I need twenty, um, thirty chairs', 'I need twenty, thirty chairs.'],
    ['it was really good, um, we went back', 'It was really good, we went back.'],
    ["I'm, um, I don't know", "I'm, I don't know."],
  ])('one stays where the speaker meant it: %s', (transcript, expected) => {
    expect(tweet(transcript)).toBe(expected);
  });

  it('leaves no stray comma in checklist items', () => {
    expect(items('Okay, so, um, I need to buy, uh, 2 bags of potting soil')).toEqual([
      'Buy 2 bags of potting soil',
    ]);
    expect(items('Call, um, the dentist and book, uh, a table')).toEqual([
      'Call the dentist',
      'Book a table',
    ]);
    expect(items('pick up the kids, um, call mom, and buy milk')).toEqual([
      'Pick up the kids',
      'Call mom',
      'Buy milk',
    ]);
  });
});

describe('"like" after an "also" that opens a clause', () => {
  it('is a filler before a verb or a subject', () => {
    expect(tweet('oh and also like cancel the netflix subscription')).toBe(
      'Also cancel the Netflix subscription.',
    );
    expect(items('oh and also like cancel the netflix subscription')).toEqual([
      'Cancel the Netflix subscription',
    ]);
    expect(tweet('and also like we need more chairs')).toBe('Also we need more chairs.');
  });

  it.each([
    ['I also like coffee', 'I also like coffee.'],
    ['we also like hiking', 'We also like hiking.'],
    ['I would also like to travel', 'I would also like to travel.'],
    ['it also looks like rain', 'It also looks like rain.'],
    ['we also like cancel things sometimes', 'We also like cancel things sometimes.'],
  ])('is meant after a subject: %s', (transcript, expected) => {
    expect(tweet(transcript)).toBe(expected);
  });
});

describe('brand names', () => {
  it('are written as the brand writes them', () => {
    expect(tweet('buy stuff on amazon and cancel spotify')).toBe(
      'Buy stuff on Amazon and cancel Spotify.',
    );
    expect(tweet('my iphone died so I watched youtube and tiktok all night')).toBe(
      'My iPhone died so I watched YouTube and TikTok all night.',
    );
    expect(tweet("netflix's new show is great")).toBe("Netflix's new show is great.");
    expect(
      items('update my linkedin, pay the plumber on paypal, and post the photos on instagram'),
    ).toEqual(['Update my LinkedIn', 'Pay the plumber on PayPal', 'Post the photos on Instagram']);
  });

  it('keep a lower-case first letter at the start of a sentence', () => {
    expect(tweet('iphone broke again')).toBe('iPhone broke again.');
  });

  it('leave ordinary words and a spelling the speaker chose alone', () => {
    expect(tweet('we hit our target and picked an apple before the zoom call on slack')).toBe(
      'We hit our target and picked an apple before the zoom call on slack.',
    );
    expect(tweet('my iPhone and Youtube')).toBe('My iPhone and Youtube.');
  });
});

/** A pitch's hook: its first paragraph. */
function hook(transcript: string): string {
  return formatWithRules(transcript, 'pitch', 'personal').split('\n')[0] as string;
}

describe('words said again to restart a phrase', () => {
  it.each([
    [
      'Huge thank you to Dr. Patel and the whole, uh, the whole maternity team.',
      'Huge thank you to Dr. Patel and the whole maternity team.',
    ],
    ["An empty inbox, that's, uh, that's the dream.", "An empty inbox, that's the dream."],
    [
      'We, uh, we shipped it today and the, the team was amazing',
      'We shipped it today and the team was amazing.',
    ],
    ['We need to, to finish the report', 'We need to finish the report.'],
    ['We need to talk about, about the new slot.', 'We need to talk about the new slot.'],
    ["It's been raining since, since Monday", "It's been raining since Monday."],
    ['Can you, can you send it?', 'Can you send it?'],
    ['can you can you send the file', 'Can you send the file?'],
    ['Do we, do we need a permit?', 'Do we need a permit?'],
    ['I think I, I think we should go', 'I think we should go.'],
    // Emphasis said again stays, whatever came between.
    ['It was very, um, very hard', 'It was very, very hard.'],
    ['in the, in the morning we go', 'In the morning we go.'],
    ['we we shipped it and the the team cheered', 'We shipped it and the team cheered.'],
    ['we moved the whole the whole team', 'We moved the whole team.'],
    // A phrase begun again and carried further the second time.
    [
      'Each night a different, uh, a different century sails past.',
      'Each night a different century sails past.',
    ],
    ['I love the beach, uh, the beach at night.', 'I love the beach at night.'],
    [
      'Why does every, um, every airline charge for bags?',
      'Why does every airline charge for bags?',
    ],
  ])('leave the second copy only: %s', (transcript, expected) => {
    expect(tweet(transcript)).toBe(expected);
  });

  it('leave the pitch hook whole', () => {
    expect(hook("An empty inbox, that's, uh, that's the dream.")).toBe(
      "An empty inbox, that's the dream.",
    );
    expect(hook('We, uh, we shipped it today and the, the team was amazing')).toBe(
      'We shipped it today and the team was amazing.',
    );
  });

  it('leave checklist items whole', () => {
    expect(items('Call the, uh, the dentist and book a, a table')).toEqual([
      'Call the dentist',
      'Book a table',
    ]);
  });

  it.each([
    ['It was very, very good', 'It was very, very good.'],
    ['We said no, no, no.', 'We said no, no, no.'],
    ['bye bye everyone', 'Bye bye everyone.'],
    ['knock knock who is there', 'Knock knock who is there.'],
    ['it was so so good, really really good', 'It was so so good, really really good.'],
    ['I had had enough', 'I had had enough.'],
    ['make sure that that works', 'Make sure that that works.'],
    ['I love it, it works', 'I love it, it works.'],
    [
      "It's not about the money, the money will come",
      "It's not about the money, the money will come.",
    ],
    ['Hold on, on second thought, skip it', 'Hold on, on second thought, skip it.'],
    ['We bought the house, uh, the house is huge.', 'We bought the house, the house is huge.'],
    // Before a verb the copy may be the subject of news; both stay rather than lose a word.
    [
      'We bought the house, uh, the house needs a lot of work.',
      'We bought the house, the house needs a lot of work.',
    ],
    ['I emailed my boss, um, my boss replied.', 'I emailed my boss, my boss replied.'],
    // After a pause alone, a phrase said again is the next thing of a list.
    ['Pick up a cake, a cake stand and candles.', 'Pick up a cake, a cake stand and candles.'],
  ])('stay when they were meant twice: %s', (transcript, expected) => {
    expect(tweet(transcript)).toBe(expected);
  });
});

describe('a dropped "you know?" tag', () => {
  it.each([
    ['Mondays are hard, you know?', 'Mondays are hard.', 'Mondays are hard.'],
    [
      "It's been a long week, you know? But we made it.",
      "It's been a long week. But we made it.",
      "It's been a long week.",
    ],
    ["It's great, you know what I mean? Really.", "It's great. Really.", "It's great."],
  ])('leaves a statement with a full stop: %s', (transcript, expected, expectedHook) => {
    expect(tweet(transcript)).toBe(expected);
    expect(hook(transcript)).toBe(expectedHook);
  });

  it.each([
    ['Can you send it, you know?', 'Can you send it?'],
    ['So, can you send it, you know?', 'Can you send it?'],
    ['Is this right?', 'Is this right?'],
    ["It's done, right?", "It's done, right?"],
  ])('leaves a question its question mark: %s', (transcript, expected) => {
    expect(tweet(transcript)).toBe(expected);
  });

  it('leaves checklist items without the tag', () => {
    expect(items('Book the venue, you know? And send the invites.')).toEqual([
      'Book the venue',
      'Send the invites',
    ]);
  });
});

describe('words said again on purpose', () => {
  it.each([
    ['The door code is 4 5 4 5.', 'The door code is 4 5 4 5.'],
    [
      'Call the plumber at five five five, one two one two.',
      'Call the plumber at five five five, one two one two.',
    ],
    ['Thank you thank you so much', 'Thank you thank you so much.'],
    ['Let it go let it go', 'Let it go let it go.'],
    [
      'We finally bought the house, uh, the house is huge.',
      'We finally bought the house, the house is huge.',
    ],
    ['Send it to Dave, uh, Dave will review it.', 'Send it to Dave, Dave will review it.'],
    ["I'd seen it before, before it was cool.", "I'd seen it before, before it was cool."],
    ['Ask what it was about, about a week ago.', 'Ask what it was about, about a week ago.'],
    ['We talked about, about 20 minutes.', 'We talked about, about 20 minutes.'],
    ['Can you? Can you?', 'Can you? Can you?'],
  ])('keeps %s', (transcript, expected) => {
    expect(formatWithRules(transcript, 'tweet', 'work').replace(/ #\S+/gu, '')).toBe(expected);
  });
});

describe('streets and quarters in lower-case speech', () => {
  it('capitalises a street named after a word of place, and a quarter', () => {
    expect(tweet('meet sarah at the coffee shop on main street at ten')).toBe(
      'Meet Sarah at the coffee shop on Main Street at ten.',
    );
    expect(tweet('we hit our q3 targets')).toBe('We hit our Q3 targets.');
  });

  it('leaves a road or a lane that is no name', () => {
    expect(tweet('turn left on the main road')).toBe('Turn left on the main road.');
    expect(tweet('walk down the road and go up one lane')).toBe(
      'Walk down the road and go up one lane.',
    );
  });
});

describe('initials, shops and names in lower-case speech', () => {
  it('writes them as they are written', () => {
    expect(
      formatWithRules(
        'call the gp about my prescription then book the mot and get milk from tesco',
        'checklist',
        'personal',
      ),
    ).toContain(
      '- [ ] Call the GP about my prescription\n- [ ] Book the MOT\n- [ ] Get milk from Tesco',
    );
    expect(tweet('gerald from the pub said the nhs is struggling')).toBe(
      'Gerald from the pub said the NHS is struggling.',
    );
  });

  it('leaves a word that is also a name in lower case after a determiner', () => {
    expect(tweet('we planted a lily by the pond')).toBe('We planted a lily by the pond.');
  });
});

describe('a quote closed after the full stop', () => {
  it('keeps the closing quote or bracket with the sentence it closes', () => {
    expect(
      tweet(
        'A client asked me to make the logo "pop more" but also "more minimal." And I sat there.',
      ),
    ).toBe('A client asked me to make the logo "pop more" but also "more minimal." I sat there.');
    expect(tweet('I love this (so much.) Anyway, off to bed.')).toBe(
      'I love this (so much.) Off to bed.',
    );
    expect(tweet('And she said, "Are you sure?" Like, I\'m 41, Maddie.')).toBe(
      'She said, "Are you sure?" I\'m 41, Maddie.',
    );
    // A quote opened in the next sentence stays its own.
    expect(tweet('He said hi. "Hello" was all she said.')).toBe(
      'He said hi. "Hello" was all she said.',
    );
  });

  it('leaves no closing quote behind in a part whose opening quote went', () => {
    const pitch = formatWithRules(
      'So my boss goes, "We need this by Friday." And I am like, okay, sure.',
      'pitch',
      'work',
    );
    expect(pitch).toContain('We need this by Friday.');
    expect(pitch).not.toContain('Friday"');
    expect(
      formatWithRules(
        'She looked at me and said "Are you sure?" Then she left.',
        'pitch',
        'personal',
      ),
    ).toContain('"Are you sure?"');
    expect(items('Like, the quote was "Stay hungry, stay foolish." Which, okay.')).not.toContain(
      'Stay foolish"',
    );
  });
});

describe('places and names in lower-case speech', () => {
  it('writes towns, districts, countries and names with their capitals', () => {
    expect(
      tweet('sold my first painting today at the market in hebden bridge and seamus bought one'),
    ).toBe('Sold my first painting today at the market in Hebden Bridge and Seamus bought one.');
    expect(tweet('two weeks in tenerife then a flat in peckham')).toBe(
      'Two weeks in Tenerife then a flat in Peckham.',
    );
    expect(tweet('we drove from geelong to the lake district of new zealand')).toBe(
      'We drove from Geelong to the Lake District of New Zealand.',
    );
  });

  it('leaves a place that is also a word as said', () => {
    expect(tweet('had a bath and some reading then a nice turkey sandwich')).toBe(
      'Had a bath and some reading then a nice turkey sandwich.',
    );
    expect(tweet('i bought a new jersey for the match and some mason jars')).toBe(
      'I bought a new jersey for the match and some mason jars.',
    );
    expect(tweet('stop tooting your own horn and get a paisley shirt')).toBe(
      'Stop tooting your own horn and get a paisley shirt.',
    );
  });
});
