/**
 * The connection, not the server, failed. fetch (and a lazily loaded module) rejects with a
 * TypeError whose wording differs by browser: Chromium "Failed to fetch", Firefox
 * "NetworkError when attempting to fetch resource.", Safari "Load failed".
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return /failed to fetch|networkerror|load failed|network connection was lost/i.test(
    error.message,
  );
}
