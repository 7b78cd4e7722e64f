// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResultSheet } from './result-sheet';
import type { CaptureResult } from '../pipeline';

afterEach(cleanup);

function captured(decision: Partial<CaptureResult['decision']>): CaptureResult {
  return {
    transcript: 'Tweet work: shipped the beta',
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
  };
}

function renderSheet(result: CaptureResult, overrides: { quotaExceeded?: boolean } = {}) {
  const onSave = vi.fn();
  const onCopy = vi.fn();
  render(
    <ResultSheet
      result={result}
      open
      onOpenChange={() => {}}
      onCopy={onCopy}
      onSave={onSave}
      saving={false}
      quotaExceeded={overrides.quotaExceeded ?? false}
    />,
  );
  return { onSave, onCopy };
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
    expect(screen.getByTestId('formatted-content').textContent).toBe('Shipped the beta!');
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
  });

  it("shows the formatter path ('llm+fallback' as 'fallback'), the mode and the notes", () => {
    const result = captured({});
    renderSheet({
      ...result,
      formatted: { ...result.formatted, path: 'llm+fallback', notes: ['model timed out'] },
    });
    expect(screen.getByTestId('developer-badge').textContent).toBe('fallback · smart');
    expect(screen.getByText('model timed out')).toBeTruthy();
  });
});
