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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'd3', 'd3/*', 'd3-*'],
              message: 'src/engine must stay free of React and D3 (see DESIGN.md section 1).',
            },
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
  prettier,
);
