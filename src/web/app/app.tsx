import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import {
  completeOnboarding,
  skipOnboarding,
  useOnboardingVisible,
} from '../features/onboarding/onboarding-store';
import { useAnyToastShown } from '../components/ui/toast-store';
import { loadTooltips } from '../components/ui/tooltip-loader';
import { useSavedByWorker } from '../features/capture/offline/use-pending';
import { useSpeechSetup } from '../features/capture/speech-engine';
import { useKeptEdits } from '../features/ideas/hooks/use-kept-edits';
import { useServerConfig } from '../lib/server-config';
import { routePaths } from '../lib/paths';
import { createQueryClient } from '../lib/query-client';
import { removeOnboardingShell } from '../shell/first-screen';
import { HomeRoute } from './routes/home';
import { loadMenuDrawer } from './app-shell';
import { homeSheetLoaders } from './routes/home-sheets';
import { onFirstInteraction } from './first-interaction';

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
const DebugRoute = lazy(() => import('./routes/debug'));
const DebugViewportRoute = lazy(() => import('./routes/debug-viewport'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
export const loadToaster = () =>
  import('../components/ui/toaster').then((m) => ({ default: m.Toaster }));
const Toaster = lazy(loadToaster);
const loadOnboarding = () =>
  import('./onboarding-dialog').then((m) => ({ default: m.OnboardingDialog }));
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
  const config = useServerConfig();
  const speech = useSpeechSetup(config.data);
  // When it shows, the dialog itself takes the build-time one down once it is on screen.
  useLayoutEffect(() => {
    if (!visible) removeOnboardingShell();
  }, [visible]);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingOverlay
        open
        onComplete={completeOnboarding}
        onSkip={skipOnboarding}
        speech={config.data ? speech : undefined}
      />
    </Suspense>
  );
}

/**
 * What the idle preloads fetch, in order: where the main pointer can hover, the tooltips first (a
 * pointer resting on a button is often the first thing that happens, and a tooltip loaded by that
 * hover waits for the next move to open); then the toaster's and every sheet's code, so the first
 * toast shows and the first tap opens at once. A touch screen shows a tooltip only to a keyboard,
 * whose first focus loads it (tooltip-loader.ts): preloading it there cost a phone the module's
 * evaluation and a blocking re-render of every icon button, for nothing
 * (docs/lab-notes/2026-11-web-app-blocking-time.md; ADR 063). A failed tooltip preload is retried
 * at the first hover or focus.
 */
export function idlePreloads(canHover: boolean): (() => Promise<unknown>)[] {
  return [...(canHover ? [loadTooltips] : []), loadToaster, loadMenuDrawer, ...homeSheetLoaders];
}

/** Runs `task` when the browser is next idle (or within 2 s); returns how to cancel it. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * Runs each load when the browser is next idle, one after another (a module graph runs in one
 * task, and all of them together made a task long enough to block a phone's input), then
 * `then` at the next idle moment after the last has settled; a failed load (offline) only
 * means that dialog loads when first opened. Returns how to stop what has not run yet.
 */
export function runWhenIdle(
  loads: readonly (() => Promise<unknown>)[],
  then?: () => void,
  schedule: (task: () => void) => () => void = whenIdle,
): () => void {
  const queue = [...loads];
  let stopped = false;
  let cancel = () => {};
  const next = () => {
    if (stopped) return;
    const load = queue.shift();
    if (load) cancel = schedule(() => void load().then(next, next));
    else if (then) cancel = schedule(then);
  };
  next();
  return () => {
    stopped = true;
    cancel();
  };
}

/**
 * From the person's first interaction on (first-interaction.ts), fetch the code of idlePreloads
 * when idle, then run `then`.
 */
function usePreloadAfterFirstInteraction(then: (() => void) | undefined) {
  useEffect(() => {
    const canHover = typeof matchMedia === 'function' && matchMedia('(hover: hover)').matches;
    let stopLoads = () => {};
    const stopWaiting = onFirstInteraction(() => {
      stopLoads = runWhenIdle(idlePreloads(canHover), then);
    }, canHover);
    return () => {
      stopWaiting();
      stopLoads();
    };
  }, [then]);
}

export interface AppProps {
  /** A client already holding the first screen's answers (main.tsx); a new one otherwise. */
  client?: QueryClient;
  /**
   * Work that waits until the person's first interaction and the idle preloads after it are done
   * (main.tsx: the service worker's registration).
   */
  whenSettled?: () => void;
}

/**
 * Radix's toast provider and viewport, rendered from the first toast on: on the first screen they
 * only added a module to evaluate and a subtree to render and commit after the first paint
 * (docs/lab-notes/2026-11-web-app-blocking-time.md). Their code is preloaded when idle, so the
 * first toast does not wait for a download.
 */
function Toasts() {
  return useAnyToastShown() ? <Toaster /> : null;
}

function SavedByWorker() {
  useSavedByWorker();
  useKeptEdits();
  return null;
}

export function App({ client, whenSettled }: AppProps) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  usePreloadAfterFirstInteraction(whenSettled);
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
          <Route path={routePaths.debug} component={DebugRoute} />
          <Route path={routePaths.debugViewport} component={DebugViewportRoute} />
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
      <Onboarding />
      <Suspense fallback={null}>
        <Toasts />
        <PwaOverlays />
      </Suspense>
    </QueryClientProvider>
  );
}
