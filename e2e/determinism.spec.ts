// The engine gives the same trace, to the byte, in Chromium as in Node: every preset, every
// scenario a lesson opens or compares with, and a few stress cases, all in one page evaluate.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { traceHash } from '../src/engine/hash';
import { LESSONS } from '../src/scenario/lessons';
import { PRESETS } from '../src/scenario/presets';
import { runQuery } from '../src/scenario';

const LESSON_QUERIES = LESSONS.flatMap((lesson) =>
  lesson.steps.flatMap((step) => [
    step.query,
    ...step.checks.flatMap((check) => (check.kind === 'compare' ? [check.versus] : [])),
  ]),
);

const QUERIES = [
  ...new Set([
    '',
    ...PRESETS.map((p) => `preset=${p.id}`),
    ...LESSON_QUERIES,
    'objects=300000&flush=none&rtt=50&loss=3&seed=4&window=65535',
    'link=ppp28k&objects=200000,30000&queue=3&iw=10&window=65535',
    'link=geo&window=262144&objects=500000&ssr=rfc&delack=fixed&delackms=100',
    'mss=64&window=300&objects=5000&loss=20&seed=99&nagle=0',
  ]),
];

test('the engine in the browser matches the engine in Node, trace for trace', async ({ page }) => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const bundle = await build({
    stdin: {
      contents: "export { runQuery } from './src/scenario'; export { traceHash } from './src/engine/hash';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'RoundtripEngine',
    platform: 'browser',
    write: false,
  });
  await page.goto('about:blank');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const inBrowser = await page.evaluate((queries) => {
    const engine = (
      globalThis as unknown as { RoundtripEngine: { runQuery: typeof runQuery; traceHash: typeof traceHash } }
    ).RoundtripEngine;
    return queries.map((q) => engine.traceHash(engine.runQuery(q).trace));
  }, QUERIES);
  const inNode = QUERIES.map((q) => traceHash(runQuery(q).trace));
  expect(QUERIES.length).toBeGreaterThan(PRESETS.length + LESSONS.length);
  expect(inBrowser).toEqual(inNode);
  expect(new Set(inNode).size).toBeGreaterThan(QUERIES.length / 2); // the hashes tell runs apart
});
