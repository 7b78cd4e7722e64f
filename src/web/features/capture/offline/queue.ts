/**
 * Everything the app needs of the device queue (ADR 060), in one module so it loads as one
 * chunk after the first render (load-queue.ts): IndexedDB and idb are not needed to draw `/`.
 */
export { keepForLater } from './keep-for-later';
export { pendingSteps } from './pending-steps';
export { deletePending, listPending, subscribePending } from './pending-store';
export { adoptInterrupted, processWaiting, retryPending } from './process-pending';
