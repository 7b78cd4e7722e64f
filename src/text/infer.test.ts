import { describe, expect, it } from 'vitest';
import { formatWithRules } from './formats/format-with-rules.js';
import { inferWithRules } from './infer.js';

describe('inferWithRules, the control the learned models are scored against', () => {
  it('reads an idea announced by its kind or by a lead as a pitch', () => {
    expect(inferWithRules('podcast idea two chefs cook the same dish blindfolded')).toEqual({
      format: 'pitch',
      category: 'creative',
      confidence: 0.9,
    });
    expect(inferWithRules('Podcast idea: two chefs cook the same dish blindfolded.')).toEqual({
      format: 'pitch',
      category: 'creative',
      confidence: 0.9,
    });
    expect(
      inferWithRules(
        'hear me out we could rent a van for the whole team trip so nobody has to drive',
      ).format,
    ).toBe('pitch');
    expect(
      inferWithRules("i'd love a website where neighbours can lend each other tools").format,
    ).toBe('pitch');
    expect(
      inferWithRules(
        'I was thinking, instead of arguing about the bins, we could take turns by the week.',
      ).format,
    ).toBe('pitch');
  });

  it('reads a label or a heading with nothing after it as no pitch', () => {
    expect(inferWithRules('Proposal:').format).not.toBe('pitch');
    expect(
      inferWithRules('Short film idea. A heist where the robbers are grandmothers.'),
    ).toMatchObject({ format: 'pitch', category: 'creative' });
    expect(inferWithRules('Dogs run the house.').format).not.toBe('checklist');
  });

  it('reads things said after the name of a list as a checklist', () => {
    expect(
      inferWithRules('ok so grocery list eggs oat milk bananas spinach and coffee filters'),
    ).toMatchObject({ format: 'checklist', category: 'personal' });
    expect(inferWithRules('packing list passport chargers two books')).toMatchObject({
      format: 'checklist',
    });
    expect(
      inferWithRules(
        'grocery run tomorrow three avocados a dozen eggs greek yogurt paper towels and a bottle of olive oil',
      ),
    ).toMatchObject({ format: 'checklist', category: 'personal' });
    // The list named in a sentence of its own, its things in the next.
    expect(inferWithRules('Shopping list. Milk, eggs, bread.')).toMatchObject({
      format: 'checklist',
    });
    expect(
      inferWithRules('Things to pack for Lisbon. Passport, charger, sunscreen.'),
    ).toMatchObject({ format: 'checklist' });
    expect(
      inferWithRules('grocery list bananas oat milk frozen peas and toilet paper'),
    ).toMatchObject({ format: 'checklist' });
  });

  it('reads a story or game premise as a creative pitch, said after "idea for" or on its own', () => {
    expect(
      inferWithRules(
        'idea for a board game where every player is a city and you trade rivers and bridges to connect your neighbourhoods before the flood comes',
      ),
    ).toEqual({ format: 'pitch', category: 'creative', confidence: 0.9 });
    expect(
      inferWithRules(
        'new idea for a short film about a lighthouse keeper who answers every message in a bottle',
      ),
    ).toMatchObject({ format: 'pitch', category: 'creative' });
    expect(
      inferWithRules(
        'a card game where each player is a ghost haunting the same house and you score by scaring the guests',
      ),
    ).toMatchObject({ format: 'pitch', category: 'creative' });
  });

  it('reads "no idea for" and a past idea as no pitch', () => {
    expect(
      inferWithRules('I had no idea for the team lunch so I just ordered pizza again.').format,
    ).toBe('tweet');
    expect(inferWithRules("Every business idea I've had this year flopped, lol.").format).toBe(
      'tweet',
    );
  });

  it('reads a public thank-you as a tweet whatever the people thanked did', () => {
    expect(
      inferWithRules('shout out to the barista who remembered my order and drew a cat on it')
        .format,
    ).toBe('tweet');
  });

  it('reads standups, retros, syncs and async updates as work, however long they run', () => {
    expect(
      inferWithRules(
        'So, um, the problem with our standups is that they run forty minutes. People zone out. I think we should do them async in Slack, so that everyone can read updates when it suits them.',
      ),
    ).toEqual({ format: 'pitch', category: 'work', confidence: 0.9 });
    expect(inferWithRules('our sprint retro keeps running over').category).toBe('work');
    expect(
      inferWithRules('the weekly sync keeps running over and nobody reads the notes').category,
    ).toBe('work');
    // A run on its own is still the speaker's.
    expect(inferWithRules('finally ran my first 10k without stopping').category).toBe('personal');
  });

  it('reads family as personal, and beating them at cards as no music', () => {
    expect(
      inferWithRules('my grandmother turned ninety today and she still beat all of us at cards'),
    ).toMatchObject({ format: 'tweet', category: 'personal' });
    expect(inferWithRules('my grandad still beats me at chess').category).toBe('personal');
    expect(inferWithRules("my nephew's first birthday party is on sunday")).toMatchObject({
      format: 'tweet',
      category: 'personal',
    });
    expect(inferWithRules('my stepdad taught the toddler to wave at the bin lorry').category).toBe(
      'personal',
    );
    // A beat as a noun is still music.
    expect(
      inferWithRules('we need a new beat for the chorus and the last track is too long').category,
    ).toBe('creative');
  });

  it('counts a possessive as the word itself: "our band\'s" votes for creative', () => {
    expect(inferWithRules("our band's recording a new song next month").category).toBe('creative');
  });

  it('reads a shoot or a zine to prepare as creative, whatever its batteries and emails', () => {
    expect(
      inferWithRules(
        'For the wedding shoot on saturday I need to charge the flash, pack the tripod and clean the lens.',
      ),
    ).toMatchObject({ format: 'checklist', category: 'creative' });
    expect(
      inferWithRules(
        'Collage night prep. Email Sam about the scanner, cut up the old magazines, and glue the collage pages by Friday.',
      ).category,
    ).toBe('creative');
    // An everyday word still decides when nothing else is said.
    expect(inferWithRules('Made dinner for everyone tonight and nobody complained.').category).toBe(
      'personal',
    );
  });

  it('reads a band announcing a show with an invitation as a tweet, not tasks', () => {
    expect(
      inferWithRules(
        'we are playing the old mill this friday night doors at eight so come down and bring your friends',
      ).format,
    ).toBe('tweet');
    expect(
      inferWithRules(
        'our first gig at the blue lamp is tomorrow night doors at nine so come along and bring your mates',
      ),
    ).toMatchObject({ format: 'tweet', category: 'creative' });
  });

  it('keeps "come back" and "join the ..." as tasks', () => {
    expect(
      inferWithRules('pick up the dry cleaning then come back home and feed the cat').format,
    ).toBe('checklist');
    expect(inferWithRules('join the gym, book a trainer and buy new running shoes').format).toBe(
      'checklist',
    );
  });

  it('reads a small moment told in the first person as personal, never as a clear answer', () => {
    const moment = inferWithRules(
      'The bus driver waited for me this morning even though I was late, and it honestly made my day.',
    );
    expect(moment).toMatchObject({ format: 'tweet', category: 'personal' });
    expect(moment.confidence).toBeLessThan(0.7);
    // Told of no one, it belongs to no category.
    expect(inferWithRules('The printer on the third floor is broken again.').category).toBe(null);
  });

  it("reads an app for one's own plants as personal: the app and the snapshot do not vote", () => {
    expect(
      inferWithRules(
        'what if there was an app where you snap a photo of your houseplants and it reminds you when to repot them because my plants keep dying',
      ),
    ).toMatchObject({ format: 'pitch', category: 'personal' });
    expect(
      inferWithRules('an app that helps restaurants fill empty tables at lunch').category,
    ).toBe('work');
    expect(inferWithRules('I finally printed the photo series for the gallery.').category).toBe(
      'creative',
    );
  });

  it('reads "you play a ..." in a pitch as a game, but not "you play a part"', () => {
    expect(
      inferWithRules(
        'what if you play a lighthouse keeper on a tiny island and every ship you guide in brings a new rumour so you decide which ones to pass on',
      ),
    ).toMatchObject({ format: 'pitch', category: 'creative' });
    expect(
      inferWithRules(
        'what if you play a part in choosing the next hire so the whole team gets a say',
      ).category,
    ).toBe('work');
  });

  it('reads a video call and a phone camera as everyday things, not video work', () => {
    expect(
      inferWithRules(
        'What if there was a service that sets up a video call with your grandma and fixes the camera on her tablet for her?',
      ),
    ).toMatchObject({ format: 'pitch', category: 'personal' });
    expect(inferWithRules("recording a video for the band's new song this weekend").category).toBe(
      'creative',
    );
  });

  it('reads "can we all agree that ... should ..." as a complaint, "can we agree on" as not', () => {
    expect(
      inferWithRules(
        'can we all agree that printers should just work, because I lost an hour to a paper jam today',
      ).format,
    ).toBe('tweet');
    expect(
      inferWithRules(
        'can we agree on a date for the offsite, because we should book the venue this week',
      ).format,
    ).toBe('pitch');
  });

  it('reads "I want to suggest to ... that we try ..." as a pitch, however many steps follow', () => {
    expect(
      inferWithRules(
        'i want to suggest to priya that we try a four day week over the summer, track how many tickets we close, check in with the team every friday, and drop it if the numbers fall',
      ).format,
    ).toBe('pitch');
    expect(
      inferWithRules(
        'I want to suggest three things for Monday: book the room, order lunch and send the invites.',
      ).format,
    ).toBe('checklist');
  });

  it('counts the tasks said after "before that"', () => {
    expect(
      inferWithRules(
        "Rosie's vet appointment is Tuesday at 10. Before that I have to find her lead, buy the treats she likes, and wash the blanket 'cause last time was a mess.",
      ),
    ).toMatchObject({ format: 'checklist', category: 'personal' });
    expect(inferWithRules('After the meeting I think it went fine honestly.').format).toBe('tweet');
  });

  it('counts twice what an opening "for the ..." says the tasks are for', () => {
    expect(
      inferWithRules('For the offsite I need to book the flight and pack the laptop.'),
    ).toEqual({ format: 'checklist', category: 'work', confidence: 0.9 });
    // Said later, it is one more word.
    expect(
      inferWithRules('I need to book the flight for the offsite and pack the laptop.').category,
    ).toBe(null);
  });

  it('reads a labelled proposal and "let\'s" changing how the team works, with a reason, as a pitch', () => {
    expect(
      inferWithRules(
        "Proposal for the team: let's, uh, rotate who runs the retro every sprint so nobody gets stuck with it.",
      ),
    ).toMatchObject({ format: 'pitch', category: 'work' });
    expect(
      inferWithRules("Proposal: let's move standup to ten so people can drop their kids off."),
    ).toMatchObject({ format: 'pitch', category: 'work' });
    expect(
      inferWithRules(
        "let's switch code reviews to mornings so nobody waits a whole day for feedback",
      ).format,
    ).toBe('pitch');
    // A plan, and a proposal told of, are no pitch.
    expect(inferWithRules("let's grab lunch on friday").format).not.toBe('pitch');
    expect(inferWithRules('The proposal got rejected today, gutted.').format).toBe('tweet');
  });

  it('reads news announced as a tweet, over the idea it tells of', () => {
    expect(
      inferWithRules(
        "Big announcement: our podcast, uh, hit episode one hundred this week! Like, we never thought we'd make it past ten.",
      ),
    ).toMatchObject({ format: 'tweet', category: 'creative' });
    expect(inferWithRules('big news for the team: the launch moved to may').format).toBe('tweet');
    expect(inferWithRules('We did it! The app hit ten thousand downloads.').format).toBe('tweet');
    // A number to reach, or a milestone given as a reason, still pitches.
    expect(
      inferWithRules(
        'what if the app pinged you when you hit ten thousand steps because nobody walks enough',
      ).format,
    ).toBe('pitch');
    expect(
      inferWithRules('Our newsletter hit two thousand readers so we should start charging for it.')
        .format,
    ).toBe('pitch');
  });

  it('reads dishes after a menu, and things after "... ideas for X:", as a checklist', () => {
    const menu =
      'dinner party menu roast chicken lemon potatoes green salad and that chocolate tart from the bakery';
    expect(inferWithRules(menu)).toMatchObject({
      format: 'checklist',
      category: 'personal',
    });
    expect(formatWithRules(menu, 'checklist', 'personal')).toBe(
      'Dinner party menu\n- [ ] Roast chicken\n- [ ] Lemon potatoes\n- [ ] Green salad\n- [ ] That chocolate tart from the bakery',
    );
    expect(
      inferWithRules('picnic menu garlic bread fruit salad apple pie and ice cubes').format,
    ).toBe('checklist');
    expect(inferWithRules('what a menu').format).toBe('tweet');
    expect(inferWithRules('the menu at that new place was amazing').format).toBe('tweet');
    expect(
      inferWithRules(
        'Gift ideas for Mum: the pottery class, a silk scarf, or that cookbook she wanted.',
      ),
    ).toMatchObject({ format: 'checklist', category: 'personal' });
    expect(
      inferWithRules('birthday ideas for Sam: a climbing day, concert tickets, or a new watch')
        .format,
    ).toBe('checklist');
    // One idea named by its kind is still pitched.
    expect(inferWithRules('podcast idea two chefs cook the same dish blindfolded').format).toBe(
      'pitch',
    );
  });

  it('reads a note to self as private: tasks or a proposal, never a tweet', () => {
    expect(
      inferWithRules(
        'Note to self: stop checking email before ten. It ruins the whole morning. Talk to Sam about it.',
      ).format,
    ).toBe('checklist');
    const statement = inferWithRules('Note to self: the blue mug is mine.');
    expect(statement.format).toBe('checklist');
    expect(statement.confidence).toBeLessThan(0.7);
    expect(
      inferWithRules(
        'Note to self: what if we moved the standup to ten so people can drop their kids off?',
      ).format,
    ).toBe('pitch');
  });

  it('reads a joke about the fridge one has as a tweet, "a community fridge" as an idea', () => {
    expect(
      inferWithRules(
        "My cat has figured out how to open the fridge. So I guess I live with a roommate now who doesn't pay rent.",
      ).format,
    ).toBe('tweet');
    expect(
      inferWithRules(
        'What if every street had a community fridge, because so much food gets thrown away?',
      ).format,
    ).toBe('pitch');
  });

  it('reads "Pitch:" as a label that puts forward what follows', () => {
    expect(
      inferWithRules('Pitch: a smart water bottle that reminds you to drink every hour.').format,
    ).toBe('pitch');
    expect(inferWithRules('The pitch went well.').format).toBe('tweet');
  });

  it('reads a new role as work', () => {
    expect(
      inferWithRules(
        "So, um, big news. After three years at Northwind I'm starting a new role at Brightline next month.",
      ),
    ).toMatchObject({ format: 'tweet', category: 'work' });
  });

  it('reads a new thing that replaces what people do now as a pitch, a task with "instead of" as a task', () => {
    expect(
      inferWithRules(
        'i want to start a tool library in our neighborhood where people can borrow ladders drills and lawn mowers instead of buying them because most people only use that stuff a couple times a year',
      ).format,
    ).toBe('pitch');
    expect(inferWithRules('use the app instead of the spreadsheet and call sam').format).toBe(
      'checklist',
    );
  });

  it('reads news about a list, a list of one thing and "my pitch" told as news as tweets', () => {
    for (const text of [
      'My reading list is getting long. Three new novels this week.',
      'Our wedding guest list. Two hundred people.',
      'My pitch, honestly, bombed today.',
    ]) {
      expect(inferWithRules(text).format).toBe('tweet');
    }
  });

  it('reads "instead of" told as done as no pitch, and "Pitch, a ..." as one', () => {
    expect(inferWithRules('we watched a movie instead of going out tonight').format).toBe('tweet');
    expect(inferWithRules('book a show instead of dinner and buy the tickets').format).toBe(
      'checklist',
    );
    expect(inferWithRules('Pitch, a subscription box for new parents.').format).toBe('pitch');
    expect(inferWithRules('Shopping list. Milk eggs bread.').format).toBe('checklist');
  });
});

