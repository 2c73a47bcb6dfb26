/* global window, fetch */
/* global document, HTMLInputElement, performance, requestAnimationFrame, Event */
// UI benchmark: prints JSON with the median time from a slider change to the redrawn ladder (and
// to every panel redrawn, those out of view a frame later included), frames per second during
// playback and while a slider is dragged, and the gzipped size of the
// built JavaScript (all of it, and what the first page fetched before its first picture).
// Run after a build:  npx vite build && node scripts/bench-ui.mjs  (PORT or BENCH_PORT picks the port)
// It serves dist/ with `vite preview` and drives Chromium (CHROMIUM_PATH, /usr/bin/chromium,
// or Playwright's own browser). The app exposes its figures on window.roundtripPerf.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { scriptsBeforeFirstPicture } from './first-picture.mjs';

const PORT = Number(process.env.BENCH_PORT || process.env.PORT || 4179);
const DIST = new URL('../dist/', import.meta.url).pathname;
const SAMPLES = 25;
const PLAYBACK_MS = 3000;
const DRAG_MS = 2000;
/** Longer than the page's gesture gap (src/ui/state/gesture.ts). */
const SAMPLE_GAP_MS = 300;

// A large page: 40 objects of 2 to 32 KB (the Microscape page arrives with the HTTP layer).
const OBJECTS = Array.from({ length: 40 }, (_, i) => 2000 + ((i * 7919) % 30000)).join(',');
const SCENARIOS = process.env.BENCH_QUERY
  ? [{ name: 'custom', query: process.env.BENCH_QUERY }]
  : [
      { name: 'default-yahoo96', query: '' },
      { name: 'objects40', query: `objects=${OBJECTS}` },
      { name: 'microscape-1.0-4conns', query: 'page=microscape&http=1.0&conns=4' },
      { name: 'bulk-2000-packets', query: 'objects=1950000' },
    ];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (x, digits = 1) => Number(x.toFixed(digits));

