// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BottomBar } from '../features/capture/components/bottom-bar';
import type { Capture } from '../features/capture/hooks/use-capture';
import { FIRST_SCREEN } from './first-screen';
import { showStoredVoiceChoice } from './voice-chip';

/** Home's bottom bar as the build draws it: the defaults, nobody's choice. */
function buildTimeBar(): string {
  const capture = {
    state: 'idle',
    stage: null,
    voiceAvailable: true,
    engine: 'server',
    liveText: '',
    level: 0,
    micUnavailable: false,
    onTap: () => {},
  } as unknown as Capture;
  return renderToStaticMarkup(
    createElement(BottomBar, {
      capture,
      settings: { format: 'tweet', category: 'work' },
      settingsOpen: false,
      onToggleSettings: () => {},
      onTypeInstead: () => {},
    }),
  );
}

/** The parser adding the first screen after the boot script ran, then the end of parsing. */
async function parseFirstScreen() {
  const shell = document.createElement('div');
  shell.id = FIRST_SCREEN.appId;
  shell.innerHTML = buildTimeBar();
  document.body.append(shell);
  await Promise.resolve();
  const chip = shell.querySelector<HTMLElement>('[data-voice-chip]');
  const dot = shell.querySelector<HTMLElement>('[data-voice-chip-dot]');
  return {
    label: shell.querySelector('[data-voice-chip-label]')?.textContent,
    border: chip?.style.borderColor,
    dot: dot?.style.backgroundColor,
  };
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the boot script draws the stored format and category into the first screen', () => {
  it('shows a returning person\u2019s choice with the live chip\u2019s words and colour', async () => {
    localStorage.setItem('selectedFormat', 'checklist');
    localStorage.setItem('selectedCategory', 'personal');
    showStoredVoiceChoice();
    const chip = await parseFirstScreen();
    expect(chip.label).toBe('Checklist • Personal');
    expect(chip.border?.toLowerCase()).toMatch(/#10b981|rgb\(16, 185, 129\)/);
    expect(chip.dot?.toLowerCase()).toMatch(/#10b981|rgb\(16, 185, 129\)/);
  });

  it('falls back per key, as the app does, for unknown or corrupt values', async () => {
    localStorage.setItem('selectedFormat', 'pitch');
    localStorage.setItem('selectedCategory', '{"broken');
    showStoredVoiceChoice();
    expect((await parseFirstScreen()).label).toBe('Pitch • Work');

    document.body.innerHTML = '';
    localStorage.setItem('selectedFormat', 'Tweet');
    localStorage.setItem('selectedCategory', 'creative');
    showStoredVoiceChoice();
    expect((await parseFirstScreen()).label).toBe('Tweet • Creative');
  });

  it('leaves the build-time defaults when nothing is stored', async () => {
    showStoredVoiceChoice();
    const chip = await parseFirstScreen();
    expect(chip.label).toBe('Tweet • Work');
    expect(chip.border?.toLowerCase()).toMatch(/#3b82f6|rgb\(59, 130, 246\)/);
  });
});