describe('inference a third probe found', () => {
  it('reads a packing list with "don\'t forget" as a checklist', () => {
    expect(
      inferWithRules(
        "So for the camping trip I need to pack, uh, the tent, sleeping bags, the headlamp, um, bug spray, and, I mean, a first aid kit. And don't forget the camp stove.",
      ).format,
    ).toBe('checklist');
  });

  it('reads a thing one wants to make, named as an idea, as a pitch', () => {
    expect(
      inferWithRules(
        'I want to make an album where, um, every song is named after a, uh, a street in the town I grew up in. Kind of a map you can listen to.',
      ),
    ).toMatchObject({ format: 'pitch', category: 'creative' });
    expect(inferWithRules('I want to make dinner tonight.').format).not.toBe('pitch');
  });

  it('reads what a change would bring, after "if we", as a pitch', () => {
    expect(
      inferWithRules(
        "Basically, uh, our customers keep asking for, you know, an export to CSV button. If we add it to the reports page, um, I think we'd cut support tickets by like a third.",
      ),
    ).toMatchObject({ format: 'pitch', category: 'work' });
    // An app is made for anything: what it is for decides.
    expect(
      inferWithRules('app idea a chore chart for the family where the kids earn points').category,
    ).toBe('personal');
  });
});

describe("the third probe's inference rules, narrowed where a review found them too wide", () => {
  it('reads a hypothetical after "if we" and a thought not to forget as no pitch or list', () => {
    expect(
      inferWithRules('if we had a dog it would be total chaos in this apartment haha').format,
    ).toBe('tweet');
    expect(inferWithRules("If we win tonight we could make the finals, let's go!").format).toBe(
      'tweet',
    );
    expect(inferWithRules("Don't forget how far you've come this year.").format).toBe('tweet');
    expect(inferWithRules("Don't forget the reason you started.").format).toBe('tweet');
  });
});

