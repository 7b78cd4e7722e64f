// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { loadTooltips } from '../components/ui/tooltip-loader';
import { loadMenuDrawer } from './app-shell';
import { idlePreloads, loadToaster, runWhenIdle } from './app';
import { homeSheetLoaders } from './routes/home-sheets';

describe('what the app preloads when idle', () => {
  it('fetches the tooltips first where the main pointer can hover, then the toaster and every sheet', () => {
    expect(idlePreloads(true)).toEqual([
      loadTooltips,
      loadToaster,
      loadMenuDrawer,
      ...homeSheetLoaders,
    ]);
  });

  it('leaves the tooltips to the first focus on a touch screen', () => {
    const queue = idlePreloads(false);
    expect(queue).not.toContain(loadTooltips);
    expect(queue).toEqual([loadToaster, loadMenuDrawer, ...homeSheetLoaders]);
  });
});

describe('runWhenIdle', () => {
  /** A scheduler the test drives: each idle moment is one call of `idle()`. */
  function idleMoments() {
    const waiting: (() => void)[] = [];
    return {
      schedule: (task: () => void) => {
        waiting.push(task);
        return () => {
          const at = waiting.indexOf(task);
          if (at >= 0) waiting.splice(at, 1);
        };
      },
      idle: async () => {
        waiting.shift()?.();
        // Let the load's promise settle and the next one be scheduled.
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
      get pending() {
        return waiting.length;
      },
    };
  }

  it('runs one load per idle moment, in order, and the settled work only after the last', async () => {
    const moments = idleMoments();
    const order: string[] = [];
    const load =
      (name: string, fails = false) =>
      () => {
        order.push(name);
        return fails ? Promise.reject(new Error('offline')) : Promise.resolve();
      };
    runWhenIdle(
      [load('a'), load('b', true), load('c')],
      () => order.push('settled'),
      moments.schedule,
    );
    expect(order).toEqual([]);
    await moments.idle();
    expect(order).toEqual(['a']);
    await moments.idle();
    await moments.idle();
    // A failed load does not stop the queue, and the settled work still waits its own moment.
    expect(order).toEqual(['a', 'b', 'c']);
    await moments.idle();
    expect(order).toEqual(['a', 'b', 'c', 'settled']);
    expect(moments.pending).toBe(0);
  });

  it('runs nothing more once stopped, the settled work included', async () => {
    const moments = idleMoments();
    const order: string[] = [];
    const stop = runWhenIdle(
      [() => (order.push('a'), Promise.resolve()), () => (order.push('b'), Promise.resolve())],
      () => order.push('settled'),
      moments.schedule,
    );
    await moments.idle();
    stop();
    await moments.idle();
    await moments.idle();
    expect(order).toEqual(['a']);
  });
});
