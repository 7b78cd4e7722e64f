/**
 * Whether a recording is under way, for the parts of the app that must not interrupt one: an
 * app update waits for it to end before reloading the page (docs/product.md, Update flow). The
 * capture feature reports; anyone may wait.
 */
let recording = false;
const waiters = new Set<() => void>();

export function setRecordingActive(active: boolean): void {
  recording = active;
  if (active) return;
  const ready = [...waiters];
  waiters.clear();
  for (const run of ready) run();
}

export function isRecordingActive(): boolean {
  return recording;
}

/** Runs `action` now, or as soon as the recording under way has ended. */
export function whenNotRecording(action: () => void): void {
  if (recording) waiters.add(action);
  else action();
}
