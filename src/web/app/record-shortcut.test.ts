import { describe, expect, it } from 'vitest';
import { recordShortcutHonoured } from './record-shortcut';

const ORIGIN = 'https://ideas.example';

describe('the record shortcut', () => {
  it('starts recording when the installed app is opened by its launcher', () => {
    expect(recordShortcutHonoured({ installed: true, referrer: '', origin: ORIGIN })).toBe(true);
  });

  it('starts recording when the installed app follows its own link', () => {
    expect(
      recordShortcutHonoured({ installed: true, referrer: `${ORIGIN}/search`, origin: ORIGIN }),
    ).toBe(true);
  });

  it('never starts the microphone in a browser tab, whoever sent it there', () => {
    for (const referrer of ['', `${ORIGIN}/`, 'https://evil.example/']) {
      expect(recordShortcutHonoured({ installed: false, referrer, origin: ORIGIN }), referrer).toBe(
        false,
      );
    }
  });

  it('never starts the microphone for a link followed from another site', () => {
    for (const referrer of [
      'https://evil.example/',
      'https://ideas.example.evil.example/',
      'http://ideas.example/',
      'not a url',
    ]) {
      expect(recordShortcutHonoured({ installed: true, referrer, origin: ORIGIN }), referrer).toBe(
        false,
      );
    }
  });
});
