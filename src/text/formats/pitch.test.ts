import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_MAX_CHARS } from '#contract/limits.js';
import { codePointLength } from '../sentences.js';
import { formatWithRules } from './format-with-rules.js';
import { PITCH_HOOK_MAX_CHARS } from './pitch/hook.js';

const pitch = (text: string, category: 'work' | 'personal' | 'creative' = 'work'): string =>
  formatWithRules(text, 'pitch', category);

function section(output: string, label: string): string {
  return output.split('\n').find((line) => line.startsWith(`${label}: `)) ?? '';
}

describe('pitch: clauses the speech engine or the splitter cut apart', () => {
  it('ends a hook too long for its line where a clause starts and tells the rest after it', () => {
    const output = pitch(
      'story idea an old lighthouse keeper opens a tea shop on a windy island and the only customer who comes back every day is a girl who wants to sail to iceland uh it is about friendship',
      'creative',
    );
    const [hook, , premise] = output.split('\n');
    expect(hook).toBe('Story idea: An old lighthouse keeper opens a tea shop on a windy island.');
    expect(premise?.toLowerCase()).toContain('a girl who wants to sail to iceland');
    expect(output).not.toContain('…');
  });

  it('keeps whole spoken sentences in a part, so a later detail is not dropped', () => {
    const output = pitch(
      "I'd like to propose we close the office on Fridays, at least until the lease ends. Right now half the desks sit empty every Friday. We'd keep one team day on Tuesdays so people still meet, and we can review it after a quarter.",
    );
    expect(output.split('\n')[0]).toBe(
      "I'd like to propose we close the office on Fridays, at least until the lease ends.",
    );
    expect(output).toContain('Tuesdays');
    expect(output).toContain('after a quarter');
  });

  it('puts a relative clause said without "that" back with its noun', () => {
    const output = pitch(
      'what if our building had a shared freezer for big batches and you just label your boxes because nobody needs a chest freezer they fill once a year',
      'personal',
    );
    expect(section(output, 'Problem')).toBe(
      'Problem: Nobody needs a chest freezer they fill once a year.',
    );
    expect(output).not.toContain('Solution: They fill');
  });

  it('reads "right now" inside a clause as its own words, at its start as the problem', () => {
    const output = pitch(
      'we should build a page that shows which desks are free right now using the badge readers we already have because half the desks are booked and nobody comes in',
    );
    expect(output.split('\n')[0]).toBe(
      'We should build a page that shows which desks are free right now using the badge readers we already have.',
    );
    expect(section(output, 'Problem')).toBe(
      'Problem: Half the desks are booked and nobody comes in.',
    );
    expect(
      section(
        pitch('We should build a desk board. Right now people wander around looking for a desk.'),
        'Problem',
      ),
    ).toBe('Problem: Right now people wander around looking for a desk.');
  });

  it('puts an object back with its verb and a subject back with its verb', () => {
    expect(
      pitch(
        'What if your calendar had an assistant that reads your week and suggests, um, two free evenings you can keep for yourself?',
        'personal',
      ),
    ).toBe(
      'What if your calendar had an assistant that reads your week and suggests two free evenings you can keep for yourself?',
    );
    expect(
      pitch(
        "Here's an idea for a card game. Everyone's a rival gardener, and you plant your beds with hex tiles, but the slugs, uh, wander into other players' beds.",
        'creative',
      ),
    ).toBe(
      [
        "Idea for a card game: Everyone's a rival gardener.",
        '',
        "You plant your beds with hex tiles, but the slugs wander into other players' beds.",
      ].join('\n'),
    );
  });

  it('keeps a list of steps and what leans on them as the sentence that was said', () => {
    const output = pitch(
      'I think we should build a help bot for new starters. It would show them the wiki, introduce them to one person per team, and answer the questions nobody wants to ask. It would cut setup time by half.',
    );
    // What the bot would do has no cue of a part: it stays unlabelled, whole.
    expect(output.split('\n')[2]).toBe(
      'It would show them the wiki, introduce them to one person per team, and answer the questions nobody wants to ask.',
    );
    expect(section(output, 'Why it matters')).toBe(
      'Why it matters: It would cut setup time by half.',
    );
    expect(section(output, 'Problem')).toBe('');
  });

  it('leads a condition into its clause and keeps a short coda with what it adds to', () => {
    const output = pitch(
      'I want to propose quiet Fridays. Right now engineers get two hours of focus a day. If we protect one full day, we ship faster.',
    );
    expect(section(output, 'Why it matters')).toBe(
      'Why it matters: If we protect one full day, we ship faster.',
    );
    expect(section(output, 'Solution')).toBe('');
    expect(
      section(
        pitch(
          'What if your bread bin told you what to bake before things go stale? Because I throw away so much bread. Whole loaves of it.',
          'personal',
        ),
        'Problem',
      ),
    ).toBe('Problem: I throw away so much bread. Whole loaves of it.');
  });

  it('leaves a clause of its own where it was, however it is joined', () => {
    expect(
      pitch(
        'we should build a booking page for the gym it would save the front desk an hour a day',
      ),
    ).toBe(
      [
        'We should build a booking page for the gym.',
        '',
        'Why it matters: It would save the front desk an hour a day.',
      ].join('\n'),
    );
    expect(pitch('an app that tells the owner the dog needs a walk', 'personal')).toBe(
      'An app that tells the owner the dog needs a walk.',
    );
  });
});

