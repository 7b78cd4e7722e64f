// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setDeveloperDetails } from '#web/lib/developer-details';
import { ResultSheet, REWRITE_FAILED } from './result-sheet';
import type { CaptureDraft, CaptureResult } from '../pipeline';

const formatTranscript = vi.hoisted(() => vi.fn());
vi.mock('../api/capture-api', () => ({ formatTranscript, inferOnServer: vi.fn() }));

beforeEach(() => {
  localStorage.clear();
  formatTranscript.mockReset();
});
afterEach(cleanup);

function captured(
  decision: Partial<CaptureResult['decision']>,
  selected: CaptureResult['selected'] = { format: 'tweet', category: 'work' },
): CaptureResult {
  return {
    transcript: 'Tweet work: shipped the beta',
    recordingId: null,
    decision: {
      format: 'tweet',
      category: 'work',
      source: 'command',
      confidence: 1,
      content: 'shipped the beta',
      commandDetected: true,
      ...decision,
    },
    formatted: { formatted: 'Shipped the beta!', path: 'rules', mode: 'smart', notes: [] },
    selected,
  };
}

function renderSheet(
  result: CaptureResult | null,
  overrides: { quotaExceeded?: boolean; draft?: CaptureDraft } = {},
) {
  const onSave = vi.fn();
  const onCopy = vi.fn();
  const onResultChange = vi.fn();
  const sheet = (next: CaptureResult | null) => (
    <ResultSheet
      result={next}
      draft={overrides.draft ?? null}
      open
      onOpenChange={() => {}}
      onCopy={onCopy}
      onSave={onSave}
      onResultChange={onResultChange}
      saving={false}
      quotaExceeded={overrides.quotaExceeded ?? false}
    />
  );
  const { rerender } = render(sheet(result));
  return {
    onSave,
    onCopy,
    onResultChange,
    showResult: (next: CaptureResult) => rerender(sheet(next)),
  };
}

