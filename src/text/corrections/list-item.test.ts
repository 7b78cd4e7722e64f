import { describe, expect, it } from 'vitest';
import { applyCorrections } from '../corrections.js';
import { formatWithRules } from '../formats/format-with-rules.js';
import { tokenize, type Token } from '../tokenizer.js';

function corrected(text: string): string {
  return applyCorrections(tokenize(text))
    .map((token: Token) => (token.space ? ` ${token.text}` : token.text))
    .join('')
    .trim();
}

describe('a thing of a list said again with its determiner', () => {
  it('replaces the one before, framed by pauses as an item of its own', () => {
    expect(corrected('Moulding, the oak, no, the walnut, three lengths.')).toBe(
      'Moulding, the walnut, three lengths.',
    );
    expect(corrected('Navy thread, a 20 centimetre zip, no, a 25 centimetre zip, pins.')).toBe(
      'Navy thread, a 25 centimetre zip, pins.',
    );
    expect(
      formatWithRules(
        'Costumes. The ankle bells, sorry, the ghungroo. Speaker.',
        'checklist',
        'creative',
      ),
    ).toBe('Creative checklist\n- [ ] Costumes\n- [ ] The ghungroo\n- [ ] Speaker');
  });

  it('replaces it unpunctuated when the same thing, or "one" for it, ends the new one', () => {
    expect(corrected('tape the big tray no the small tray and the brushes')).toBe(
      'tape the small tray and the brushes',
    );
    expect(corrected('the blue one no the green one and the brushes')).toBe(
      'the green one and the brushes',
    );
  });

  it('keeps the thing when "one" stands for it, and says anew only what told it apart', () => {
    expect(corrected('Wig tin, the blue notebook, no, the red one. Phone charger.')).toBe(
      'Wig tin, the red notebook. Phone charger.',
    );
    expect(
      corrected('sunscreen the blue swim trunks actually no the black ones and my kindle'),
    ).toBe('sunscreen the black swim trunks and my kindle');
  });

  it('leaves news of the thing, a phrase with a preposition and a "no" that is meant', () => {
    expect(corrected('Water the plants, no, the plants are fine.')).not.toContain(
      'Water the plants are',
    );
    expect(corrected('grab the tent for me actually no the small one')).not.toBe(
      'grab the small me',
    );
    expect(corrected('Pencils only, no pens, the light meter.')).toBe(
      'Pencils only, no pens, the light meter.',
    );
    expect(corrected('Bring the tent, no, the stove, and the mugs.')).toContain('the tent');
  });
});
