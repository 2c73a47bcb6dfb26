import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';

/**
 * The source is written against the React API (and typechecked with @types/react), but the page
 * ships Preact's compatibility layer in its place: react-dom alone is about 60 KB of gzipped
 * JavaScript, preact/compat about a sixth of that, and the page's first picture waits for its
 * JavaScript. Exact matches only, so no other package's name is caught.
 */
const REACT_TO_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

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

/**
 * A deploy may label itself (VITE_ROUNDTRIP_RELEASE, e.g. its commit): the page carries it as
 * <html data-release>, and every script names it in a first comment, so two releases never share
 * a file name and a cached file says which release it came from.
 */
const release = process.env.VITE_ROUNDTRIP_RELEASE?.trim() ?? '';

function hostingPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'roundtrip:static-hosting',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // The page's label, written into it, so it is there before any script runs.
    transformIndexHtml(html) {
      if (!release) return html;
      const attribute = release.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      return html.replace(/<html\b/, `<html data-release="${attribute}"`);
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

/**
 * The simulation worker as a chunk of the page's own build. Vite builds a `new Worker(new URL(...))`
 * as a separate bundle, so the engine would ship twice: once in the worker, once in the chunk the
 * page loads to run small scenarios on its own thread. Here the worker's module is emitted as one
 * more entry of the same build instead: its engine and scenario modules land in chunks the page
 * shares, and the worker imports them (a module worker). In `vite` (serve) mode Vite's own worker
 * handling stays.
 */
const WORKER_URL = "new URL('./sim.worker.ts', import.meta.url)";

function workerChunkPlugin(): Plugin {
  let ref = '';
  return {
    name: 'roundtrip:worker-chunk',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      ref = this.emitFile({
        type: 'chunk',
        id: resolve(import.meta.dirname, 'src/worker/sim.worker.ts'),
        name: 'sim.worker',
      });
    },
    transform(code, id) {
      if (!id.endsWith('/src/worker/createSimWorker.ts')) return null;
      if (!code.includes(WORKER_URL)) this.error('createSimWorker.ts no longer names ./sim.worker.ts');
      return {
        code: code.replace(WORKER_URL, "new URL(String('__ROUNDTRIP_WORKER_FILE__'), import.meta.url)"),
        map: null,
      };
    },
    renderChunk(code) {
      if (!code.includes('__ROUNDTRIP_WORKER_FILE__')) return null;
      // Every chunk sits in the same folder, so the worker's file name alone is its relative URL.
      const file = this.getFileName(ref).split('/').pop()!;
      return { code: code.replaceAll('__ROUNDTRIP_WORKER_FILE__', `./${file}`), map: null };
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [workerChunkPlugin(), hostingPlugin()],
  resolve: { alias: REACT_TO_PREACT },
  // JSX compiles to the automatic runtime's `react/jsx-runtime` imports, which the alias above sends
  // to Preact. There is no React Fast Refresh under Preact: an edit reloads the page in `vite` (serve).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { postBanner: release && `/*! Roundtrip ${release.replace(/\*\//g, '')} */` },
    },
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // Property tests run hundreds of simulations: a budget for a busy machine, not a speed check.
    testTimeout: 30_000,
  },
});
