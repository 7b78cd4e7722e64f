import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, watchSystemTheme } from './lib/theme';
import './styles.css';

// Before the first paint, so a dark-mode user never sees a white flash.
applyTheme();
watchSystemTheme();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The worker (docs/product.md, Update flow) is set up once the page has loaded, so registering
// it never competes with the first screen. Development serves no worker.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./features/pwa/register').then((m) => m.registerServiceWorker());
  });
}

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
