import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

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
    },
  },
  {
    // The rooms: core and text are pure and import neither server nor web; web never reaches the server.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '**/text/**', 'node:*', 'fs', 'path'],
              message: 'src/core is pure: no I/O, no server, web or text imports.',
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
              group: ['**/server/**', '**/web/**', 'node:*', 'fs', 'path'],
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
              group: ['**/server/**', '**/web/**', 'node:*', 'fs', 'path'],
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
          patterns: [
            {
              group: ['**/server/**'],
              message: 'The web app never imports server code; share through src/core.',
            },
            {
              // Of the text engine only detect/ is light enough for the page budget.
              regex: String.raw`(^|/)text/(?!detect/)`,
              message:
                'The web app imports only src/text/detect; the formatters stay on the server.',
            },
            {
              group: ['wink-*', 'compromise', 'compromise/*'],
              message: 'The NLP library stays on the server (the page budget).',
            },
          ],
        },
      ],
    },
  },
);
