// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the fake Workbox does when the app registers and checks for an update. */
const workboxBehaviour = {
  register: (): Promise<unknown> => Promise.resolve({ waiting: null }),
  update: (): Promise<void> => Promise.resolve(),
};

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register() {
      return workboxBehaviour.register();
    }
    update() {
      return workboxBehaviour.update();
    }
  },
}));

beforeEach(() => {
  // The registration is made once per page; a fresh module is a fresh page.
  vi.resetModules();
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { controller: null, addEventListener: () => {} },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  workboxBehaviour.register = () => Promise.resolve({ waiting: null });
  workboxBehaviour.update = () => Promise.resolve();
});

describe('service worker registration', () => {
  it('only logs a failed registration: the app goes on without a worker', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    workboxBehaviour.register = () => Promise.reject(new Error('SecurityError'));
    const { registerServiceWorker } = await import('./register');
    await expect(registerServiceWorker()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });

  it('only logs a failed update check', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'setInterval').mockImplementation(() => 0 as never);
    workboxBehaviour.update = () => Promise.reject(new Error('offline'));
    const { registerServiceWorker } = await import('./register');
    await expect(registerServiceWorker()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith('Service worker update check failed', expect.any(Error));
  });
});
