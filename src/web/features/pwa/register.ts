import { Workbox } from 'workbox-window';
import { whenNotRecording } from '../../lib/recording-activity';
import { SW_MESSAGES, isVersionInfo } from '../../lib/service-worker-messages';
import { announceUpdate, setRestartHandler } from './update-store';

export const SERVICE_WORKER_URL = '/service-worker.js';
/** docs/product.md, Constants and timings: the update check runs every 30 minutes. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

let workbox: Workbox | null = null;

/**
 * docs/product.md, Update flow. Registers the worker, checks for a new one at start and every 30
 * minutes, shows the banner when one waits, and reloads when the controlling worker changes,
 * never in the middle of a recording (it reloads once the recording has ended). Failures are
 * only logged: the app works without a worker, just not offline.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || workbox) return;
  const wb = new Workbox(SERVICE_WORKER_URL);
  workbox = wb;
  // The first worker taking control of a fresh page is no change of version: only an update
  // (a worker replacing another) reloads.
  const hadController = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    whenNotRecording(() => window.location.reload());
  });
  wb.addEventListener('waiting', () => announceUpdate());
  wb.addEventListener('installed', (event) => {
    if (event.isUpdate) announceUpdate();
  });
  setRestartHandler(() => {
    void restartWithNewWorker();
  });

  try {
    const registration = await wb.register();
    // A worker that was already waiting before this page loaded (a restart declined with Later).
    if (registration?.waiting && navigator.serviceWorker.controller) announceUpdate();
  } catch (error) {
    console.error('Service worker registration failed', error);
    return;
  }
  await checkForUpdate();
  setInterval(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
}

async function checkForUpdate(): Promise<void> {
  try {
    await workbox?.update();
  } catch (error) {
    console.error('Service worker update check failed', error);
  }
}

async function restartWithNewWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const waiting = registration?.waiting;
  if (!waiting) {
    whenNotRecording(() => window.location.reload());
    return;
  }
  // A controlled page reloads on 'controllerchange'; a page no worker controls yet (its first
  // visit) sees no such event, so it reloads when the new worker is active.
  if (!navigator.serviceWorker.controller) {
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated') whenNotRecording(() => window.location.reload());
    });
  }
  waiting.postMessage({ type: SW_MESSAGES.skipWaiting });
}

/** The running worker's version (GET_VERSION -> VERSION_INFO); null when no worker can say. */
export async function readWorkerVersion(): Promise<string | null> {
  try {
    if (!workbox || !navigator.serviceWorker.controller) return null;
    const reply: unknown = await workbox.messageSW({ type: SW_MESSAGES.getVersion });
    return isVersionInfo(reply) ? reply.version : null;
  } catch (error) {
    console.error('Could not read the app version from the service worker', error);
    return null;
  }
}
