import { describe, expect, it } from 'vitest';
import { formatWithRules } from './formats/format-with-rules.js';
import { inferWithRules } from './infer.js';
import { cleanSpeech, renderSentence } from './sentences.js';

// Where unpunctuated speech (browser recognition: lower case, no punctuation) is cut into
// sentences. A tenth probe (48 notes written apart from the rules, each punctuated by hand)
// showed most of its run-on sentences going unsplit; each kind below has sentences of its own,
// and the sentences meant otherwise that must stay one.

const sentences = (text: string): string => cleanSpeech(text).map(renderSentence).join(' | ');

describe('a subject and its verb said as one word open a new sentence', () => {
  it.each([
    [
      "finally repainted the back bedroom this weekend it's the nicest room in the house now",
      "Finally repainted the back bedroom this weekend. | It's the nicest room in the house now.",
    ],
    [
      "we sold every single ticket for the quiz night we've never done that before",
      "We sold every single ticket for the quiz night. | We've never done that before.",
    ],
    [
      "booked the flights for our anniversary trip they're cheaper than i expected",
      "Booked the flights for our anniversary trip. | They're cheaper than I expected.",
    ],
    [
      "got a text from my brother he's moving back to leeds in june",
      "Got a text from my brother. | He's moving back to Leeds in June.",
    ],
  ])('%s', (text, expected) => {
    expect(sentences(text)).toBe(expected);
  });

  it('keeps a clause that describes the thing before it', () => {
    expect(sentences("i think that guy she's dating is a bit odd to be honest")).toBe(
      "I think that guy she's dating is a bit odd to be honest.",
    );
    expect(sentences("the best pizza i've ever had was in the old town")).toBe(
      "The best pizza I've ever had was in the old town.",
    );
    expect(
      sentences("what if there was a story about a keeper who guides the ships she's guiding in"),
    ).toBe("What if there was a story about a keeper who guides the ships she's guiding in?");
  });
});

describe('"it" as the subject of a new sentence', () => {
  it('splits after a thing named with its determiner', () => {
    expect(sentences('the printer in the office it keeps jamming every other page')).toBe(
      'The printer in the office. | It keeps jamming every other page.',
    );
    expect(sentences('finished the first draft of my novel it took me two years')).toBe(
      'Finished the first draft of my novel. | It took me two years.',
    );
  });

  it('keeps "it" as the object of the verb before it', () => {
    expect(sentences('companies fighting it will lose their best people')).toBe(
      'Companies fighting it will lose their best people.',
    );
    expect(sentences("i'll fix it will you help me carry the ladder")).toBe(
      "I'll fix it will you help me carry the ladder.",
    );
  });
});

describe('what a verb or a feeling says after itself stays its own', () => {
  it.each([
    [
      'i want to suggest we move stand up to ten on mondays',
      'I want to suggest we move stand up to ten on Mondays.',
    ],
    [
      'my manager thinks it would take two sprints at least',
      'My manager thinks it would take two sprints at least.',
    ],
    [
      "i'm so glad we finally went to the coast this year",
      "I'm so glad we finally went to the coast this year.",
    ],
    [
      'text the drummer to confirm he is bringing the small kit',
      'Text the drummer to confirm he is bringing the small kit.',
    ],
  ])('%s', (text, expected) => {
    expect(sentences(text)).toBe(expected);
  });
});

describe('words that lead into the clause after them', () => {
  it('keeps "instead" and a joined time phrase with their clause', () => {
    expect(
      sentences('we stop the weekly report and instead we send a short summary on fridays'),
    ).toBe('We stop the weekly report and instead we send a short summary on Fridays.');
    expect(
      sentences("i handed in my notice and in march i'm starting a new job at the hospital"),
    ).toBe("I handed in my notice and in March I'm starting a new job at the hospital.");
  });

  it('keeps a noun a demonstrative points at with the clause describing it', () => {
    expect(sentences('remember that recipe we tried at the cafe by the station')).toBe(
      'Remember that recipe we tried at the cafe by the station.',
    );
  });
});

