/* global document */
// The floor `npm run audit:web` measures the app against: React 19 starting on an empty page,
// built by the project's own Vite, with nothing of the app's. Plain createElement, so it needs
// no plugin of the app's build either.
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Floor() {
  return createElement(
    'main',
    { style: { fontFamily: 'system-ui, sans-serif', padding: '1rem' } },
    createElement('h1', null, 'A minimal React page'),
    createElement(
      'p',
      null,
      'React and React DOM alone, rendered once: the least a React first screen costs.',
    ),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(createElement(StrictMode, null, createElement(Floor)));