describe("inference the fourth batch's review found too narrow", () => {
  it('reads a fact not to forget as a task and "if we raised prices" as a proposal', () => {
    expect(inferWithRules("Don't forget that the dentist moved to Thursday.").format).toBe(
      'checklist',
    );
    expect(
      inferWithRules(
        'if we raised prices by ten percent we would still keep most customers and cover the new rent',
      ).format,
    ).toBe('pitch');
  });
});

describe('the people one works for, and ideas named as a way to earn', () => {
  it('reads a client, a customer or a patient as the speaker at work', () => {
    for (const text of [
      'Um, so a client just asked me if I could make the logo "pop more" but also, like, "more minimal." And I\'m just sitting here staring at the wall.',
      'finished the loft conversion in walthamstow today six weeks start to finish and the client made us all bacon sandwiches proper result',
      'eleven hours on the tills today and a man shouted at me because we ran out of the meal deal crisps',
      'proposal for the english department we swap one lesson a fortnight for silent reading where the kids choose anything',
    ]) {
      expect(inferWithRules(text).category).toBe('work');
    }
    // A role word said of a thing is no person at work.
    expect(
      inferWithRules(
        'The mural on Baker Street is finally done. Six weeks, forty cans of spray paint, and one very patient landlord.',
      ).category,
    ).toBe('creative');
    expect(
      inferWithRules('We spent the whole day at the department store with the kids').category,
    ).toBe('personal');
    // Patient as a virtue, someone else's boss, a story's characters and a game's boss.
    for (const text of [
      'our dog is so patient with the new kitten',
      "my husband's boss invited us to a barbecue on sunday",
      'my novel is about a nurse and her patients during the war',
      'the final boss in the game took me three hours',
    ]) {
      expect(inferWithRules(text).category).not.toBe('work');
    }
  });

  it('reads an idea named as a way to earn as work', () => {
    expect(
      inferWithRules(
        'side hustle idea um ironing service for busy parents and we collect the shirts on monday and bring them back on wednesday',
      ),
    ).toMatchObject({ format: 'pitch', category: 'work' });
  });
});