function jsSizes() {
  const assets = join(DIST, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const sizes = Object.fromEntries(
    files.map((f) => {
      const bytes = readFileSync(join(assets, f));
      return [f, { bytes: bytes.length, gzip_bytes: gzipSync(bytes, { level: 9 }).length }];
    }),
  );
  const total = Object.values(sizes).reduce((sum, s) => sum + s.gzip_bytes, 0);
  return {
    files: sizes,
    total_gzip_kb: round(total / 1024),
    target_kb: 150,
    under_target: total / 1024 < 150,
  };
}

async function startPreview() {
  // Node runs vite's own entry directly, so killing the child stops the server itself.
  const vite = new URL('../node_modules/vite/bin/vite.js', import.meta.url).pathname;
  const child = spawn(process.execPath, [vite, 'preview', '--port', String(PORT), '--strictPort'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const url = `http://localhost:${PORT}/`;
  for (let i = 0; i < 100 && !exited; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`vite preview did not start on port ${PORT} (is the port taken? set BENCH_PORT)`);
}

/** Gzipped KB of the JavaScript the page fetched before its first picture (scripts/first-picture.mjs). */
async function jsBeforeFirstPicture(page, url) {
  const assets = join(DIST, 'assets');
  const files = (await scriptsBeforeFirstPicture(page, url)).filter((n) => existsSync(join(assets, n)));
  const bytes = files.reduce(
    (sum, n) => sum + gzipSync(readFileSync(join(assets, n)), { level: 9 }).length,
    0,
  );
  return { files, gzip_kb: round(bytes / 1024) };
}

/** A slider dragged for DRAG_MS: one input event per animation frame; redrawn frames per second. */
async function dragFps(page) {
  return page.evaluate(async (ms) => {
    const slider = document.querySelector('input[type="range"][aria-label="Server think time slider"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const min = Number(slider.min);
    const max = Number(slider.max);
    const before = window.roundtripPerf.redraws;
    const started = performance.now();
    let step = 0;
    while (performance.now() - started < ms) {
      await new Promise((r) => requestAnimationFrame(r));
      setValue.call(slider, String(min + ((step++ * 7) % Math.max(1, max - min))));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await new Promise((r) => setTimeout(r, 300)); // let the last run land
    return ((window.roundtripPerf.redraws - before) * 1000) / (performance.now() - started - 300);
  }, DRAG_MS);
}

async function measureScenario(browser, baseUrl, scenario, firstLoad = null) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (firstLoad) {
    firstLoad.result = await jsBeforeFirstPicture(page, `${baseUrl}?${scenario.query}`);
    await page.close();
    return measureScenario(browser, baseUrl, scenario);
  }
  await page.goto(`${baseUrl}?${scenario.query}`);
  await page.waitForSelector('[data-side="a"] [data-packet], [data-side="a"] .dense-note', {
    timeout: 60_000,
  });
  // The run's packets as the figures table counts them: a dense ladder draws them as one band.
  const packets = Number(
    await page.locator('[data-metrics] [data-metric="packets"]').first().getAttribute('data-value'),
  );
  await page.waitForFunction(() => (window.roundtripPerf?.redraws ?? 0) > 0);

  // Slider change -> redrawn ladder: step the server-think slider with the keyboard.
  const slider = page.getByLabel('Server think time slider');
  await slider.focus();
  await page.evaluate(() => {
    window.roundtripPerf.changeToRedrawMs = [];
    window.roundtripPerf.changeToResultMs = [];
  });
  const allViews = [];
  for (let i = 0; i < SAMPLES; i++) {
    const before = await page.evaluate(() => {
      window.roundtripPerf.lastChangeToViewsMs = null;
      return window.roundtripPerf.changeToRedrawMs.length;
    });
    await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
    await page.waitForFunction((n) => window.roundtripPerf.changeToRedrawMs.length > n, before, {
      timeout: 30_000,
    });
    // Each step a change on its own: changes closer together are a gesture, during which the
    // page redraws only the ladder (the drag below measures that).
    await page.waitForTimeout(SAMPLE_GAP_MS);
    // The panels out of view take the run after the ladder's frame: the last of them, or the ladder.
    allViews.push(
      await page.evaluate(() =>
        Math.max(window.roundtripPerf.lastChangeToRedrawMs, window.roundtripPerf.lastChangeToViewsMs ?? 0),
      ),
    );
  }
  const latencies = await page.evaluate(() => window.roundtripPerf.changeToRedrawMs);
  const simulated = await page.evaluate(() => window.roundtripPerf.changeToResultMs);

  const drag = await dragFps(page);

  // Playback frames per second, at a speed that keeps the run playing for the whole window.
  // Unfolded, so the run plays at this speed for the whole window (folded gaps are hurried).
  await page.getByLabel('Fold idle gaps').uncheck();
  await page.getByLabel('Speed').selectOption('slow');
  const framesBefore = await page.evaluate(() => window.roundtripPerf.playbackFrames);
  await page.getByRole('button', { name: 'Play' }).click();
  const started = Date.now();
  await page.waitForTimeout(PLAYBACK_MS);
  const framesAfter = await page.evaluate(() => window.roundtripPerf.playbackFrames);
  const elapsed = Date.now() - started;
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.close();
  return {
    scenario: scenario.name,
    packets,
    change_to_redraw_ms: {
      median: round(median(latencies)),
      min: round(Math.min(...latencies)),
      max: round(Math.max(...latencies)),
      samples: latencies.length,
    },
    // Every panel shown, those out of view included (they follow the ladder's frame).
    change_to_all_views_ms: { median: round(median(allViews)) },
    change_to_worker_answer_ms: { median: round(median(simulated)) },
    // The page's own share: from the worker's answer to the redrawn views.
    answer_to_redraw_ms: {
      median: round(median(latencies.map((ms, i) => ms - (simulated[i] ?? 0)))),
    },
    playback_fps: round(((framesAfter - framesBefore) * 1000) / elapsed),
    drag_redraw_fps: round(drag),
    page_errors: errors,
  };
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const { child, url } = await startPreview();
  const browser = await chromium.launch(existsSync(chromiumPath) ? { executablePath: chromiumPath } : {});
  try {
    const scenarios = [];
    const firstLoad = { result: null };
    for (const s of SCENARIOS) {
      try {
        scenarios.push(await measureScenario(browser, url, s, scenarios.length === 0 ? firstLoad : null));
      } catch (error) {
        scenarios.push({ scenario: s.name, skipped: String(error.message ?? error).split('\n')[0] });
      }
    }
    const js = jsSizes();
    if (firstLoad.result) {
      js.first_load_gzip_kb = firstLoad.result.gzip_kb;
      js.first_load_files = firstLoad.result.files;
      js.first_load_target_kb = 115;
    }
    console.log(JSON.stringify({ scenarios, js }, null, 2));
  } finally {
    await browser.close();
    child.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
