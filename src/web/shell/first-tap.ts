import { FIRST_SCREEN } from './first-screen';

/**
 * The record button answers a tap from its first paint. Until React takes over, the build-time
 * home is inert (prerender.tsx): a tap on its record button would do nothing, and on a phone's
 * CPU the app's modules, home's answers and React's first render take a second or more to get
 * there. The boot script (boot.ts) keeps that tap instead: the button shows at once that it was
 * pressed (styles.css), and the app starts recording as soon as it has taken over, as the
 * installed app's 'New recording' shortcut does (routes/home.tsx).
 *
 * The shell stays inert, so assistive technology and the keyboard find no button that does
 * nothing; the tap is read by where it lands: an inert element is never an event's target, so
 * the click reaches the document with the point the button is drawn at.
 */
export function keepFirstScreenTap(doc: Document = document) {
  const onClick = (event: MouseEvent) => {
    const shell = doc.getElementById(FIRST_SCREEN.appId);
    if (!shell) {
      // The app is live: its own button answers from now on.
      doc.removeEventListener('click', onClick, true);
      return;
    }
    const button = shell.querySelector(FIRST_SCREEN.recordButtonSelector);
    const box = button?.getBoundingClientRect();
    if (
      !box ||
      event.clientX < box.left ||
      event.clientX > box.right ||
      event.clientY < box.top ||
      event.clientY > box.bottom
    ) {
      return;
    }
    doc.documentElement.classList.add(FIRST_SCREEN.recordTappedClass);
    doc.removeEventListener('click', onClick, true);
  };
  doc.addEventListener('click', onClick, true);
}

/**
 * Whether the record button of the first screen was tapped before the app took over; true once
 * only, and the pressed look goes with it, as the app's own button takes over from there.
 */
export function takeFirstScreenTap(doc: Document = document): boolean {
  const { classList } = doc.documentElement;
  if (!classList.contains(FIRST_SCREEN.recordTappedClass)) return false;
  classList.remove(FIRST_SCREEN.recordTappedClass);
  return true;
}
