import { afterEach, describe, expect, it, vi } from 'vitest';
import { haptic } from './haptics';

afterEach(() => vi.unstubAllGlobals());

describe('haptic feedback (docs/product.md, Constants and timings)', () => {
  it('vibrates 10 ms light, 50 ms medium and 50/100/50 ms for success', () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { vibrate });
    haptic('light');
    haptic('medium');
    haptic('success');
    expect(vibrate.mock.calls).toEqual([[10], [50], [[50, 100, 50]]]);
  });

  it('stays silent where the device cannot vibrate or refuses to', () => {
    vi.stubGlobal('navigator', {});
    expect(() => haptic('light')).not.toThrow();
    vi.stubGlobal('navigator', {
      vibrate: () => {
        throw new Error('blocked by permissions policy');
      },
    });
    expect(() => haptic('success')).not.toThrow();
  });
});
