// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppConfig } from '#contract/api-schemas';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  localStorage.clear();
  // The choices are read from storage once per page load; a fresh module is a fresh page.
  vi.resetModules();
});

function config(serverAvailable: boolean): AppConfig {
  return {
    version: '1.0.0',
    transcription: { engine: serverAvailable ? 'whisper' : 'none', available: serverAvailable },
    formatter: { smart: false, engine: 'none' },
    billing: { enabled: false, priceMonthly: 9 },
    freeMonthlyLimit: 10,
  };
}

/** Opens the sheet wired as Home wires it, on a page freshly loaded from local storage. */
async function openSettings({
  server = true,
  browser = false,
  writer,
}: { server?: boolean; browser?: boolean; writer?: AppConfig['formatter']['engine'] } = {}) {
  if (browser) vi.stubGlobal('SpeechRecognition', vi.fn());
  const [{ VoiceSettingsSheet }, { useVoiceSettings }, { useSpeechSetup }] = await Promise.all([
    import('./voice-settings-sheet'),
    import('../voice-settings'),
    import('../speech-engine'),
  ]);
  function HomeSettings() {
    const settings = useVoiceSettings();
    const speech = useSpeechSetup(config(server));
    return (
      <VoiceSettingsSheet
        open
        onOpenChange={() => {}}
        settings={settings}
        speech={speech}
        writer={writer}
      />
    );
  }
  render(<HomeSettings />);
  return screen.getByRole('dialog', { name: 'Voice Settings' });
}

function checked(sheet: HTMLElement, group: string) {
  return within(within(sheet).getByRole('radiogroup', { name: group }))
    .getAllByRole('radio')
    .filter((radio) => radio.getAttribute('aria-checked') === 'true')
    .map((radio) => radio.textContent);
}

describe('Voice Settings sheet', () => {
  it.each([
    ['local', 'Written by a model on this server', /runs on this server, by no one else/],
    ['openai', 'Written by an AI service', /sent from this server to the AI writing service/],
    ['none', 'Written by rules', /this server’s own rules, by no one else/],
  ] as const)('says where the words go with the %s writer', async (writer, heading, words) => {
    const sheet = await openSettings({ writer });
    expect(within(sheet).getByRole('heading', { name: heading })).toBeTruthy();
    expect(within(sheet).getByTestId('writer-privacy').textContent).toMatch(words);
  });

  it('says nothing of the writer before the server has answered', async () => {
    const sheet = await openSettings();
    expect(within(sheet).queryByTestId('writer-engine')).toBeNull();
  });

  it('starts on tweet and work, and lists the voice commands', async () => {
    const sheet = await openSettings();
    expect(checked(sheet, 'Format')).toEqual(['Tweet']);
    expect(checked(sheet, 'Category')).toEqual(['Work']);
    for (const example of [
      'Make this a tweet about productivity',
      'Create a checklist for my morning routine',
      'Turn this into a creative pitch',
    ]) {
      expect(within(sheet).getByText(example, { exact: false })).toBeTruthy();
    }
  });

  it('switches format and category and remembers them in local storage', async () => {
    const user = userEvent.setup();
    const sheet = await openSettings();
    await user.click(within(sheet).getByRole('radio', { name: 'Checklist' }));
    await user.click(within(sheet).getByRole('radio', { name: 'Creative' }));
    expect(checked(sheet, 'Format')).toEqual(['Checklist']);
    expect(checked(sheet, 'Category')).toEqual(['Creative']);
    expect(localStorage.getItem('selectedFormat')).toBe('checklist');
    expect(localStorage.getItem('selectedCategory')).toBe('creative');
  });

  it('picks the language spoken among languages named in their own words, Browser default first', async () => {
    const user = userEvent.setup();
    const sheet = await openSettings();
    const group = within(sheet).getByRole('radiogroup', { name: 'Language spoken' });
    const names = within(group)
      .getAllByRole('radio')
      .map((radio) => radio.textContent);
    expect(names.slice(0, 8)).toEqual([
      'Browser default',
      'English',
      'Français',
      'Español',
      'Deutsch',
      'Italiano',
      'Português',
      'Nederlands',
    ]);
    expect(checked(sheet, 'Language spoken')).toEqual(['Browser default']);
    // Each name is marked as its language, for the screen reader's voice.
    expect(within(group).getByText('Français').getAttribute('lang')).toBe('fr');
    await user.click(within(group).getByRole('radio', { name: 'Français' }));
    expect(checked(sheet, 'Language spoken')).toEqual(['Français']);
    expect(localStorage.getItem('spokenLanguage')).toBe('fr');
  });

  it('opens on the choices stored by an earlier visit', async () => {
    localStorage.setItem('selectedFormat', 'pitch');
    localStorage.setItem('selectedCategory', 'personal');
    const sheet = await openSettings();
    expect(checked(sheet, 'Format')).toEqual(['Pitch']);
    expect(checked(sheet, 'Category')).toEqual(['Personal']);
  });

  it('offers the speech engine only when both the server and the browser can do it', async () => {
    const user = userEvent.setup();
    let sheet = await openSettings({ server: true, browser: false });
    expect(within(sheet).queryByRole('radiogroup', { name: 'Speech to text by' })).toBeNull();
    expect(within(sheet).getByText('Speech to text by this server')).toBeTruthy();
    cleanup();

    vi.resetModules();
    sheet = await openSettings({ server: false, browser: true });
    expect(within(sheet).queryByRole('radiogroup', { name: 'Speech to text by' })).toBeNull();
    expect(within(sheet).getByText('Speech to text by this browser')).toBeTruthy();
    cleanup();

    vi.resetModules();
    sheet = await openSettings({ server: true, browser: true });
    expect(checked(sheet, 'Speech to text by')).toEqual(['This server']);
    expect(within(sheet).getByTestId('speech-privacy').textContent).toContain(
      'transcribed on it, by no one else',
    );
    await user.click(within(sheet).getByRole('radio', { name: 'This browser' }));
    expect(checked(sheet, 'Speech to text by')).toEqual(['This browser']);
    expect(within(sheet).getByTestId('speech-privacy').textContent).toContain('Your browser');
    expect(localStorage.getItem('speechEngine')).toBe('browser');
  });

  it('keeps recordings unless the person turns it off, and remembers the choice', async () => {
    const sheet = await openSettings();
    const keep = within(sheet).getByRole('switch', { name: 'Keep recordings' });
    expect(keep.getAttribute('aria-checked')).toBe('true');
    expect(keep.getAttribute('aria-describedby')).not.toBeNull();
    await userEvent.click(keep);
    expect(keep.getAttribute('aria-checked')).toBe('false');
    expect(keep.textContent).toContain('deleted as soon as it is transcribed');
    expect(localStorage.getItem('keepRecordings')).toBe('false');
    const { readKeepRecordings } = await import('../keep-recordings');
    expect(readKeepRecordings()).toBe(false);
  });

  it('offers Keep recordings only where this server transcribes', async () => {
    const sheet = await openSettings({ server: false, browser: true });
    expect(within(sheet).queryByRole('switch', { name: 'Keep recordings' })).toBeNull();
  });
});