describe('pitch: the hook and the parts', () => {
  it('keeps the words that put the idea forward when the rest cannot stand alone', () => {
    expect(pitch('I propose a shared calendar so that nobody double books the van.')).toBe(
      ['I propose a shared calendar.', '', 'Why it matters: Nobody double books the van.'].join(
        '\n',
      ),
    );
    expect(
      pitch(
        'So, the idea is to paint the old bus shelter with the kids from the youth club. Each kid gets one panel, the council pays for the paint, and we reveal it in May, at the spring market.',
      ),
    ).toBe(
      [
        'The idea is to paint the old bus shelter with the kids from the youth club.',
        '',
        'Each kid gets one panel, the council pays for the paint, and we reveal it in May, at the spring market.',
      ].join('\n'),
    );
  });

  it('tells what others keep saying, run on after the idea, unlabelled: one "never" names no part', () => {
    const output = pitch(
      'so i want to suggest to sam that we try quiet mornings for a month the support team keeps saying they never get time to write docs',
    );
    expect(output.split('\n')[0]).toBe(
      'I want to suggest to Sam that we try quiet mornings for a month.',
    );
    expect(output.split('\n')[2]).toBe(
      'The support team keeps saying they never get time to write docs.',
    );
    expect(section(output, 'Problem')).toBe('');
  });

  it('reads a reason with no gain in it as the problem, and leaves a "still" alone unlabelled', () => {
    const output = pitch(
      'What if a volunteer set up video calls for care home residents? Someone visits once and sets up the tablet. My dad still holds the phone upside down.',
      'personal',
    );
    expect(section(output, 'Problem')).toBe('');
    expect(output).toContain('My dad still holds the phone upside down.');
    expect(
      section(
        pitch(
          'an app that waters the balcony plants because i have killed four basil plants this summer',
          'personal',
        ),
        'Problem',
      ),
    ).toBe('Problem: I have killed four basil plants this summer.');
  });

  it('does not take "still" or a gain after "because" for a problem', () => {
    const output = pitch(
      'We could keep one live call on Thursdays so people still see each other. We should do it because it saves everyone an hour a week.',
    );
    expect(section(output, 'Problem')).toBe('');
    expect(section(output, 'Why it matters')).toContain('People still see each other.');
  });
});

describe('pitch: parts chosen by what a clause says, with no cue word before it', () => {
  it('reads a pain as the problem and what people would gain as why it matters', () => {
    const output = pitch(
      "Side project idea: a browser extension that, like, hides the price until you've waited 24 hours. Impulse buying is, uh, ruining my bank account. It'd save people real money.",
    );
    expect(output).toBe(
      [
        "Side project idea: A browser extension that hides the price until you've waited 24 hours.",
        '',
        'Problem: Impulse buying is ruining my bank account.',
        "Why it matters: It'd save people real money.",
      ].join('\n'),
    );
    expect(
      section(
        pitch(
          'What if we put all the docs in one wiki? Our docs are scattered across four tools. New hires would stop pinging Rachel with the same questions.',
        ),
        'Why it matters',
      ),
    ).toBe('Why it matters: New hires would stop pinging Rachel with the same questions.');
  });

  it('keeps a want and the "but" that thwarts it as one sentence, and a price under no label', () => {
    const output = pitch(
      "Plant club idea. A plant swap club for the building. People want rare plants but they cost like eighty dollars each. We'd swap cuttings between members.",
      'personal',
    );
    expect(output.split('\n').slice(2)).toEqual([
      "People want rare plants but they cost like eighty dollars each. We'd swap cuttings between members.",
    ]);
  });

  it('gives a pain said plainly the problem, and a plan with no cue of its part no label', () => {
    const output = pitch(
      'I think we should try a shared grocery run. Delivery fees are ruining us. Each week one neighbour would shop for three houses. It would help everyone save an hour.',
      'personal',
    );
    expect(section(output, 'Problem')).toBe('Problem: Delivery fees are ruining us.');
    expect(section(output, 'Solution')).toBe('');
    expect(output).toContain('\n\nEach week one neighbour would shop for three houses.\n');
    expect(section(output, 'Why it matters')).toBe(
      'Why it matters: It would help everyone save an hour.',
    );
  });

  it('reads a film idea as a premise without labels', () => {
    expect(
      pitch(
        'Film idea: a heist where the robbers are all grandmothers, and, um, the vault is a bingo hall.',
      ),
    ).toBe(
      [
        'Film idea: A heist where the robbers are all grandmothers.',
        '',
        'The vault is a bingo hall.',
      ].join('\n'),
    );
  });
});

