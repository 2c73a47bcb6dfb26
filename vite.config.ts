import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * index.html carries a strict Content-Security-Policy (script-src 'self').
 * The dev server's React Fast Refresh preamble is an inline <script>, so in `vite` (serve) mode only
 * we let inline scripts through. Builds keep the strict policy unchanged.
 */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'roundtrip:relax-csp-for-dev-server',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [react(), relaxCspForDevServer()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
  },
});