describe('ResultSheet', () => {
  it('announces what was detected and how sure the app is', () => {
    renderSheet(captured({ source: 'command', confidence: 1 }));
    expect(screen.getByTestId('detection-summary').textContent).toBe(
      'Detected: tweet about work · high confidence',
    );
  });

  it('calls a server guess at 0.7 medium', () => {
    renderSheet(captured({ source: 'server', confidence: 0.75, format: 'pitch' }));
    expect(screen.getByTestId('detection-summary').textContent).toBe(
      'Detected: pitch about work · medium',
    );
  });

  it('says nothing was detected when the selection in Voice Settings applied', () => {
    renderSheet(captured({ source: 'settings', confidence: 0 }));
    expect(screen.queryByTestId('detection-summary')).toBeNull();
    expect(screen.queryByTestId('override-notice')).toBeNull();
    expect(screen.getByTestId('formatted-content').textContent).toBe('Shipped the beta!');
  });

  it('draws a checklist as checkboxes, not as markdown', () => {
    const result = captured({ format: 'checklist' });
    renderSheet({
      ...result,
      formatted: { ...result.formatted, formatted: 'Chores\n- [ ] Call mom\n- [x] Book dentist' },
    });
    const content = screen.getByTestId('formatted-content');
    expect(content.textContent).not.toContain('[ ]');
    expect(content.textContent).toBe('ChoresTo do: Call momDone: Book dentist');
  });

  it('saves and copies on click, and refuses to save over the monthly limit', async () => {
    const user = userEvent.setup();
    const { onSave, onCopy } = renderSheet(captured({}));
    await user.click(screen.getByRole('button', { name: /save/i }));
    await user.click(screen.getByRole('button', { name: /copy/i }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(onCopy).toHaveBeenCalledOnce();
    cleanup();
    renderSheet(captured({}), { quotaExceeded: true });
    expect(screen.getByRole('alert').textContent).toContain('used all your ideas');
    expect(screen.getByRole('button', { name: /save/i }).hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByRole('link', { name: /upgrade/i })).toHaveLength(1);
  });

  it('says nothing of the server to a person: no formatter path, mode or notes', () => {
    const result = captured({});
    renderSheet({
      ...result,
      formatted: {
        ...result.formatted,
        notes: ['No language model is configured on this server; formatted by rules.'],
      },
    });
    expect(screen.queryByTestId('developer-badge')).toBeNull();
    expect(screen.queryByText(/language model/)).toBeNull();
  });

  it('tells everyone, in one line, that words in another language were tidied, not restructured', () => {
    const result = captured({});
    renderSheet({
      ...result,
      formatted: {
        ...result.formatted,
        notes: [
          'No language model is configured on this server; formatted by rules.',
          'Written in French: tidied, not restructured.',
        ],
      },
    });
    expect(screen.getByTestId('language-note').textContent).toBe(
      'Written in French: tidied, not restructured.',
    );
    expect(screen.queryByText(/language model/)).toBeNull();
  });

  it("shows the formatter path ('llm+fallback' as 'fallback'), the mode and the notes with the developer setting on", () => {
    setDeveloperDetails(true);
    const result = captured({});
    renderSheet({
      ...result,
      formatted: { ...result.formatted, path: 'llm+fallback', notes: ['model timed out'] },
    });
    expect(screen.getByTestId('developer-badge').textContent).toBe('fallback · smart');
    expect(screen.getByText('model timed out')).toBeTruthy();
  });

  it('writes the words again at once in the format picked, from what was said', async () => {
    const user = userEvent.setup();
    formatTranscript.mockResolvedValue({
      formatted: 'Beta\n- [ ] Ship the beta',
      path: 'rules',
      mode: 'smart',
      notes: [],
    });
    const { onResultChange } = renderSheet(captured({ source: 'settings', confidence: 0 }));
    await user.click(screen.getByRole('radio', { name: 'Checklist' }));
    await waitFor(() => expect(onResultChange).toHaveBeenCalledOnce());
    expect(formatTranscript).toHaveBeenCalledWith(
      { transcript: 'shipped the beta', format: 'checklist', category: 'work' },
      expect.any(Function),
    );
    const next = onResultChange.mock.calls[0]?.[0] as CaptureResult;
    expect(next.decision.format).toBe('checklist');
    expect(next.formatted.formatted).toBe('Beta\n- [ ] Ship the beta');
    expect(next.transcript).toBe('Tweet work: shipped the beta');
  });

  it('keeps the text shown and says so when the rewrite fails', async () => {
    const user = userEvent.setup();
    formatTranscript.mockRejectedValue(new Error('offline'));
    const { onResultChange } = renderSheet(captured({ source: 'settings', confidence: 0 }));
    await user.click(screen.getByRole('radio', { name: 'Creative' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REWRITE_FAILED);
    expect(onResultChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('formatted-content').textContent).toBe('Shipped the beta!');
    expect(screen.getByRole('radio', { name: 'Work' }).getAttribute('aria-checked')).toBe('true');
  });

  it('says when a detection overrode the setting, and undoes it in one tap', async () => {
    const user = userEvent.setup();
    formatTranscript.mockResolvedValue({
      formatted: 'Shipped the beta.',
      path: 'rules',
      mode: 'smart',
      notes: [],
    });
    const { onResultChange } = renderSheet(
      captured({ format: 'checklist', category: 'personal', source: 'natural-language' }),
    );
    const notice = screen.getByTestId('override-notice');
    expect(notice.textContent).toContain(
      'Your setting is Tweet • Work; this was written as Checklist • Personal.',
    );
    await user.click(screen.getByRole('button', { name: 'Use Tweet • Work' }));
    await waitFor(() => expect(onResultChange).toHaveBeenCalledOnce());
    expect(formatTranscript).toHaveBeenCalledWith(
      { transcript: 'shipped the beta', format: 'tweet', category: 'work' },
      expect.any(Function),
    );
  });

  it('does not offer an undo when the detection agreed with the setting', () => {
    renderSheet(captured({ source: 'command' }));
    expect(screen.queryByTestId('override-notice')).toBeNull();
    expect(screen.getByTestId('detection-summary')).toBeTruthy();
  });

  it('shows the words as they are written, unannounced and unsaveable, until the checked answer replaces them', async () => {
    const user = userEvent.setup();
    const { transcript, decision, selected, recordingId } = captured({});
    const draft = { transcript, decision, selected, recordingId, text: 'Shipped the' };
    const { onSave, showResult } = renderSheet(null, { draft });

    expect(screen.getByTestId('formatted-draft').textContent).toBe('Shipped the');
    expect(screen.getByTestId('writing-mark').textContent).toBe('Writing…');
    expect(screen.queryByTestId('formatted-content')).toBeNull();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('');
    expect(live?.contains(screen.getByTestId('formatted-draft'))).toBe(false);
    expect(screen.getByRole('button', { name: /save/i }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: /copy/i }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Checklist' }));
    expect(formatTranscript).not.toHaveBeenCalled();

    showResult(captured({}));
    expect(screen.queryByTestId('formatted-draft')).toBeNull();
    expect(screen.queryByTestId('writing-mark')).toBeNull();
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Shipped the beta!');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('shows a tweet over 280 characters as a thread of numbered posts', () => {
    const sentence = (n: number) =>
      `Point ${n}: the standup should be shorter, start on time and end before ten on every working day.`;
    const long = [1, 2, 3].map(sentence).join(' ');
    const result = captured({});
    renderSheet({ ...result, formatted: { ...result.formatted, formatted: long } });
    expect(screen.getByTestId('thread-count').textContent).toBe('Thread of 2 posts');
    expect(screen.getAllByTestId('thread-post').map((post) => post.textContent)).toEqual([
      `Post 1/2${sentence(1)} ${sentence(2)}`,
      `Post 2/2${sentence(3)}`,
    ]);
  });

  it('keeps a tweet that fits one post as it is', () => {
    renderSheet(captured({}));
    expect(screen.queryByTestId('thread-count')).toBeNull();
    expect(screen.getByTestId('formatted-content').textContent).toBe('Shipped the beta!');
  });
});
