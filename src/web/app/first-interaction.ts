/**
 * Runs `run` once, at the person's first interaction with the page (a tap or a key; where the
 * main pointer can hover, its first move too), or when the page is hidden before any. What waits
 * for it (app.tsx: the dialogs' code, then the service worker's registration) is nothing the first
 * screen or its first tap needs; started when the browser was first idle, it ran in the seconds
 * right after the first paint, when the person's first tap most often comes and a phone's CPU is
 * still busy starting the app (docs/lab-notes/2026-12-first-screen-against-a-floor.md). Returns how to stop waiting.
 */
export function onFirstInteraction(
  run: () => void,
  canHover: boolean,
  target: Window = window,
): () => void {
  const events = ['pointerdown', 'keydown', ...(canHover ? ['pointermove'] : [])];
  let waiting = true;
  const stop = () => {
    waiting = false;
    for (const event of events) target.removeEventListener(event, fire, true);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
  function fire() {
    if (!waiting) return;
    stop();
    run();
  }
  function onVisibility() {
    if (target.document.visibilityState === 'hidden') fire();
  }
  for (const event of events)
    target.addEventListener(event, fire, { capture: true, passive: true });
  target.document.addEventListener('visibilitychange', onVisibility);
  return stop;
}
