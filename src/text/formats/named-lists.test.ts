import { describe, expect, it } from 'vitest';
import { inferWithRules } from '../infer.js';
import { cleanSpeech, renderSentence } from '../sentences.js';
import { formatWithRules } from './format-with-rules.js';

// Speech that a ninth probe (sixty notes written apart from the rules) showed going wrong: lists
// named before their things, ideas named before a long topic, corrections and fillers said
// inside a phrase. Each kind has sentences meant otherwise that must stay as they were.

const checklist = (text: string): string => formatWithRules(text, 'checklist', 'personal');
const lines = (...parts: string[]): string => parts.join('\n');
const cleaned = (text: string): string => cleanSpeech(text).map(renderSentence).join(' ');
const format = (text: string): string | null => inferWithRules(text).format;

describe('a list named before its things', () => {
  it('reads a heading sentence and the things after it as a checklist titled by the heading', () => {
    const packing =
      "Packing for Spain. Passports, obviously. Sun cream, the factor 50. Adapters, the kids' iPads and chargers.";
    expect(format(packing)).toBe('checklist');
    expect(checklist(packing)).toBe(
      lines(
        'Packing for Spain',
        '- [ ] Passports, obviously',
        '- [ ] Sun cream, the factor 50',
        '- [ ] Adapters',
        "- [ ] The kids' iPads",
        '- [ ] Chargers',
      ),
    );
    const baby =
      "Okay, baby stuff. Um, nappies, size 3, no, size 4, she's grown. Wipes, the Aldi ones are fine. Uh, Calpol.";
    expect(format(baby)).toBe('checklist');
    expect(checklist(baby)).toBe(
      lines(
        'Baby stuff',
        "- [ ] Nappies, size 4, she's grown",
        '- [ ] Wipes, the Aldi ones are fine',
        '- [ ] Calpol',
      ),
    );
    expect(
      format(
        'Okay, stuff for Monday. Um, do the schedule for next week, order more paper bags, uh, the large ones, and sort out the new register.',
      ),
    ).toBe('checklist');
  });

  it('keeps news about a list, a heading with a verb and one thing under a name as tweets', () => {
    expect(format('Our wedding guest list. Two hundred people.')).toBe('tweet');
    // Under a heading, what is said of how things are or went is no thing of a list.
    for (const text of [
      'Baby stuff. So tired. Zero sleep last night.',
      'Work stuff. Long day. Great team though.',
      'Holiday stuff. Beautiful beach. Amazing food. Would go again.',
      'Things to do in Lisbon. Amazing city. Great food. Lovely people.',
      'Packing for Spain. So excited. Three weeks of sunshine.',
      'Packing for the hospital. Bag ready. Car seat fitted. Any day now.',
      'The guest list. Two hundred people. Way too many.',
      'Favourite things. Coffee. Rainy mornings. Good books.',
      'Wine list. Incredible. Best I have seen in years.',
    ]) {
      expect(format(text)).toBe('tweet');
    }
    expect(format('Stuff for the new flat. Kettle. Toaster. Bin bags.')).toBe('checklist');
    // Named by a bag or with its things in the same breath.
    expect(
      format(
        "nappy bag for sunday at mum's in geelong so nappies the size two ones wipes the spare onesie two bottles and the formula tin",
      ),
    ).toBe('checklist');
    expect(
      format(
        'shopping list for saturday um rice the big bag palm oil two tins of tomato paste and plantain the ripe ones not the green ones',
      ),
    ).toBe('checklist');
    expect(
      format(
        'Packing list for the camping trip: tent, sleeping bags, headlamps, the blue cooler, sunscreen.',
      ),
    ).toBe('checklist');
    expect(
      format('For training Wednesday. Cones, the bag of size fours, bibs. Text the parents.'),
    ).toBe('checklist');
    // When something happened, and how a thing is now, are no things to get.
    expect(format('Baby stuff. So tired. Zero sleep last night.')).toBe('tweet');
    expect(format('Packing for the hospital. Bag ready. Car seat fitted. Any day now.')).toBe(
      'tweet',
    );
    expect(format('For real. Best night ever. Great people.')).toBe('tweet');
    // "For the boys." dedicates a post; news of a bag names no list; a list with a remark after
    // its things is still a list.
    for (const text of [
      'For the match. Two nil. Get in.',
      'For the win. Three goals, one assist, man of the match.',
      'For the kids. Pancakes, cartoons, pyjamas all day. Best Sunday.',
      'my nappy bag for sunday broke so annoying',
      'the laptop bag for work split on the train',
    ]) {
      expect(format(text)).toBe('tweet');
    }
    expect(format('shopping list for tesco milk eggs bread and we are out of coffee')).toBe(
      'checklist',
    );
    expect(format('Stuff for the baby. Cot, changing mat, moses basket, crib bed.')).toBe(
      'checklist',
    );
    // How many, how long and when tell how a day went.
    for (const text of [
      'Party stuff. Twelve kids. Two hours. One very tired mum.',
      'Wedding stuff. Two hundred guests. Venue in June. Budget blown.',
      'Uni stuff. Exam Monday. Essay due Friday. No sleep.',
    ]) {
      expect(format(text)).toBe('tweet');
    }
    expect(format('Fun stuff happened today. We went to the zoo and saw the penguins.')).toBe(
      'tweet',
    );
    expect(format('Things I love. My kids, coffee, and sleep.')).not.toBe('checklist');
  });

  it('reads what an unpunctuated list is for before its things', () => {
    expect(format("grocery list for trader joe's milk eggs bread and bananas")).toBe('checklist');
    expect(checklist('grocery list for saturday milk eggs bread')).toBe(
      lines('Grocery list for Saturday', '- [ ] Milk', '- [ ] Eggs', '- [ ] Bread'),
    );
    const lakes =
      "packing for the lake district so sleeping bags head torches the little gas stove and the spare canister wellies for the kids and don't forget the dog's lead";
    expect(format(lakes)).toBe('checklist');
    expect(checklist(lakes)).toBe(
      lines(
        'Packing for the Lake District',
        '- [ ] Sleeping bags',
        '- [ ] Head torches',
        '- [ ] The little gas stove',
        '- [ ] The spare canister wellies for the kids',
        "- [ ] Don't forget the dog's lead",
      ),
    );
    // An owner said first holds its word; an occasion goes with its kind, and so does its day.
    expect(checklist("shopping list for tom's party crisps and juice")).toBe(
      lines("Shopping list for Tom's party", '- [ ] Crisps', '- [ ] Juice'),
    );
    expect(checklist('grocery list for sunday brunch eggs bacon pancakes')).toBe(
      lines('Grocery list for Sunday brunch', '- [ ] Eggs', '- [ ] Bacon', '- [ ] Pancakes'),
    );
    expect(checklist('packing for the school trip lunchbox water bottle')).toBe(
      lines('Packing for the school trip', '- [ ] Lunchbox', '- [ ] Water bottle'),
    );
    // A "so" that says how many is no list's start.
    expect(format('packing for the weekend so many bags')).toBe('tweet');
    // Named in a sentence of its own, the list's name keeps all its words.
    expect(checklist('Packing list for the camping trip. Tent, stove, and matches.')).toBe(
      lines('Packing list for the camping trip', '- [ ] Tent', '- [ ] Stove', '- [ ] Matches'),
    );
  });

  it('keeps a remark on the thing before it with that thing', () => {
    expect(checklist("Buy nappies, she's grown.")).toBe(
      lines('Personal checklist', "- [ ] Buy nappies, she's grown"),
    );
    // "the big one is" said of the thing; "the blue one, buy it" orders something.
    expect(checklist('Get a new kettle, the old one is broken.')).toBe(
      lines('Personal checklist', '- [ ] Get a new kettle, the old one is broken'),
    );
    // Said in a sentence of its own, it may be of anything: the task before keeps its words.
    expect(checklist('Call mum. The old one was better. Book the dentist.')).not.toContain(
      'Call mum, the old one',
    );
    // "the bread" is a thing of its own; "the warm one" says which.
    expect(checklist('Shopping list. Milk, the bread. Eggs.')).toBe(
      lines('Shopping list', '- [ ] Milk', '- [ ] The bread', '- [ ] Eggs'),
    );
    expect(checklist('Things to pack. Coat, the warm one. Boots.')).toBe(
      lines('Things to pack', '- [ ] Coat, the warm one', '- [ ] Boots'),
    );
  });

  it('makes a reminder after "and" a task, and nothing else said after "and don\'t"', () => {
    expect(checklist("Pack the car and don't forget the dog's lead")).toBe(
      lines('Packing list', '- [ ] Pack the car', "- [ ] Don't forget the dog's lead"),
    );
    expect(checklist("buy the tickets and don't know which seats yet")).toBe(
      lines('Personal checklist', "- [ ] Buy the tickets and don't know which seats yet"),
    );
    expect(format("Great day at the beach and don't forget the sun cream next time lol")).toBe(
      'tweet',
    );
  });
});

