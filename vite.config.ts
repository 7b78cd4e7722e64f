import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreen } from './scripts/first-screen.mjs';
import { precompress } from './scripts/precompress.mjs';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
// The rooms' import aliases (package.json "imports" for Node); the web app's imports carry no
// extension, which Node's subpath mapping cannot resolve, so Vite maps the prefixes itself.
export const roomAliases = [
  {
    find: /^#(contract|text|web)\//,
    replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/$1/`,
  },
];
/** React 19 has useSyncExternalStore: wouter's shim for older Reacts is left out (see the file). */
const reactBuiltIns = [
  {
    find: /^use-sync-external-store\/shim\/index\.js$/,
    replacement: fileURLToPath(
      new URL('./src/web/lib/use-sync-external-store.ts', import.meta.url),
    ),
  },
];
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const packageJson = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };

/** docs/product.md, Colours: the page background of each scheme, so the splash matches the app. */
const LIGHT_BACKGROUND = '#fafafa';

/** After every other plugin (the service worker is written last): .br and .gz beside each file. */
function precompressBuild(): Plugin {
  return {
    name: 'voice-ideas:precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompress(outDir);
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  resolve: { alias: [...roomAliases, ...reactBuiltIns] },
  // Shared with the service worker's own build: GET_VERSION answers with it.
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  plugins: [
    react(),
    tailwindcss(),
    firstScreen({ root: webRoot, alias: roomAliases }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'features/pwa',
      filename: 'service-worker.ts',
      // The app registers the worker itself (features/pwa/register.ts) with workbox-window.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // Chromium refuses a classic worker script that ends in `export default`.
        rollupFormat: 'iife',
        // The manifest and its icons are added by the plugin itself.
        globPatterns: ['**/*.{js,css,html,svg}'],
      },
      manifest: {
        id: '/',
        name: 'Voice Ideas',
        short_name: 'Voice Ideas',
        description: 'Turn a spoken thought into a finished tweet, checklist or pitch.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        // The manifest holds one colour each; index.html's theme-color metas switch for dark.
        theme_color: LIGHT_BACKGROUND,
        background_color: LIGHT_BACKGROUND,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        // A voice memo shared from another app opens here and is imported (docs/product.md).
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            files: [
              {
                name: 'audio',
                accept: ['audio/*', '.m4a', '.mp3', '.ogg', '.opus', '.wav', '.webm'],
              },
            ],
          },
        },
        shortcuts: [
          {
            name: 'New recording',
            short_name: 'Record',
            url: '/?record=1',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
    }),
    precompressBuild(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    // Per-chunk gzip sizes on every build; scripts/build.mjs holds the sum for `/` to its budget.
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React DOM in a chunk of its own, required from the small entry (main.tsx). Its
          // module-level `Error()`s make V8 find the source positions of every function on the
          // stack when a DevTools session is attached, as in Lighthouse: re-parsing React DOM's
          // whole module wrapper and the module that requires it. Required from an entry that also
          // held React DOM, that was a second parse of all of it, 13-16 ms of CPU more in the
          // entry's task (docs/lab-notes/2026-11-web-app-blocking-time.md; ADR 063). A browser
          // without DevTools attached parses neither.
          //
          // Everything else the first screen runs in one chunk: app.tsx and, through
          // includeDependenciesRecursively, every module it imports statically. Left to automatic
          // chunking, each module the app shares with a lazy sheet or route went into a small
          // chunk of its own (25 files for /): each cost its own gzip stream and the import and
          // export lists that tie the chunks together, 5.9 KB gzipped of the 112.5 KB for / was
          // that (docs/benchmarks.md). A sheet's chunk imports from this one, already loaded.
          groups: [
            {
              name: 'react-dom',
              test: /node_modules[\\/](react-dom|scheduler)[\\/]/,
              // Taken before the app's group, which would otherwise capture it as a dependency.
              priority: 1,
            },
            { name: 'app', test: /src[\\/]web[\\/]app[\\/]app\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
