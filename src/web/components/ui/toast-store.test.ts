// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The store is module state: each test gets a fresh copy. */
async function freshStore() {
  vi.resetModules();
  return import('./toast-store');
}

/** What the store holds now, read through its own subscription hook's snapshot function. */
async function entries(store: Awaited<ReturnType<typeof freshStore>>) {
  const { renderHook, cleanup } = await import('@testing-library/react');
  const current = renderHook(() => store.useToasts()).result.current;
  cleanup();
  return current;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts (docs/product.md, Constants and timings)', () => {
  it('shows one at a time: a new one replaces the previous', async () => {
    const store = await freshStore();
    store.toast({ title: 'First' });
    store.toast({ title: 'Second' });
    expect((await entries(store)).map((t) => t.title)).toEqual(['Second']);
  });

  it('can be updated and dismissed', async () => {
    const store = await freshStore();
    const shown = store.toast({ title: 'Saving' });
    shown.update({ title: 'Saved!' });
    expect((await entries(store))[0]).toMatchObject({ title: 'Saved!', open: true });
    shown.dismiss();
    expect((await entries(store))[0]).toMatchObject({ title: 'Saved!', open: false });
  });

  it('removes a dismissed toast after 1,000,000 ms, not before', async () => {
    const store = await freshStore();
    store.toast({ title: 'Gone later' }).dismiss();
    vi.advanceTimersByTime(999_999);
    expect(await entries(store)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(await entries(store)).toHaveLength(0);
  });

  it('pins the default auto-close at 5000 ms', async () => {
    const store = await freshStore();
    expect(store.DEFAULT_TOAST_DURATION_MS).toBe(5000);
  });
});

describe('whether the app renders its toaster', () => {
  async function anyShown(store: Awaited<ReturnType<typeof freshStore>>) {
    const { renderHook, cleanup } = await import('@testing-library/react');
    const current = renderHook(() => store.useAnyToastShown()).result.current;
    cleanup();
    return current;
  }

  it('not before the first toast, and from then on, also once it has gone', async () => {
    const store = await freshStore();
    expect(await anyShown(store)).toBe(false);
    store.toast({ title: 'Saved!' }).dismiss();
    expect(await anyShown(store)).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(await entries(store)).toEqual([]);
    expect(await anyShown(store)).toBe(true);
  });
});
