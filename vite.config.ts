import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
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

/**
 * Static hosting (GitHub Pages): after the build, give dist/sw.js its precache list and a version
 * that changes with every build (also written into index.html, so a page can tell the service
 * worker which build it runs), and point dist/404.html at the site's root
 * (ROUNDTRIP_BASE_PATH, e.g. "/roundtrip/"; "/" when unset).
 */
/** Files the service worker does not keep: itself and the 404 page's pair. */
const NOT_PRECACHED = new Set(['sw.js', '404.html', '404.js']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function basePathFromEnv(raw: string | undefined): string {
  const trimmed = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

function hostingPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'roundtrip:static-hosting',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const swPath = join(outDir, 'sw.js');
      if (existsSync(swPath)) {
        const files = filesUnder(outDir)
          .map((f) => relative(outDir, f).split(sep).join('/'))
          .filter((f) => !NOT_PRECACHED.has(f))
          .sort();
        // Hashed asset names and index.html change whenever the app does.
        const version = createHash('sha256')
          .update(files.join('\n'))
          .update(readFileSync(join(outDir, 'index.html')))
          .digest('hex')
          .slice(0, 12);
        const list = ['./', ...files.map((f) => `./${f}`)].map((f) => JSON.stringify(f)).join(', ');
        const sw = readFileSync(swPath, 'utf8')
          .replace('__ROUNDTRIP_BUILD__', version)
          .replace("'__ROUNDTRIP_PRECACHE__'", list);
        writeFileSync(swPath, sw);
        const index = join(outDir, 'index.html');
        writeFileSync(index, readFileSync(index, 'utf8').replace('__ROUNDTRIP_BUILD__', version));
      }
      const notFound = join(outDir, '404.html');
      if (existsSync(notFound)) {
        const base = basePathFromEnv(process.env.ROUNDTRIP_BASE_PATH);
        writeFileSync(notFound, readFileSync(notFound, 'utf8').replaceAll('__ROUNDTRIP_BASE__', base));
      }
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [react(), relaxCspForDevServer(), hostingPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // Property tests run hundreds of simulations: a budget for a busy machine, not a speed check.
    testTimeout: 30_000,
  },
});
