// Build time only (vite.config.ts renders it in Node): the first screen as HTML for index.html,
// drawn by the app's own components so it matches what React renders first. Nothing is known of
// the person yet: hooks answer with their server snapshots (the defaults, a 390x844 phone).
// Both parts are inert: until React takes over nothing in them works, so a tap or an assistive
// technology must not find buttons that do nothing.
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { OnboardingShell } from './features/onboarding/components/onboarding-overlay';
import { routePaths } from './lib/paths';
import { FIRST_SCREEN } from './shell/first-screen';

export function renderFirstScreen(): { app: string; onboarding: string } {
  return {
    app: renderToStaticMarkup(
      <div id={FIRST_SCREEN.appId} inert>
        <Router ssrPath={routePaths.home}>
          <App />
        </Router>
      </div>,
    ),
    onboarding: renderToStaticMarkup(
      <div id={FIRST_SCREEN.onboardingId} inert>
        <OnboardingShell />
      </div>,
    ),
  };
}
