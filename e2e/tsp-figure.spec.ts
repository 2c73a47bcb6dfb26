// The time-sequence plot and the congestion strips under it read as one figure: a moment sits at
// the same x in every chart.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openLab } from './lab';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];
/** The playhead past the end of any run here, so everything is drawn. */
const AT_END = 't=100000';

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

/** The plot area of side `side`'s time-sequence plot (the brush target covers exactly it). */
function tspPlotArea(page: Page, side: 'a' | 'b' = 'a'): Locator {
  return page.locator(`[data-tsp-side="${side}"] .tsp-brush`);
}

for (const viewport of VIEWPORTS) {
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
