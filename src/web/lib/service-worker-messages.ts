/**
 * What the page and the service worker say to each other (docs/product.md, Service worker).
 * One module for both sides, so a renamed message cannot leave one side listening for nothing.
 */
export const SW_MESSAGES = {
  getVersion: 'GET_VERSION',
  versionInfo: 'VERSION_INFO',
  skipWaiting: 'SKIP_WAITING',
  /** From the worker to every open page: it saved kept recordings (Background Sync). */
  recordingsSaved: 'RECORDINGS_SAVED',
} as const;

/**
 * The Background Sync tag a page registers when a recording is kept for later; the worker
 * saves the kept recordings when it fires.
 */
export const PENDING_SYNC_TAG = 'voice-ideas-pending';

/** docs/product.md, What goes wrong: when the version cannot be read, 1.0.0 is used. */
export const FALLBACK_VERSION = '1.0.0';

export interface VersionInfoMessage {
  type: typeof SW_MESSAGES.versionInfo;
  version: string;
}

export function isVersionInfo(data: unknown): data is VersionInfoMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === SW_MESSAGES.versionInfo &&
    'version' in data &&
    typeof data.version === 'string'
  );
}

export interface RecordingsSavedMessage {
  type: typeof SW_MESSAGES.recordingsSaved;
  count: number;
}

export function isRecordingsSaved(data: unknown): data is RecordingsSavedMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === SW_MESSAGES.recordingsSaved &&
    'count' in data &&
    Number.isInteger(data.count) &&
    (data.count as number) > 0
  );
}

export function messageType(data: unknown): string | null {
  return typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    typeof data.type === 'string'
    ? data.type
    : null;
}
