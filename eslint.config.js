import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Each folder of src/web/features is one feature; the list is read, so a new one is covered.
const WEB_FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// What no file of the web app may import (a feature's own rules add to these, since a later
// rule of the same name replaces an earlier one).
const WEB_ROOM_PATTERNS = [
  {
    group: ['**/server/**', '\\#server/*'],
    message: 'The web app never imports server code; share through src/contract.',
  },
  {
    // Of the text engine only detect/ is light enough for the page budget.
    regex: String.raw`(^|/|#)text/(?!detect/)`,
    message: 'The web app imports only src/text/detect; the formatters stay on the server.',
  },
  {
    group: ['wink-*', 'compromise', 'compromise/*'],
    message: 'The NLP library stays on the server (the page budget).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'models/**',
      'node_modules/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Another room, or anything three folders up, is reached through its alias
      // (package.json "imports": #contract/, #text/, #server/, #web/, #tests/).
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ImportExpression',
          'ExportNamedDeclaration',
          'ExportAllDeclaration',
        ].flatMap((node) => [
          {
            selector: `${node}[source.value=/^(\\.\\.\\/){3,}/]`,
            message: 'Three folders up or more: import through the room alias (#web/…, #server/…).',
          },
          {
            selector: `${node}[source.value=/^(\\.\\.\\/)+(src\\/)?(contract|text|server|web|tests|scripts)\\//]`,
            message:
              'Another room is imported through its alias: #contract/…, #text/…, #server/…, #web/…, #tests/….',
          },
        ]),
      ],
    },
  },
  {
    // The rooms: contract and text are pure and import neither server nor web; web never reaches the server.
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server/**',
                '**/web/**',
                '**/text/**',
                '\\#server/*',
                '\\#web/*',
                '\\#text/*',
                'node:*',
                'fs',
                'path',
              ],
              message: 'src/contract is pure: no I/O, no server, web or text imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/text/**/*.ts'],
    ignores: ['src/text/detect/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server/**',
                '**/web/**',
                '\\#server/*',
                '\\#web/*',
                'node:*',
                'fs',
                'path',
              ],
              message: 'src/text is pure: no I/O, no server or web imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser runs detection on every transcript: it stays light, so no NLP model and none
    // of the server-only formatters.
    files: ['src/text/detect/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server/**',
                '**/web/**',
                '\\#server/*',
                '\\#web/*',
                'node:*',
                'fs',
                'path',
              ],
              message: 'src/text is pure: no I/O, no server or web imports.',
            },
            {
              group: [
                'wink-*',
                'compromise',
                'compromise/*',
                '**/formats/**',
                '**/nlp',
                '**/nlp.js',
                '**/clauses.js',
                '**/infer.js',
              ],
              message:
                'src/text/detect runs in the browser: no NLP library and nothing that loads it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: WEB_ROOM_PATTERNS,
        },
      ],
    },
  },
  // Features do not import each other, nor the app that composes them: what two features share
  // lives in src/web/lib or src/web/components, and src/web/app puts features together.
  ...WEB_FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    // The service worker is an entry point of its own, like src/web/app: it composes the
    // features it runs (the offline queue's processing on Background Sync).
    ignores: ['src/web/features/pwa/service-worker.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_ROOM_PATTERNS,
            {
              regex: `^(\\.\\./)+(features/)?(${WEB_FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
              message: `Features do not import each other: move what ${feature} shares to src/web/lib or src/web/components, or compose in src/web/app.`,
            },
            {
              regex: `^#web/features/(${WEB_FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
              message: `Features do not import each other: move what ${feature} shares to src/web/lib or src/web/components, or compose in src/web/app.`,
            },
            {
              regex: '^((\\.\\./)+|#web/)app(/|$)',
              message: 'A feature does not import src/web/app; the app composes features.',
            },
          ],
        },
      ],
    },
  })),
  {
    // The server's rooms (docs/architecture.md). http/ is transport only: it never reaches into
    // a domain module; what it needs from one (a session store) it declares as an interface.
    files: ['src/server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/',
              message: 'src/server/http is transport only: it does not import modules/.',
            },
            {
              regex: '(^|/)app\\.js$',
              message: 'Nothing imports app.ts but main.ts and tests: pass what you need in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Modules talk through services: a module may reach another only through its service.ts,
    // or a transaction-steps.ts (steps another module runs inside its own transaction).
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./|#server/modules/)[^./][^/]*/(?!(service|transaction-steps)\\.js$)',
              message:
                "Modules talk through services: import another module's service.ts (or its transaction-steps.ts), nothing else of it.",
            },
            {
              regex: '(^|/)app\\.js$',
              message: 'Nothing imports app.ts but main.ts and tests: pass what you need in.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's routes are thin (parse, call the service, reply) and import no other module.
    files: ['src/server/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./|#server/modules/)[^./][^/]*/',
              message:
                "A module's routes import no other module: compose modules in app.ts or in a service.",
            },
            {
              regex: '(^|/)app\\.js$',
              message: 'Nothing imports app.ts but main.ts and tests: pass what you need in.',
            },
          ],
        },
      ],
    },
  },
  {
    // All SQL sits in a module's repository files; only the module itself, the app wiring
    // (app.ts, main.ts) and tests import them.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/app.ts',
      'src/server/main.ts',
      '**/*.test.ts',
      'src/server/test-support/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)(.*/)?([a-z-]+-)?repository(-[a-z-]+)?\\.js$',
              message:
                "Only a module itself, app.ts/main.ts and tests import its repository; go through the module's service.",
            },
          ],
        },
      ],
    },
  },
);
