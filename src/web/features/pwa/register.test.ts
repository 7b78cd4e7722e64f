// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the fake Workbox does when the app registers and checks for an update. */
const workboxBehaviour = {
  register: (): Promise<unknown> => Promise.resolve({ waiting: null }),
  update: (): Promise<void> => Promise.resolve(),
  messageSW: (_message: unknown): Promise<unknown> => Promise.resolve(undefined),
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
    messageSW(message: unknown) {
      return workboxBehaviour.messageSW(message);
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
  workboxBehaviour.messageSW = () => Promise.resolve(undefined);
});

/** A page the registered worker controls. */
function controlled() {
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { controller: {}, addEventListener: () => {} },
  });
}

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

describe('the worker version', () => {
  it('is unknown while no worker controls the page', async () => {
    const asked = vi.fn(() => Promise.resolve({ type: 'VERSION_INFO', version: '2.0.0' }));
    workboxBehaviour.messageSW = asked;
    const { registerServiceWorker, readWorkerVersion } = await import('./register');
    await registerServiceWorker();
    await expect(readWorkerVersion()).resolves.toBeNull();
    expect(asked).not.toHaveBeenCalled();
  });

  it('is what the controlling worker answers to GET_VERSION', async () => {
    controlled();
    const asked = vi.fn(() => Promise.resolve({ type: 'VERSION_INFO', version: '2.3.4' }));
    workboxBehaviour.messageSW = asked;
    const { registerServiceWorker, readWorkerVersion } = await import('./register');
    await registerServiceWorker();
    await expect(readWorkerVersion()).resolves.toBe('2.3.4');
    expect(asked).toHaveBeenCalledWith({ type: 'GET_VERSION' });
  });

  it('is unknown, and logged, when the worker does not answer', async () => {
    controlled();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    workboxBehaviour.messageSW = () => Promise.reject(new Error('no reply'));
    const { registerServiceWorker, readWorkerVersion } = await import('./register');
    await registerServiceWorker();
    await expect(readWorkerVersion()).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith(
      'Could not read the app version from the service worker',
      expect.any(Error),
    );
  });
});
