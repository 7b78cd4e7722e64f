// The web app's first screen in index.html (src/web/prerender.tsx, src/web/shell/): rendered at
// build time by the app's own components, and the small boot script that picks, before the
// first paint, what of it shows. A phone on a slow network paints the app from the HTML and
// one stylesheet instead of after its JavaScript has downloaded and run.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { build, createServer } from 'vite';

const ROOT_PLACEHOLDER = '<div id="root"></div>';
/** src/web/shell/first-screen.ts, FIRST_SCREEN.appModulesId. */
const APP_MODULES_ID = 'app-modules';

/**
 * A file of src/web/shell as one small classic script: the boot script (a module would not run
 * before paint), and the worker it starts (a classic worker script works in every browser).
 */
async function bundleClassic(root, alias, name) {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias },
    build: {
      write: false,
      minify: true,
      lib: { entry: join(root, 'shell', `${name}.ts`), formats: ['iife'], name: 'voiceIdeas' },
    },
  });
  const chunk = [output].flat()[0].output.find((item) => item.type === 'chunk');
  const hash = createHash('sha256').update(chunk.code).digest('hex').slice(0, 10);
  return { fileName: `assets/${name}-${hash}.js`, code: chunk.code };
}

/** Loads prerender.tsx through Vite (TSX, the rooms' aliases) and renders it in Node. */
async function renderFirstScreen(root, alias) {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias },
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderFirstScreen: render } = await server.ssrLoadModule('/prerender.tsx');
    return render();
  } finally {
    await server.close();
  }
}

/**
 * The entry imports the app itself dynamically (main.tsx), so its modules run in a task of their
 * own; they are still needed for the first screen, so they are preloaded (and the budget in
 * scripts/web-budget.mjs counts them) like the entry's static imports.
 */
function appPreloads(html, entry, bundle) {
  const app = entry?.dynamicImports
    .map((file) => bundle?.[file])
    // The app's chunk holds app.tsx among the modules it imports (vite.config.ts), not as its facade.
    .find(
      (item) => item?.type === 'chunk' && item.moduleIds.some((id) => id.endsWith('/app/app.tsx')),
    );
  if (!app) throw new Error('The entry no longer imports app/app.tsx: nothing to preload for it');
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of bundle[file]?.imports ?? []) visit(imported);
  };
  visit(app.fileName);
  return [...files].filter((file) => !html.includes(`/${file}"`));
}

/** @returns {import('vite').Plugin} */
export function firstScreen({ root, alias }) {
  let boot;
  let intlWarmup;
  return {
    name: 'voice-ideas:first-screen',
    apply: 'build',
    async buildStart() {
      [boot, intlWarmup] = await Promise.all([
        bundleClassic(root, alias, 'boot'),
        bundleClassic(root, alias, 'intl-warmup'),
      ]);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { chunk, bundle }) {
        if (!html.includes(ROOT_PLACEHOLDER)) {
          throw new Error(`index.html has no ${ROOT_PLACEHOLDER} to draw the first screen into`);
        }
        // The boot script fetches and starts the app's modules once the first screen is shown:
        // fetched beside the stylesheet, they took its bandwidth on a slow network, and a
        // simulated one (Lighthouse's Lantern) counted them as holding up that paint.
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entryTag)
          throw new Error('index.html has no module entry script to start after paint');
        const screen = await renderFirstScreen(root, alias);
        const modules = [
          entryTag[1],
          ...[...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
            (match) => match[1],
          ),
          ...appPreloads(html, chunk, bundle).map((file) => `/${file}`),
        ]
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
          .join('');
        return html
          .replace(entryTag[0], '')
          .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
          .replace(
            '<title>',
            // Inert in a template until the boot script puts them in <head> (scripts/web-budget.mjs
            // counts them from here): before it, so it can when it starts the app at once.
            `<template id="${APP_MODULES_ID}">${modules}</template>\n    ` +
              `<script src="/${boot.fileName}" data-app="${entryTag[1]}" data-intl-warmup="/${intlWarmup.fileName}"></script>\n    <title>`,
          )
          .replace(
            ROOT_PLACEHOLDER,
            `<div id="root">${screen.app}</div>\n    ${screen.onboarding}`,
          );
      },
    },
    generateBundle() {
      for (const script of [boot, intlWarmup]) {
        this.emitFile({ type: 'asset', fileName: script.fileName, source: script.code });
      }
    },
  };
}