describe('pitch: the hook is the idea', () => {
  it('keeps "or anyone who ..." in the hook it was said in', () => {
    expect(
      pitch(
        'What if grocery stores had a quiet hour, with no music and dim lights, for people with autism, or anyone who gets overwhelmed?',
        'personal',
      ),
    ).toBe(
      'What if grocery stores had a quiet hour, with no music and dim lights, for people with autism, or anyone who gets overwhelmed?',
    );
  });

  it('does not take a clause of its own after "or" or "and" for part of the hook', () => {
    const output = pitch(
      'We should build a page that lists free desks, and the only person who books them is Sam. Nobody else can find a desk.',
    );
    expect(output.split('\n')[0]).toBe('We should build a page that lists free desks.');
    expect(section(output, 'Problem')).toBe('');
    expect(output).toContain('Nobody else can find a desk.');
  });

  it('tells the idea after a heading, the heading naming its kind', () => {
    expect(
      pitch(
        'A song idea. Um, a breakup song told from the point of view of the apartment they shared.',
        'creative',
      ),
    ).toBe('Song idea: A breakup song told from the point of view of the apartment they shared.');
    expect(
      pitch(
        "Proposal for the team: let's rotate who runs the retro every sprint so nobody gets stuck with it.",
      ),
    ).toBe(
      [
        "Proposal for the team: Let's rotate who runs the retro every sprint.",
        '',
        'Why it matters: Nobody gets stuck with it.',
      ].join('\n'),
    );
    expect(pitch("Here's the idea. We'd run a tool library out of the garage.", 'personal')).toBe(
      "We'd run a tool library out of the garage.",
    );
  });

  it('reads a bare "Proposal:" as a heading, but "startup idea is ..." as the idea itself', () => {
    const output = pitch(
      'Proposal: we switch standups to async. The problem is that half the team is in Sydney.',
    );
    expect(output.split('\n')[0]).toBe('Proposal: We switch standups to async.');
    expect(section(output, 'Problem')).toBe('Problem: Half the team is in Sydney.');
    expect(
      pitch('Startup idea is an app that walks your dog. Dogs get bored.', 'personal'),
    ).toMatch(/^Startup idea is an app that walks your dog\./u);
  });
});

describe('pitch: what a probe of new speech found', () => {
  it('never takes a verb for the idea named ("everyone can show up")', () => {
    expect(
      pitch(
        'we should move the standup to tuesday because mondays are chaos so that everyone can show up',
      ),
    ).toBe(
      'We should move the standup to Tuesday.\n\nProblem: Mondays are chaos.\nWhy it matters: Everyone can show up.',
    );
  });

  it('takes a premise named with a relative clause as the hook', () => {
    expect(
      pitch(
        "Story idea. A lighthouse keeper who realizes the ships she's guiding are from the future. Each night a different century sails past.",
        'creative',
      ),
    ).toBe(
      "Story idea: A lighthouse keeper who realizes the ships she's guiding are from the future.\n\nEach night a different century sails past.",
    );
  });

  it('keeps a clause of no kind of its own, joined by "and", with the problem before it', () => {
    expect(
      pitch(
        'We should cancel the daily call. The problem is the call takes thirty minutes, and half of it is irrelevant.',
      ),
    ).toBe(
      'We should cancel the daily call.\n\nProblem: The call takes thirty minutes, and half of it is irrelevant.',
    );
    // What to do, said after "and", is not the problem.
    expect(
      pitch('The problem is nobody reads the wiki, and we should move the docs into the repo.'),
    ).toBe('We should move the docs into the repo.\n\nProblem: Nobody reads the wiki.');
  });

  it('reads a reason that tells how things are now as the problem', () => {
    expect(
      pitch(
        'we should build an app that splits bills because right now everyone uses spreadsheets',
      ),
    ).toBe(
      'We should build an app that splits bills.\n\nProblem: Right now everyone uses spreadsheets.',
    );
  });

  it('keeps a relative clause after a comma with the thing it is about', () => {
    expect(
      pitch('What if we made a board game about a night market, where each player runs a stall?'),
    ).toBe('What if we made a board game about a night market, where each player runs a stall?');
  });

  it('leaves the question mark with the question, not the "so that" said inside it', () => {
    expect(
      section(
        pitch(
          'What if we had a review buddy each week, so that every pull request gets looked at within a day? It would cut our review time in half.',
        ),
        'Why it matters',
      ),
    ).toBe(
      'Why it matters: Every pull request gets looked at within a day. It would cut our review time in half.',
    );
  });
});

