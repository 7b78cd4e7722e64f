import { describe, expect, it } from 'vitest';
import { formatWithRules } from './format-with-rules.js';

const pitch = (text: string): string => formatWithRules(text, 'pitch', 'work');
const labels = (output: string): string[] =>
  output
    .split('\n')
    .map((line) => /^(Problem|Solution|Why it matters): /u.exec(line)?.[1])
    .filter((label): label is string => label !== undefined);

describe('pitch: a label only where the clause is that part', () => {
  it('tells what the idea costs or charges unlabelled, never as the Solution', () => {
    for (const said of [
      'What if the gym ran a crèche in the mornings? We could charge a small monthly fee.',
      'What if bakeries sold the leftovers through an app? The subscription would be four pounds a month.',
    ]) {
      const output = pitch(said);
      expect(labels(output)).not.toContain('Solution');
      expect(output).toMatch(/fee|pounds/u);
    }
  });

  it('names a part by the words alone only when they say it clearly', () => {
    // One cue word ("everyone", "too") or a long run after "so" tells how it works, not its part.
    for (const said of [
      'An app for swapping allotment veg. Everyone grows too many courgettes.',
      'a walking bus for the school run the problem is the lane outside is chaos at half eight so every family on the estate takes one morning a week and walks the kids in together',
      'What if the café did a pay-it-forward board? So the regulars pay a pound extra and it covers a coffee for someone short.',
    ]) {
      expect(labels(pitch(said)), said).not.toContain('Why it matters');
    }
    // A word that names the part, or a gain the idea would bring, still does.
    expect(
      pitch('An app that finds a plumber tonight. Emergency call-outs are so expensive.'),
    ).toContain('Problem: Emergency call-outs are so expensive.');
    expect(
      pitch(
        'We should share one van between the three stalls. It would cut our fuel bill by half.',
      ),
    ).toContain('Why it matters: It would cut our fuel bill by half.');
  });

  it('leaves a clause with no cue of any part unlabelled, after the hook', () => {
    const output = pitch(
      'What if the library opened one evening a month for acoustic sets? Two hours, eight bands, one room.',
    );
    expect(output.split('\n')).toEqual([
      'What if the library opened one evening a month for acoustic sets?',
      '',
      'Two hours, eight bands, one room.',
    ]);
  });

  it('reads a part named on its own as the heading of the clause after it', () => {
    const output = pitch(
      'The problem: half the clinics I know have the wrong hours online. My idea is a service that updates them everywhere at once.',
    );
    expect(output).toContain('Problem: Half the clinics I know have the wrong hours online.');
    expect(output).not.toMatch(/Problem: The problem/u);
    expect(
      pitch("Here's the problem. Nobody reads the rota. What if it came as a text?"),
    ).toContain('Problem: Nobody reads the rota.');
  });

  it('takes "Pitch idea." said alone as a heading, not a sentence of the pitch', () => {
    const output = pitch(
      'Pitch idea. What if physios offered a ten minute video check-in every month?',
    );
    expect(output.split('\n')[0]).toBe(
      'Pitch idea: What if physios offered a ten minute video check-in every month?',
    );
  });

  it('reads what "so we" do after a pain as the idea, not as why it matters', () => {
    const output = pitch(
      'half the bus screens are broken so we put a qr code on every shelter that opens the live times',
    );
    expect(labels(output)).not.toContain('Why it matters');
    expect(output).toContain('Problem: Half the bus screens are broken.');
  });

  it('keeps "instead of" and "right now" in what they lead', () => {
    const output = pitch(
      'Instead of everyone buying presents for everyone, we each draw one name. Right now we spend a fortune on stuff nobody wants.',
    );
    expect(output).toMatch(/^Instead of everyone buying presents for everyone/u);
    expect(output).toContain('Right now we spend a fortune');
  });
});
