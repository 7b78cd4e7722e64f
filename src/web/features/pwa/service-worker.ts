/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { processPendingInWorker } from '#web/features/capture/offline/worker-sync';
import { answerShare } from '#web/lib/shared-files';
import { SHARE_TARGET_PATH } from '#web/lib/share-target';
import {
  PENDING_SYNC_TAG,
  SW_MESSAGES,
  messageType,
  type RecordingsSavedMessage,
} from '../../lib/service-worker-messages';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};
declare const __APP_VERSION__: string;

/**
 * docs/architecture.md, Offline: the worker keeps the built app shell only. It never caches an
 * /api reply (ideas, identity and usage belong to one person and change with every save), so
 * it has no runtime caching at all; the API is always the network's.
 */

// A navigation to any app URL opens the cached shell, whose router shows the page. /api paths
// (an export download is a navigation) and /s/ (a shared idea's page, drawn by the server, not
// the app) always go to the network: the shell there would show the app's "Page Not Found" to
// anyone who has the app and opens a shared link. Registered before the precache route, so it
// answers navigations first.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // The manifest's share_target: a recording shared from another app (docs/product.md).
  if (
    request.method === 'POST' &&
    url.origin === self.location.origin &&
    url.pathname === SHARE_TARGET_PATH
  ) {
    event.respondWith(answerShare(request));
    return;
  }
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/s/')) return;
  event.respondWith(matchPrecache('/index.html').then((cached) => cached ?? fetch(request)));
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  const type = messageType(event.data);
  if (type === SW_MESSAGES.skipWaiting) {
    void self.skipWaiting();
  } else if (type === SW_MESSAGES.getVersion) {
    const reply = { type: SW_MESSAGES.versionInfo, version: __APP_VERSION__ };
    // A MessageChannel's port when the page sent one (workbox-window's messageSW), else the sender.
    const port = event.ports[0];
    if (port) port.postMessage(reply);
    else event.source?.postMessage(reply);
  }
});

/**
 * Every open page of the app shows "Recording saved" and asks its lists again, as after a save
 * of its own (features/capture/offline/use-pending.ts).
 */
async function tellPagesSaved(count: number) {
  const message: RecordingsSavedMessage = { type: SW_MESSAGES.recordingsSaved, count };
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage(message);
}

// Background Sync fires when the connection is back, with or without a page of the app open:
// the worker saves the kept recordings itself (ADR 060). A rejection (the connection dropped
// again) makes the browser try later; a page that is open, or the next start, also processes.
self.addEventListener('sync', (event: Event) => {
  const syncEvent = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (syncEvent.tag !== PENDING_SYNC_TAG) return;
  syncEvent.waitUntil(processPendingInWorker(tellPagesSaved));
});