describe('"so" meaning "very" or "too" in a long run-on', () => {
  it('does not cut the sentence there', () => {
    const text =
      'you list what you have got and it matches you with someone nearby no money involved just swapping and honestly the textbooks on my course are so expensive it is ridiculous';
    expect(sentences(text)).not.toContain('are. |');
    expect(sentences(text)).toContain('are so expensive');
    expect(
      sentences(
        'the kids in my class are burned out from all the homework and the mock exams this term and honestly so are we and i think it shows in the marks',
      ),
    ).toContain('so are we');
  });

  it('still cuts before a "so" that says what came of it', () => {
    expect(
      sentences(
        'we have been trying to get a slot at that venue in the middle of town for two years now so come down on friday night if you are around',
      ),
    ).toBe(
      'We have been trying to get a slot at that venue in the middle of town for two years now. | Come down on Friday night if you are around.',
    );
  });
});

describe('a tweet cut at "so"', () => {
  it('keeps the "so" the speaker said at the head of the next sentence', () => {
    expect(
      formatWithRules(
        "big news our band is finally playing the crown on friday the 14th doors at 8 we've been trying to get a slot there for two years so come down if you're around",
        'tweet',
        'creative',
      ),
    ).toContain("for two years. So come down if you're around.");
  });

  it('says a "so so" once', () => {
    expect(
      formatWithRules(
        "six months ago i couldn't run to the end of my street and today i ran ten k without stopping or asking for more so so proud of how far i've come",
        'tweet',
        'personal',
      ),
    ).not.toMatch(/So so/iu);
  });
});

describe('an idea said as a heading run into it', () => {
  it('heads the pitch with it and reads the note as a pitch', () => {
    const text =
      'idea a bike rack that folds flat against the wall so it takes no room in the hallway';
    expect(inferWithRules(text).format).toBe('pitch');
    expect(formatWithRules(text, 'pitch', 'personal')).toBe(
      'Idea: A bike rack that folds flat against the wall.\n\nWhy it matters: It takes no room in the hallway.',
    );
  });

  it('leaves "pitch a tent" a verb and its object', () => {
    expect(
      formatWithRules(
        'pitch a tent by the river and we can swim in the morning',
        'pitch',
        'personal',
      ),
    ).toBe('Pitch a tent by the river and we can swim in the morning.');
  });
});

describe('a remark on a task said as a sentence of its own', () => {
  it('goes with the task before it', () => {
    expect(
      formatWithRules(
        "Send the invoice to the bakery. It's 450 for the logo. Then book the dentist.",
        'checklist',
        'work',
      ),
    ).toBe(
      "Work checklist\n- [ ] Send the invoice to the bakery, it's 450 for the logo\n- [ ] Book the dentist",
    );
  });

  it('stays a task when it says one', () => {
    expect(
      formatWithRules(
        "Buy bread. It's time to book the boiler service too.",
        'checklist',
        'personal',
      ),
    ).toBe("Personal checklist\n- [ ] Buy bread\n- [ ] It's time to book the boiler service too");
  });
});

describe('sentences a review found the first version of these rules cutting wrongly', () => {
  it.each([
    [
      "i emailed the client i'm waiting to hear back from them",
      "I emailed the client. | I'm waiting to hear back from them.",
    ],
    [
      "i called the school she's picking them up at three",
      "I called the school. | She's picking them up at three.",
    ],
    ['i sent that email we can relax now', 'I sent that email. | We can relax now.'],
    ["it's not that bad we can fix it", "It's not that bad. | We can fix it."],
    [
      'the dog seems happy we should leave him with your mum',
      'The dog seems happy. | We should leave him with your mum.',
    ],
    [
      'we finally found the keys there was one under the sofa',
      'We finally found the keys. | There was one under the sofa.',
    ],
    [
      'we got pizza instead we were too tired to cook',
      'We got pizza instead. | We were too tired to cook.',
    ],
    [
      "the kids are fed and in bed i'm going to watch tv",
      "The kids are fed and in bed. | I'm going to watch TV.",
    ],
  ])('%s', (text, expected) => {
    expect(sentences(text)).toBe(expected);
  });

  it('never cuts a verb from its "it"', () => {
    expect(sentences('yesterday the dog chewed it should i throw it away')).not.toContain('|');
    expect(sentences('last night my son dropped it can you look at the screen')).not.toContain('|');
  });

  it('reads "idea a lot of ..." as said of an idea, not a heading', () => {
    const text = 'idea a lot of people have is to share cars but nobody organises it';
    expect(formatWithRules(text, 'pitch', 'personal')).not.toContain('Idea:');
    expect(inferWithRules(text).format).not.toBe('pitch');
  });
});