describe('an idea named before a long topic', () => {
  it('reads "idea for" or "proposal for" and its topic, then the idea, as a pitch', () => {
    expect(
      format(
        'Okay, idea for the mural on Carver Street. Um, a giant whale swimming through the old factory smokestacks. And it could all light up at night.',
      ),
    ).toBe('pitch');
    expect(
      format(
        "idea for the wall by the community centre um a big mural of all the people who have run the market over the years and we could get the kids from st mary's to paint the leaves",
      ),
    ).toBe('pitch');
    expect(
      format(
        'proposal for the ward um a ten minute huddle at the start of every shift where we flag the high risk patients and we trial it for a month',
      ),
    ).toBe('pitch');
    // News of an idea, or a verdict on it, follows its name too.
    for (const text of [
      'Idea for the community garden on Elm Road. Council said no.',
      'Idea for the office Christmas party this year. Nobody liked it.',
      'idea for the team a total failure nobody turned up',
      'idea for the logo a bit rubbish honestly',
      'proposal for the budget a five percent cut across the board was rejected today',
    ]) {
      expect(format(text)).toBe('tweet');
    }
  });

  it('reads a kind of work and who it is about as a creative pitch, and a work seen as news', () => {
    expect(
      inferWithRules(
        'kids book about a sock who gets lost in the washing machine and finds a whole city of lost socks and he has to choose between going home or staying with his new friends',
      ),
    ).toMatchObject({ format: 'pitch', category: 'creative' });
    expect(format('film about a dog made me cry')).toBe('tweet');
    expect(format('book about a girl I met at uni came out today')).toBe('tweet');
    // A plot said to say which one was seen, read or heard.
    for (const text of [
      'Film about a man who loses his memory. Absolutely loved it. Five stars.',
      'Film about a guy who trains dogs. Saw it last night. Meh.',
      'Podcast where two comedians review bad films. Highly recommend.',
      'Song about a girl who left town. Been stuck in my head all day.',
      'Series about a detective who cannot remember faces. Season two is out today.',
    ]) {
      expect(format(text)).not.toBe('pitch');
    }
  });
});

