// node scripts/run-bundled.mjs <entry.ts> [args...]: runs a TypeScript CLI bundled by esbuild as
// the page's build treats it. tsx (which `npm run sim` uses) keeps function names by wrapping
// every closure in a __name() call at run time: right for stack traces, but a benchmark under it
// measures a program the page never runs (it cost the Kruse grid about a third of its time).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node scripts/run-bundled.mjs <entry.ts> [args...]\n');
  process.exit(2);
}
const dir = resolve('node_modules/.cache/roundtrip');
mkdirSync(dir, { recursive: true });
const outfile = resolve(dir, `${entry.replace(/[^a-z0-9]+/gi, '_')}.mjs`);
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile,
  logLevel: 'warning',
});
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