describe('someone named by a possessive, then what they said or did', () => {
  it.each([
    [
      "i've built a meal planner and a budget tracker and they're all beautiful my coworkers think i'm weird",
      "I've built a meal planner and a budget tracker and they're all beautiful. | My coworkers think I'm weird.",
    ],
    [
      'a song about the last bus home with a fingerpicked guitar my sister said it sounds like a lullaby',
      'A song about the last bus home with a fingerpicked guitar. | My sister said it sounds like a lullaby.',
    ],
  ])('%s', (text, expected) => {
    expect(sentences(text)).toBe(expected);
  });

  it('keeps what is told and what describes a thing in its sentence', () => {
    expect(sentences('we went for dinner with the guy my sister is dating')).toBe(
      'We went for dinner with the guy my sister is dating.',
    );
    expect(sentences('i told the teacher my son was off sick all week')).toBe(
      'I told the teacher my son was off sick all week.',
    );
    expect(sentences('we baked the cake my kids wanted')).toBe('We baked the cake my kids wanted.');
    expect(sentences('last night i finally watched the film my brother told me about')).toBe(
      'Last night I finally watched the film my brother told me about.',
    );
    expect(sentences('this weekend we tried the pub my dad said was the best in town')).toBe(
      'This weekend we tried the pub my dad said was the best in town.',
    );
    expect(sentences('after the scan the doctor confirmed my dad said he felt better')).toBe(
      'After the scan the doctor confirmed my dad said he felt better.',
    );
  });

  it('leaves a possessive after a verb its object', () => {
    expect(sentences('i need to ring my brother was he at the match')).not.toContain('|');
    expect(sentences('we need to fix our roof has been leaking for weeks')).not.toContain('|');
  });
});

describe('a hesitation between a finished clause and a new one ends a sentence', () => {
  it.each([
    [
      'deployed on a friday and nothing broke um who am i',
      'Deployed on a Friday and nothing broke. | Who am I?',
    ],
    [
      'year seven asked me today if i was alive when the romans were here um i am thirty one',
      'Year seven asked me today if I was alive when the romans were here. | I am thirty one.',
    ],
    [
      'night shift number four done um honestly the best part was the tea',
      'Night shift number four done. | Honestly the best part was the tea.',
    ],
    [
      'the dog has been sick all night um what should i do',
      'The dog has been sick all night. | What should I do?',
    ],
    [
      'i was so tired after the match uh i fell asleep on the sofa',
      'I was so tired after the match. | I fell asleep on the sofa.',
    ],
  ])('%s', (text, expected) => {
    expect(sentences(text)).toBe(expected);
  });

  it('keeps one sentence where the clause still wants what follows the hesitation', () => {
    for (const text of [
      'finally finished the sweater and it is um slightly too big',
      'the dog ran in and um knocked over the birthday cake',
      'i think um we should go to the beach today',
      'my sister told me um i should call the landlord',
      'we went to the market because um we needed eggs',
      'i need to um chase the invoice from last week',
    ]) {
      expect(sentences(text)).not.toContain('|');
    }
    // A relative clause, an adverb of manner, a clause about the thing before and a hedge
    // said after a hesitation go on with the sentence.
    for (const text of [
      'we visited my great aunt in the care home um who is ninety now',
      'the little bakery in town um which was my favourite has shut',
      'we need to take the new safety rules um seriously this time',
      'i answered every question in the interview um honestly and they offered me the job',
      'we bought them um anyway because the kids begged',
      'i keep thinking about that lovely little beach in wales um we found',
      'can you send me the address of the hotel um we stayed at',
      'we sold the old sofa on facebook um i think',
    ]) {
      expect(sentences(text)).not.toContain('|');
    }
    expect(sentences('we bought them um anyway because the kids begged')).toContain('anyway');
    // Said with punctuation, the speaker's own full stops and commas are the boundaries.
    expect(sentences('It is, um, I think the best one.')).not.toContain('|');
  });
});
