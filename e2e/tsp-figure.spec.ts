// The time-sequence plot and the congestion strips under it read as one figure: strip titles clear
// their tick labels, and a moment sits at the same x in every chart.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openLab } from './lab';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];
/** The playhead past the end of any run here, so everything is drawn. */
const AT_END = 't=100000';
const LONG_BBR_RUN = 'objects=20000000&flush=none&link=longfat&window=16000000&cc=bbr&sack=1';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

async function boxesOf(locator: Locator): Promise<Box[]> {
  return Promise.all((await locator.all()).map(boxOf));
}

/** The centre x of each time tick label ("250 ms", "1.5 s") among `labels`, by its text. */
async function timeTickCentres(labels: Locator): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const label of await labels.all()) {
    const text = (await label.textContent()) ?? '';
    if (!/^[\d.]+ m?s$/.test(text)) continue;
    const box = await boxOf(label);
    out.set(text, box.x + box.width / 2);
  }
  return out;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The plot area of side `side`'s time-sequence plot (the brush target covers exactly it). */
function tspPlotArea(page: Page, side: 'a' | 'b' = 'a'): Locator {
  return page.locator(`[data-tsp-side="${side}"] .tsp-brush`);
}

for (const viewport of VIEWPORTS) {
  test(`the congestion strips' titles clear their tick labels (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    test.setTimeout(120_000); // the long run takes a while to simulate
    for (const query of [LONG_BBR_RUN, 'preset=cardwell-bufferbloat&b.cc=cubic']) {
      await page.goto(`/?${query}&${AT_END}`);
      const strips = page.locator('[data-cc-strip]');
      await expect(strips.nth(1)).toBeAttached({ timeout: 60_000 });
      for (const strip of await strips.all()) {
        const title = await boxOf(strip.locator('.axis-title'));
        for (const tick of await boxesOf(strip.locator('.tick-label')))
          expect(overlaps(title, tick)).toBe(false);
      }
    }
  });

  test(`the congestion strips' time axis lines up with the plot above (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLab(page, `preset=nielsen-wan-pipe-first&${AT_END}`);
    const box = page.locator('[data-tsp-side="a"]');
    const plot = tspPlotArea(page);
    const plotLeft = Number(await plot.getAttribute('x'));
    const plotRight = plotLeft + Number(await plot.getAttribute('width'));
    // Every grid line of a strip spans the plot's width exactly.
    const grids = await box.locator('[data-cc-strip] line').all();
    expect(grids.length).toBeGreaterThan(0);
    for (const grid of grids) {
      expect(Number(await grid.getAttribute('x1'))).toBe(plotLeft);
      expect(Number(await grid.getAttribute('x2'))).toBe(plotRight);
    }
    // The strips' time ticks are the plot's, at the same x.
    const above = await timeTickCentres(box.locator('.tsp-svg .tick-label'));
    const below = await timeTickCentres(box.locator('.cc-chart .tick-label'));
    expect(below.size).toBeGreaterThanOrEqual(2);
    expect([...below.keys()]).toEqual([...above.keys()]);
    for (const [text, x] of below) expect(x).toBeCloseTo(above.get(text)!, 0);
  });
}
