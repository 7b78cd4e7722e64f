import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, watchSystemTheme } from './lib/theme';
import './styles.css';

// The boot script (shell/boot.ts) set the theme before the first paint; this hooks up React's
// listeners and follows the system from now on.
applyTheme();
watchSystemTheme();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The worker (docs/product.md, Update flow) is registered after the person's first interaction,
// once the preloads it starts are done (app.tsx): installing it fetches and stores the whole app
// shell (70 files), which, registered at the load event, ran beside React's start on a first
// visit (docs/lab-notes/2026-11-web-app-blocking-time.md; ADR 140). A page hidden before any interaction registers it then.
// A page a worker already controls (an earlier visit installed it) has nothing to install: it
// registers when first idle after the first render, as before, so the update check and its
// Update Available banner do not wait for a tap. Development serves no worker.
const registerWorker = import.meta.env.PROD
  ? () => void import('./features/pwa/register').then((m) => m.registerServiceWorker())
  : undefined;
const workerInstalled = 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

// index.html already shows the first screen (prerender.tsx), so nothing is gained by starting
// in one blocking task: the app's modules run in a task of their own after React's (index.html
// preloads both), home's answers are asked for before the first render so it is the only one
// (app/first-data.ts), and as a transition React yields to the browser every few milliseconds
// while it renders, then replaces the build-time markup in its commit.
void import('./app/app').then(async ({ App, createQueryClient, loadFirstScreenData }) => {
  const client = createQueryClient();
  await loadFirstScreenData(client, location.pathname);
  startTransition(() => {
    createRoot(rootElement).render(
      <StrictMode>
        <App client={client} whenSettled={workerInstalled ? undefined : registerWorker} />
      </StrictMode>,
    );
  });
  if (workerInstalled && registerWorker) whenIdle(registerWorker);
});
