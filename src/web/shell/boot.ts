// Runs in index.html's <head> before the first paint, as a small classic script of its own: the
// CSP allows no inline script. It picks what the build-time first screen shows (the theme, the
// onboarding or home, the person's own format and category in home's chip), so a dark-mode or
// returning person never sees the other one flash. Then it fetches and starts the app once that
// screen is shown: on a slow phone the app's modules, fetched or run before, would hold the
// first paint back (the app starts a little later).
import { onboardingDueAtStart } from '../features/onboarding/onboarding-due';
import { routePaths } from '../lib/paths';
import { applyThemeClass } from '../lib/theme-choice';
import { FIRST_SCREEN } from './first-screen';
import { keepFirstScreenTap } from './first-tap';
import { showStoredVoiceChoice } from './voice-chip';

// First, so the worker has the most time: the ICU data it loads (shell/intl-warmup.ts) is shared
// with this page, whose first render then finds it loaded. A browser without workers loads it there.
const intlWarmup = document.currentScript?.dataset.intlWarmup;
if (intlWarmup && typeof Worker === 'function') new Worker(intlWarmup);

applyThemeClass();
const { classList } = document.documentElement;
const onboardingDue = onboardingDueAtStart();
const atHome = location.pathname === routePaths.home;
if (onboardingDue) classList.add(FIRST_SCREEN.onboardingDueClass);
if (!atHome) classList.add(FIRST_SCREEN.elsewhereClass);
else showStoredVoiceChoice();
// Behind the onboarding the record button cannot be reached; elsewhere it is not drawn.
if (atHome && !onboardingDue) keepFirstScreenTap();

const dataApp = document.currentScript?.dataset.app;
if (!dataApp) throw new Error('The boot script was loaded without its data-app entry');
const entry: string = dataApp;

let started = false;
function startApp() {
  if (started) return;
  started = true;
  const modules = document.getElementById(FIRST_SCREEN.appModulesId);
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content.cloneNode(true));
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

/**
 * The browser's own word that the first screen is on screen (its first contentful paint); a
 * frame's rendering is shown some time after its task, so a timer after a frame could still
 * run the app's modules before the screen is visible.
 */
function whenFirstScreenShown(run: () => void) {
  // Older browsers have no observer, or one that does not report paints: two frames on.
  const observer = (globalThis as { PerformanceObserver?: Partial<typeof PerformanceObserver> })
    .PerformanceObserver;
  if (!observer?.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run)));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  }).observe({ type: 'paint', buffered: true });
  // A tab sent to the background before it painted shows nothing: no reason to wait.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') run();
  });
}

// Nothing to wait for when no first screen shows: a hidden tab, or a page other than home with
// no onboarding to show.
if (document.visibilityState === 'hidden' || (!atHome && !onboardingDue)) startApp();
else whenFirstScreenShown(startApp);
