/**
 * The device queue, imported on demand so `/` stays inside its JavaScript budget. The home
 * screen starts this import as soon as it has mounted (use-pending.ts), so a recording that has
 * to be kept finds the module loaded; the service worker precaches the chunk for offline starts.
 */
export const loadPendingQueue = () => import('./queue');
