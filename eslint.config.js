// @ts-check
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

const nodeGlobals = {
  process: 'readonly',
  console: 'readonly',
  URL: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
};

/** A layer rule of DESIGN.md section 1, as a no-restricted-imports pattern on relative paths. */
const layer = (regex, why) => ({ regex, message: `${why} (layer rules, DESIGN.md section 1).` });

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.vite/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // React components (.tsx) and custom hooks living in src/ui as plain .ts files.
    files: ['**/*.tsx', 'src/ui/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The engine is a pure, deterministic simulator: no UI libraries, no wall clock, no randomness.
    files: ['src/engine/**'],
    rules: {
      // One concept a file: an engine file past 400 lines holds more than one.
      'max-lines': ['error', { max: 400 }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'd3', 'd3/*', 'd3-*'],
              message: 'src/engine must stay free of React and D3 (see DESIGN.md section 1).',
            },
            layer(
              '^(\\.\\./)+(scenario|views|ui|worker|cli)(/|$)',
              'src/engine imports nothing outside itself',
            ),
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Use the seeded PRNG: the engine must be deterministic.',
        },
        {
          object: 'Date',
          property: 'now',
          message: 'Use the simulation clock: the engine must be deterministic.',
        },
        {
          object: 'performance',
          property: 'now',
          message: 'Use the simulation clock: the engine must be deterministic.',
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'src/engine must not touch the DOM.' },
        { name: 'document', message: 'src/engine must not touch the DOM.' },
      ],
    },
  },
  {
    files: ['src/scenario/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [layer('^(\\.\\./)+(views|ui|worker|cli)(/|$)', 'src/scenario imports only src/engine')],
        },
      ],
    },
  },
  {
    files: ['src/views/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('^(\\.\\./)+(ui|worker|cli)(/|$)', 'src/views draw; they do not reach into the app'),
            layer(
              '^(\\.\\./)+engine/(simulate|network|sim|link|http|tcp)(/|$)',
              'src/views draw from a trace and a time; they never run the engine',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/worker/**', 'src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('^(\\.\\./)+(views|ui)(/|$)', 'the worker and the CLI run the engine; they draw nothing'),
          ],
        },
      ],
    },
  },
  prettier,
);