describe('corrections and fillers inside a phrase', () => {
  it('puts "three times" in the place of "twice", and a number said again with its name', () => {
    expect(
      cleaned(
        'I need to fix the chart colours, rehearse it twice, scratch that, three times, and book the room.',
      ),
    ).toBe('I need to fix the chart colours, rehearse it three times, and book the room.');
    expect(cleaned('call mum twice no three times this week')).toBe(
      'Call mum three times this week.',
    );
    expect(cleaned("Nappies, size 3, no, size 4, she's grown.")).toBe(
      "Nappies, size 4, she's grown.",
    );
    expect(cleaned('gate 12 no gate 14 for the flight')).toBe('Gate 14 for the flight.');
    expect(cleaned('Size 10 no size 12 no size 14.')).toBe('Size 14.');
  });

  it('keeps a "no" that answers, or opens news, as said', () => {
    expect(cleaned('Size 3, no, size 4 is too big.')).toBe('Size 3, no, size 4 is too big.');
    expect(cleaned('Did we win? No, we lost.')).toBe('Did we win? No, we lost.');
  });

  it('drops the commas that only framed a filler inside a phrase', () => {
    expect(cleaned('The windows on the building become, like, bubbles.')).toBe(
      'The windows on the building become bubbles.',
    );
    expect(cleaned('Sourdough attempt number, uh, nine, and it finally has an open crumb.')).toBe(
      'Sourdough attempt number nine, and it finally has an open crumb.',
    );
    // A comma the speaker said between things stays.
    expect(cleaned('Passports, uh, sun cream, and the adapters.')).toBe(
      'Passports, sun cream, and the adapters.',
    );
  });
});

