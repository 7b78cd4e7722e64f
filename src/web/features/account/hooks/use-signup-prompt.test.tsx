// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSignupPrompt } from './use-signup-prompt';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('Signup prompt', () => {
  it('opens for a guest with exactly one idea after 2 s, and never again once closed', () => {
    const { result, rerender } = renderHook(
      ({ guest, count }: { guest: boolean; count: number | undefined }) =>
        useSignupPrompt(guest, count),
      { initialProps: { guest: true, count: 1 as number | undefined } },
    );
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.open).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(true);

    act(() => result.current.onOpenChange(false));
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem('hasSeenSignupPrompt')).toBe('true');
    rerender({ guest: true, count: 1 });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.open).toBe(false);
  });

  it('stays shut for none or two ideas, for a signed-in person, and once seen', () => {
    for (const [guest, count] of [
      [true, 0],
      [true, 2],
      [true, undefined],
      [false, 1],
    ] as const) {
      const { result, unmount } = renderHook(() => useSignupPrompt(guest, count));
      act(() => vi.advanceTimersByTime(3000));
      expect(result.current.open).toBe(false);
      unmount();
    }
    localStorage.setItem('hasSeenSignupPrompt', 'true');
    const { result } = renderHook(() => useSignupPrompt(true, 1));
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.open).toBe(false);
  });
});
