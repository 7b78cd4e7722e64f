// Runs in index.html's <head> before the first paint, as a small classic script of its own: the
// CSP allows no inline script. It picks what the build-time first screen shows (the theme, the
// onboarding or home), so a dark-mode or returning person never sees the other one flash. Then
// it starts the app once that screen is painted: the app's modules download meanwhile (index.html
// preloads them), but running them first would hold the first paint back on a slow phone.
import { onboardingDueAtStart } from '../features/onboarding/onboarding-due';
import { routePaths } from '../lib/paths';
import { applyThemeClass } from '../lib/theme-choice';
import { FIRST_SCREEN } from './first-screen';

applyThemeClass();
const { classList } = document.documentElement;
if (onboardingDueAtStart()) classList.add(FIRST_SCREEN.onboardingDueClass);
if (location.pathname !== routePaths.home) classList.add(FIRST_SCREEN.elsewhereClass);

const entry = document.currentScript?.dataset.app;
if (!entry) throw new Error('The boot script was loaded without its data-app entry');

function startApp(src: string) {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = src;
  document.head.append(script);
}

// A hidden tab does not paint: nothing to wait for.
if (document.visibilityState === 'hidden') startApp(entry);
else requestAnimationFrame(() => setTimeout(() => startApp(entry)));