describe('tasks and what is said of them in a run of tasks', () => {
  it('starts a task at a verb after "and actually", and keeps a compound whole', () => {
    expect(
      checklist(
        'things to do this week finish the stats problem set for wednesday email doctor harris about the extension and like actually start the essay on the cold war',
      ),
    ).toBe(
      lines(
        'Things to do this week',
        '- [ ] Finish the stats problem set for Wednesday',
        '- [ ] Email doctor harris about the extension',
        '- [ ] Actually start the essay on the cold war',
      ),
    );
    expect(
      checklist(
        'Before the demo I need to fix the chart colours, seed the database with the fake customers, and book the room.',
      ),
    ).toBe(
      lines(
        'Before the demo',
        '- [ ] Fix the chart colours',
        '- [ ] Seed the database with the fake customers',
        '- [ ] Book the room',
      ),
    );
    // A thing of a list is no verb, and how much of it is said after it goes with it.
    expect(checklist('Shopping list: bird seed, the big bag, and milk.')).toBe(
      lines('Shopping list', '- [ ] Bird seed, the big bag', '- [ ] Milk'),
    );
  });

  it('starts a task at a task verb said after a pause for thought', () => {
    expect(
      checklist(
        'admin stuff um invoice greenleaf chase the october payment and renew adobe before friday',
      ),
    ).toBe(
      lines(
        'Admin stuff',
        '- [ ] Invoice greenleaf',
        '- [ ] Chase the October payment',
        '- [ ] Renew adobe before Friday',
      ),
    );
    expect(
      checklist('prep list for tonight make the jus uh portion the hake for twenty covers'),
    ).toBe(
      lines(
        'Prep list for tonight',
        '- [ ] Make the jus',
        '- [ ] Portion the hake for twenty covers',
      ),
    );
    // After "to" the hesitation is inside the task.
    expect(checklist('tomorrow i need to um chase the invoice from last week')).toBe(
      lines('Tomorrow', '- [ ] Chase the invoice from last week'),
    );
    expect(checklist('make the bed um do the laundry')).toContain('- [ ] Do the laundry');
    // What a causative verb has someone do, or gets done, is the same task.
    for (const text of [
      'help mum um move the sofa on saturday',
      'make the kids um clean their rooms',
      'let sam um pick the restaurant',
      'get my hair um cut on friday',
    ]) {
      expect(checklist(text).split('\n')).toHaveLength(2);
    }
    // After a list's name, a word that names a thing is no verb for the things after it.
    for (const text of [
      'school things um book bags pencil cases and a ruler',
      'packing stuff um charge cables passport and tickets',
      'shopping um post it notes pens and staples',
    ]) {
      expect(checklist(text)).not.toMatch(
        /- \[ \] (?:Book|Charge|Post) (?:pencil|passport|staples)/u,
      );
    }
  });

  it('keeps hearsay, a hedged remark and what a thing is not with the task before', () => {
    expect(
      checklist(
        "Things to do for the zine. Scan the collages, find a printer that does risograph, I think there's one in Peckham, and set up the Instagram page.",
      ),
    ).toBe(
      lines(
        'Things to do for the zine',
        '- [ ] Scan the collages',
        "- [ ] Find a printer that does risograph, I think there's one in Peckham",
        '- [ ] Set up the Instagram page',
      ),
    );
    expect(checklist('Get boxes from the Tesco by the station, they said they have loads.')).toBe(
      lines(
        'Personal checklist',
        '- [ ] Get boxes from the Tesco by the station, they said they have loads',
      ),
    );
    expect(checklist('Book the big conference room. Not the small one, the big one.')).toBe(
      lines(
        'Personal checklist',
        '- [ ] Book the big conference room, not the small one, the big one',
      ),
    );
    // What someone said that asks for something is a task of its own.
    expect(checklist('Book the van. She said to call the depot first.')).toContain('\n- [ ] ');
    expect(checklist('Book the van. She said to call the depot first.')).not.toContain(
      'Book the van, she said',
    );
  });
});

describe('a pitch headed by the kind of idea', () => {
  const pitch = (text: string): string => formatWithRules(text, 'pitch', 'creative');

  it('tells the premise after a story or game named first, and says no clause twice', () => {
    const game = pitch(
      'okay so game idea you are a pigeon in london and the whole thing is you have to steal chips from tourists without getting caught by the seagulls and each level is a different borough and at the end you fight the big boss seagull on top of the shard',
    );
    expect(game.startsWith('Game idea: You are a pigeon in London')).toBe(true);
    expect(game.match(/big boss seagull/gu)).toHaveLength(1);
  });

  it('keeps what is reckoned with "I reckon" in one clause', () => {
    const studio = formatWithRules(
      'what if we turned the back room into a recording studio i reckon we could apply to the lottery fund for eight grand',
      'pitch',
      'work',
    );
    expect(studio).toContain('I reckon we could apply to the lottery fund');
    expect(studio).not.toContain('I reckon.');
    // "bet" as a noun ends its clause.
    expect(checklist('i lost the bet we have to buy the drinks on friday')).toContain(
      '- [ ] Buy the drinks on Friday',
    );
  });

  it('heads the idea with a long topic said in a sentence of its own', () => {
    expect(
      pitch(
        "Idea for the wall outside the shop. A big mural of, um, a heron standing in the Liffey. I'd get the lads to do a section each.",
      ).startsWith(
        'Idea for the wall outside the shop: A big mural of a heron standing in the Liffey.',
      ),
    ).toBe(true);
    // News of the idea after it names no heading.
    expect(pitch('Idea for the community garden on Elm Road. Council said no.')).not.toContain(
      'Elm Road: Council',
    );
  });

  it('heads the idea with what it is for when the heading runs into it', () => {
    expect(
      formatWithRules(
        'proposal for the ward um a ten minute huddle at the start of every shift where we flag the high risk patients and we trial it for a month',
        'pitch',
        'work',
      ).startsWith(
        'Proposal for the ward: A ten minute huddle at the start of every shift where we flag the high risk patients.',
      ),
    ).toBe(true);
    expect(
      pitch(
        'short film idea one long take of a family dinner where everyone is lying about something',
      ),
    ).toBe(
      'Short film idea: One long take of a family dinner where everyone is lying about something.',
    );
  });
});