describe('an idea said to be one before its steps', () => {
  it('reads a kind of idea or a "what if" said first as a pitch, whatever tasks follow', () => {
    for (const text of [
      "okay so game idea it's like a cozy farming game but you're a ghost so you have to possess the animals to do the chores possess a cow to knock over the fence and the villagers think the farm is haunted",
      'what if the practice ran a puppy club on saturday mornings for new owners basic training socialising and we do the first vaccinations there too and charge twenty five pounds a session',
      'podcast idea where i interview the regulars at the cafe just five minutes each while they wait for their order call it small talk and play it in the shop',
      "So, uh, here's what I'm thinking for the bakery. We partner with the brewery next door and take their spent grain, make a spent grain loaf, and sell it at both places.",
      'i reckon we could do a sourdough club like a bread subscription for the locals you pay for four weeks up front and pick it up every saturday',
      "i want to write a children's book about a crossword puzzle that's missing one word and it goes all around the newspaper asking for it",
    ]) {
      expect(inferWithRules(text).format).toBe('pitch');
    }
  });

  it('reads an idea whose thing is described by a participle as a pitch', () => {
    expect(
      inferWithRules(
        'okay idea for a flash day in october like a whole sheet of tiny haunted house plants a cactus with a little ghost face fifty bucks each',
      ).format,
    ).toBe('pitch');
  });

  it('keeps news of what something did a tweet', () => {
    for (const text of [
      'a fox killed chickens at the farm next door',
      'a storm flattened fences across the whole village last night',
      'So, um, a van delivered parcels to the wrong house again. Annoying.',
    ]) {
      expect(inferWithRules(text).format).toBe('tweet');
    }
  });

  it('keeps a feeling said big a tweet', () => {
    expect(
      inferWithRules(
        "Finally finished the hanging installation for the Crown Hotel. It looks exactly like the sketch, so I'm so proud I could cry.",
      ).format,
    ).toBe('tweet');
  });

  it('keeps a worry, an exclamation, a plan and a treat said the same way what they are', () => {
    expect(
      inferWithRules('What if it rains tomorrow? Bring umbrellas, pack the tent and call the taxi.')
        .format,
    ).toBe('checklist');
    expect(
      inferWithRules('Imagine being that tired. Anyway, buy milk, call mum and book the dentist.')
        .format,
    ).toBe('checklist');
    expect(
      inferWithRules("Here's what I'm thinking for dinner: pasta, salad and garlic bread.").format,
    ).not.toBe('pitch');
    expect(inferWithRules('I think we should open a bottle of wine tonight').format).not.toBe(
      'pitch',
    );
    expect(
      inferWithRules('i reckon we could do a barbecue on saturday if the weather holds').format,
    ).not.toBe('pitch');
    expect(inferWithRules('i want to write a letter to my nan about the holiday').format).not.toBe(
      'pitch',
    );
  });
});
