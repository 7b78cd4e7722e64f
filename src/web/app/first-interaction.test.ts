// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './first-interaction';

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
}

describe('work kept for the first interaction', () => {
  afterEach(() => setHidden(false));

  it('waits through the first paint and idle moments, and runs at the first tap, once', () => {
    const run = vi.fn();
    onFirstInteraction(run, false);
    window.dispatchEvent(new Event('scroll'));
    expect(run).not.toHaveBeenCalled();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the first key press', () => {
    const run = vi.fn();
    onFirstInteraction(run, false);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('counts a pointer moving only where the main pointer can hover', () => {
    const onTouch = vi.fn();
    const onDesk = vi.fn();
    const stopTouch = onFirstInteraction(onTouch, false);
    const stopDesk = onFirstInteraction(onDesk, true);
    document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    expect(onTouch).not.toHaveBeenCalled();
    expect(onDesk).toHaveBeenCalledTimes(1);
    stopTouch();
    stopDesk();
  });

  it('runs when the page is hidden before any interaction', () => {
    const run = vi.fn();
    onFirstInteraction(run, false);
    setHidden(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once stopped (the app unmounted)', () => {
    const run = vi.fn();
    const stop = onFirstInteraction(run, false);
    stop();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(run).not.toHaveBeenCalled();
  });
});