describe('pitch: a transcript as long as the API takes', () => {
  const words = (text: string): string[] =>
    text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => word !== '');

  // Short clauses said over and over, each joined back to the one before: the hook ends at
  // a clause that fits its line and every other word is told after it, none lost or added.
  it.each(['no, sorry, ', 'no, fine, ', 'at the fair, in may, ', 'the team, the bees, '])(
    'tells %j said over and over whole, the hook a line of its own',
    (said) => {
      const text = said.repeat(Math.ceil(TRANSCRIPT_MAX_CHARS / said.length));
      const transcript = text.slice(0, TRANSCRIPT_MAX_CHARS);
      const [hook = '', blank, part = '', ...more] = pitch(transcript).split('\n');
      expect(codePointLength(hook)).toBeLessThanOrEqual(PITCH_HOOK_MAX_CHARS);
      expect(hook).toMatch(/\.$/u);
      expect(blank).toBe('');
      // Nothing said is a problem or a gain: the rest follows the hook unlabelled.
      expect(part).not.toMatch(/^(?:Problem|Solution|Why it matters): /u);
      expect(more).toEqual([]);
      expect(words(`${hook} ${part}`)).toEqual(words(transcript));
    },
  );
});

describe('pitch: a hook with no clause to end at', () => {
  it('stays whole rather than lose the words that make the point', () => {
    const said =
      'a food truck that only sells breakfast burritos parked outside the hospital from four to eight am for night shift nurses and doctors who get off work hungry';
    const [hook = ''] = pitch(said).split('\n');
    expect(hook).toBe(
      'A food truck that only sells breakfast burritos parked outside the hospital from four to eight am for night shift nurses and doctors who get off work hungry.',
    );
    expect(codePointLength(hook)).toBeGreaterThan(PITCH_HOOK_MAX_CHARS);
  });
});

describe('pitch: parts a fourth batch of new speech put in the wrong place', () => {
  it('tells what a "so" ran on to as why it matters, not as the problem', () => {
    expect(
      pitch(
        'subscription box for new parents that sends exactly what you need for each month of the babys age diapers in the right size bottles teething stuff so you never overbuy',
      ),
    ).toContain('\n\nWhy it matters: You never overbuy.');
  });

  it('tells a pain said gone ("less ...", "no more ...") as why it matters', () => {
    expect(
      pitch(
        'The idea is an app where you photograph your fridge. Basically, less food waste and no more staring into the fridge at 7 PM.',
      ),
    ).toContain('Why it matters: Less food waste and no more staring into the fridge at 7 PM.');
  });

  it('keeps a reason said as a phrase and two things joined by "and" in their clause', () => {
    expect(
      pitch(
        "Small business idea: mobile bike repair. I drive a van to your office, and it's ready by five. No, wait, by 5:30, because of traffic.",
      ),
    ).not.toContain('Of traffic');
    expect(
      pitch(
        'a game where you play a lighthouse keeper and every night you have to guide ships through a storm using only the light and the sound of the foghorn',
        'creative',
      ),
    ).toBe(
      [
        'A game where you play a lighthouse keeper.',
        '',
        'Every night you have to guide ships through a storm using only the light and the sound of the foghorn.',
      ].join('\n'),
    );
  });
});

describe("pitch: the fourth batch's rules, narrowed where a review found them too wide", () => {
  it('keeps a plan said after "so" as the idea', () => {
    expect(
      pitch(
        "tourists never find the good taco places in our city because the reviews are all fake so we'd make a map curated by local cooks and taxi drivers",
      ),
    ).toBe(
      [
        "We'd make a map curated by local cooks and taxi drivers.",
        '',
        'Tourists never find the good taco places in our city.',
        'Problem: The reviews are all fake.',
      ].join('\n'),
    );
  });

  it('tells "fewer kids play outside" and "less than half" as no gain', () => {
    const said = pitch(
      'An app for renters. Fewer kids play outside these days. Less than half of renters ever get their deposit back in full.',
    );
    expect(said).not.toContain('Why it matters');
  });
});

describe('pitch: "because of" opening a sentence', () => {
  it('keeps its "because"', () => {
    expect(
      pitch(
        'A field trip fund for schools. The problem is buses cost too much. Because of that, kids miss field trips every spring.',
      ),
    ).toContain('Because of that, kids miss field trips every spring.');
  });
});
