// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { loadTooltips } from '../components/ui/tooltip-loader';
import { loadMenuDrawer } from './app-shell';
import { idlePreloads, loadToaster } from './app';
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
