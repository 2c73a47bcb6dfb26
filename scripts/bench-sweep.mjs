/* global window, fetch */
// Sweep benchmark: prints JSON with the time the page takes to simulate every point of a sweep
// (default kruse-fig2, 16 full runs) with a pool of 2 workers against 1 worker.
// Run after a build:  npx vite build && node scripts/bench-sweep.mjs
// BENCH_SWEEP=<id> picks another ready-made sweep. The sweep panel reports its own time in
// data-sweep-ms; window.roundtripSweepWorkers sets the pool size before the page loads.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT || 4180);
const SWEEP = process.env.BENCH_SWEEP || 'kruse-fig2';
const RUNS = 5;

async function startPreview() {
  const vite = new URL('../node_modules/vite/bin/vite.js', import.meta.url).pathname;
  const child = spawn(process.execPath, [vite, 'preview', '--port', String(PORT), '--strictPort'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://localhost:${PORT}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`vite preview did not start on port ${PORT} (set BENCH_PORT)`);
}

async function sweepMs(browser, url, workers) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript((n) => (window.roundtripSweepWorkers = n), workers);
  await page.goto(`${url}?sweep=${SWEEP}&view=sweep`);
  const done = page.locator('[data-sweep-status="done"]');
  await done.waitFor({ timeout: 120_000 });
  const ms = Number(await done.getAttribute('data-sweep-ms'));
  const points = await page.locator('[data-sweep-point]').count();
  // The same sweep again in the same page: the pool's workers are already warm.
  await page.getByRole('button', { name: 'Run again' }).click();
  await page
    .locator('[data-sweep-status="running"]')
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
  await done.waitFor({ timeout: 120_000 });
  const warmMs = Number(await done.getAttribute('data-sweep-ms'));
  await page.close();
  return { ms, warmMs, points };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const { child, url } = await startPreview();
  const browser = await chromium.launch(existsSync(chromiumPath) ? { executablePath: chromiumPath } : {});
  try {
    const result = { sweep: SWEEP, runs: RUNS };
    for (const workers of [1, 2]) {
      const times = [];
      const warm = [];
      let points = 0;
      // One warm-up run: the first load also compiles the worker's code.
      await sweepMs(browser, url, workers);
      for (let i = 0; i < RUNS; i++) {
        const run = await sweepMs(browser, url, workers);
        times.push(run.ms);
        warm.push(run.warmMs);
        points = run.points;
      }
      result[`workers_${workers}`] = {
        median_ms: median(times),
        min_ms: Math.min(...times),
        warm_median_ms: median(warm),
        points,
      };
    }
    result.speedup = Number((result.workers_1.median_ms / result.workers_2.median_ms).toFixed(2));
    result.warm_speedup = Number(
      (result.workers_1.warm_median_ms / result.workers_2.warm_median_ms).toFixed(2),
    );
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    child.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
