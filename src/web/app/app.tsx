import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import {
  completeOnboarding,
  skipOnboarding,
  useOnboardingVisible,
} from '../features/onboarding/onboarding-store';
import { loadTooltips } from '../components/ui/tooltip-loader';
import { useSavedByWorker } from '../features/capture/offline/use-pending';
import { routePaths } from '../lib/paths';
import { createQueryClient } from '../lib/query-client';
import { removeOnboardingShell } from '../shell/first-screen';
import { HomeRoute } from './routes/home';
import { loadMenuDrawer } from './app-shell';
import { homeSheetLoaders } from './routes/home-sheets';

// For main.tsx, which starts the first screen's requests before it renders the app.
export { createQueryClient } from '../lib/query-client';
export { loadFirstScreenData } from './first-data';

const SearchRoute = lazy(() => import('./routes/search'));
const AboutRoute = lazy(() => import('./routes/about'));
const PrivacyRoute = lazy(() => import('./routes/privacy'));
const SignupRoute = lazy(() => import('./routes/signup'));
const LoginRoute = lazy(() => import('./routes/login'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const UpgradeRoute = lazy(() => import('./routes/upgrade'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const DebugViewportRoute = lazy(() => import('./routes/debug-viewport'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const loadToaster = () => import('../components/ui/toaster').then((m) => ({ default: m.Toaster }));
const Toaster = lazy(loadToaster);
const loadOnboarding = () =>
  import('../features/onboarding/components/onboarding-overlay').then((m) => ({
    default: m.OnboardingOverlay,
  }));
const OnboardingOverlay = lazy(loadOnboarding);
const PwaOverlays = lazy(() =>
  import('../features/pwa/components/pwa-overlays').then((m) => ({ default: m.PwaOverlays })),
);

function RouteFallback() {
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center text-zinc-600 dark:text-zinc-300"
    >
      Loading...
    </div>
  );
}

function Onboarding() {
  const visible = useOnboardingVisible();
  // When it shows, the dialog itself takes the build-time one down once it is on screen.
  useLayoutEffect(() => {
    if (!visible) removeOnboardingShell();
  }, [visible]);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingOverlay open onComplete={completeOnboarding} onSkip={skipOnboarding} />
    </Suspense>
  );
}

/**
 * After the first paint, fetch the code every sheet and tooltip needs so the first tap opens at
 * once. One module graph at a time, each when the browser is next idle: a module graph runs in
 * one task, and all of them together made a task long enough to block a phone's input.
 */
function usePreloadWhenIdle() {
  useEffect(() => {
    const queue: (() => Promise<unknown>)[] = [
      loadMenuDrawer,
      ...homeSheetLoaders,
      // A failure here is retried at the first hover or focus (tooltip-loader.ts).
      loadTooltips,
    ];
    let cancel = () => {};
    const next = () => {
      const load = queue.shift();
      if (!load) return;
      const run = () => {
        // A failed preload (offline) only means that dialog loads when first opened.
        load().then(next, next);
      };
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(run, { timeout: 2000 });
        cancel = () => cancelIdleCallback(handle);
      } else {
        const timer = setTimeout(run, 200);
        cancel = () => clearTimeout(timer);
      }
    };
    next();
    return () => {
      queue.length = 0;
      cancel();
    };
  }, []);
}

export interface AppProps {
  /** A client already holding the first screen's answers (main.tsx); a new one otherwise. */
  client?: QueryClient;
}

function SavedByWorker() {
  useSavedByWorker();
  return null;
}

export function App({ client }: AppProps) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  usePreloadWhenIdle();
  return (
    <QueryClientProvider client={queryClient}>
      <SavedByWorker />
      <Suspense fallback={<RouteFallback />}>
        <Switch>
          <Route path={routePaths.home} component={HomeRoute} />
          <Route path={routePaths.search} component={SearchRoute} />
          <Route path={routePaths.about} component={AboutRoute} />
          <Route path={routePaths.privacy} component={PrivacyRoute} />
          <Route path={routePaths.signup} component={SignupRoute} />
          <Route path={routePaths.login} component={LoginRoute} />
          <Route path={routePaths.resetPassword} component={ResetPasswordRoute} />
          <Route path={routePaths.upgrade} component={UpgradeRoute} />
          <Route path={routePaths.profile} component={ProfileRoute} />
          <Route path={routePaths.debugViewport} component={DebugViewportRoute} />
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
      <Onboarding />
      <Suspense fallback={null}>
        <Toaster />
        <PwaOverlays />
      </Suspense>
    </QueryClientProvider>
  );
}
