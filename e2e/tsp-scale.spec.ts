// The time-sequence plot of a long bulk transfer reads truthfully: its data line shows as data.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { engine, screenshotPixels } from './lab';
import { tspSeries } from '../src/views/tspSeries';

/** The stall bands' caps along the plot's top, the rug's row of ticks under them and a little room under it. */
const RUG_ROOM_PX = 15;

for (const width of [390, 1280]) {
  test(`a long transfer's data line reads as data, not as its one resend in a hundred (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000); // 32,000 packets to simulate, here and in the page
    // 30 MB over the WAN with 1% loss: about a hundred segments to a pixel column of the plot.
    const query = 'objects=30000000&flush=none&link=wan&loss=1&window=65535';
    const segments = tspSeries(engine(query).trace, 0).segments;
    const resent = segments.filter((s) => s.retransmit || s.dropped).length;
    expect(resent / segments.length).toBeLessThan(0.03);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/?${query}&view=tsp`);
    const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
    await expect(svg.locator('[data-legend="retransmit dropped"]')).toHaveCount(1, { timeout: 60_000 });
    // The plot's pixels: how many are painted the data's colour and how many the resends'.
    // Below the rug of ticks along its top, which marks the resends' columns on purpose.
    // In view: a screenshot's clip below the fold comes back blank.
    await svg.locator('.tsp-brush').scrollIntoViewIfNeeded();
    const plot = (await svg.locator('.tsp-brush').boundingBox())!;
    const clip = { ...plot, y: plot.y + RUG_ROOM_PX, height: plot.height - RUG_ROOM_PX };
    const pixels = await screenshotPixels(page, clip);
    const colours = await svg.evaluate((el) => {
      const stroke = (series: string) =>
        getComputedStyle(el.querySelector(`[data-series="${series}"]`)!).stroke;
      return { data: stroke('data'), resent: stroke('retransmit') };
    });
    const rgb = (css: string) => css.match(/\d+/g)!.slice(0, 3).map(Number);
    const [d, r] = [rgb(colours.data), rgb(colours.resent)];
    const near = (i: number, c: number[]) =>
      Math.hypot(pixels[i] - c[0], pixels[i + 1] - c[1], pixels[i + 2] - c[2]) < 40;
    const painted = { asData: 0, asResent: 0 };
    for (let i = 0; i < pixels.length; i += 4) {
      if (near(i, d)) painted.asData++;
      else if (near(i, r)) painted.asResent++;
    }
    // Drawn over the data, the resends' marks had covered it: 3 pixels of data to 1,000 of resends.
    expect(painted.asData).toBeGreaterThan(200);
    expect(painted.asData).toBeGreaterThan(painted.asResent);
    // The resends are still drawn, under the data line: a fringe beside it where they are.
    const order = await svg.evaluate((el) =>
      [...el.querySelectorAll('path[data-segments]')]
        .filter((p) => (p.getAttribute('d') ?? '') !== '')
        .map((p) => p.getAttribute('data-segments')),
    );
    expect(order.indexOf('retransmit')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('retransmit')).toBeLessThan(order.indexOf('data'));
  });
}

/** What sets a plot's drawing apart: its data's stroke, whether its bars have end ticks, whether
 * it has letters or a rug of ticks, and the keys its legend names. */
function drawingOf(svg: Locator) {
  return svg.evaluate((el) => {
    const data = el.querySelector('[data-series="data"]')!;
    return {
      dataStroke: data.getAttribute('stroke-width'),
      endTicks: /h6/.test(data.getAttribute('d') ?? ''),
      letters: el.querySelectorAll('[data-mark]').length > 0,
      keys: [...el.querySelectorAll('.tsp-legend [data-legend]')].map((k) => k.getAttribute('data-legend')),
    };
  });
}

test('a long run keeps one drawing while it plays, the one it has at its end', async ({ page }) => {
  test.setTimeout(120_000);
  // 5 MB over the WAN at 1% loss: 3,467 segments, of which 3,000 are sent by 53 s of its 60.
  const query = 'objects=5000000&flush=none&link=wan&loss=1';
  expect(tspSeries(engine(query).trace, 0).segments.length).toBeGreaterThan(3000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/?${query}&view=tsp`);
  const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
  await expect(svg.locator('[data-rug="retransmit"]')).toHaveCount(1, { timeout: 60_000 });
  const atEnd = await drawingOf(svg);
  expect(atEnd).toEqual({
    dataStroke: '1.2',
    endTicks: false,
    letters: false,
    keys: ['data', 'ack', 'window', 'cwnd', 'retransmit dropped', 'playhead'],
  });
  // Played from the start: each frame is drawn as the end is. Counted up to the playhead, the
  // first 53 s had ticks on every bar, letters, another stroke and a key for each kind of mark.
  await page.getByRole('button', { name: 'Play' }).click();
  const plot = (await svg.locator('.tsp-brush').boundingBox())!;
  const playheadX = async () => Number(await svg.locator('[data-series="playhead"]').getAttribute('x1'));
  const frames = [];
  for (let i = 0; i < 6; i++) {
    frames.push({ x: await playheadX(), drawing: await drawingOf(svg) });
    await page.waitForTimeout(300);
  }
  await page.getByRole('button', { name: 'Pause' }).click();
  // The frames were early in the run (it plays in 15 s), and the playhead moved through them.
  expect(frames[0].x).toBeLessThan(plot.x + plot.width * 0.2);
  expect(frames[frames.length - 1].x).toBeGreaterThan(frames[0].x);
  for (const frame of frames) expect(frame.drawing).toEqual(atEnd);
});

test('zoomed onto a few segments of a long run, the plot draws them in detail', async ({ page }) => {
  test.setTimeout(120_000);
  // The same run, its first 3 s: a few hundred segments, with end ticks and letters.
  await page.goto('/?objects=5000000&flush=none&link=wan&loss=1&view=tsp&tspzoom=0,3000');
  const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
  await expect(svg.locator('[data-mark]').first()).toBeAttached({ timeout: 60_000 });
  const zoomed = await drawingOf(svg);
  expect(zoomed.dataStroke).toBe('1.6');
  expect(zoomed.endTicks).toBe(true);
  await expect(svg.locator('[data-rug]')).toHaveCount(0);
});

/** How many of a plot area's pixels are painted each series' colour (within 40 of it in RGB). */
async function paintedBySeries(page: Page, svg: Locator, series: string[]) {
  // The callout above the plot grows by its fix's button once the fix is checked (a few hundred
  // ms on a 5 MB run): measured before, the plot's box was 64 px above where it was then shot.
  await expect(page.locator('[data-callout][data-fix-checking]')).toHaveCount(0, { timeout: 30_000 });
  await svg.scrollIntoViewIfNeeded();
  const plot = (await svg.locator('.tsp-brush').boundingBox())!;
  const clip = { ...plot, y: plot.y + RUG_ROOM_PX, height: plot.height - RUG_ROOM_PX };
  const pixels = await screenshotPixels(page, clip);
  const colours = await svg.evaluate(
    (el, names) => names.map((s) => getComputedStyle(el.querySelector(`[data-series="${s}"]`)!).stroke),
    series,
  );
  const rgbs = colours.map((c) => c.match(/\d+/g)!.slice(0, 3).map(Number));
  const counts = rgbs.map(() => 0);
  for (let i = 0; i < pixels.length; i += 4) {
    let nearest = -1;
    let least = 40;
    rgbs.forEach((c, k) => {
      const d = Math.hypot(pixels[i] - c[0], pixels[i + 1] - c[1], pixels[i + 2] - c[2]);
      if (d < least) [nearest, least] = [k, d];
    });
    if (nearest >= 0) counts[nearest]++;
  }
  return { width: plot.width, count: Object.fromEntries(series.map((s, i) => [s, counts[i]])) };
}

const BULK_RUNS = [
  // A few MB over the WAN at 1% loss: cwnd and the 16 KB window within a pixel of the ACK line.
  { query: 'objects=5000000&flush=none&link=wan&loss=1', width: 1280, scheme: 'light' },
  { query: 'objects=5000000&flush=none&link=wan&loss=1', width: 390, scheme: 'dark' },
  // Over the LAN: the window under a pixel above the ACK line, cwnd 3 px.
  { query: 'objects=5000000&flush=none&link=ethernet10', width: 1280, scheme: 'dark' },
  { query: 'objects=5000000&flush=none&link=ethernet10', width: 390, scheme: 'light' },
] as const;

for (const run of BULK_RUNS) {
  test(`a bulk transfer's ACK, window and cwnd lines read beside its data line (${run.query}, ${run.width} px, ${run.scheme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: run.scheme });
    await page.setViewportSize({ width: run.width, height: 900 });
    await page.goto(`/?${run.query}&view=tsp`);
    const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
    await expect(svg.locator('[data-legend="cwnd"]')).toHaveCount(1, { timeout: 60_000 });
    await expect(svg.locator('[data-series="data"]')).toHaveAttribute('stroke-width', '1.2');
    // The lines are drawn over the data, each on its own side of it.
    const order = await svg.evaluate((el) =>
      [...el.querySelectorAll('[data-series]')].map((p) => p.getAttribute('data-series')),
    );
    for (const line of ['ack', 'window', 'cwnd'])
      expect(order.indexOf(line)).toBeGreaterThan(order.lastIndexOf('data'));
    // Each series shows along the run: drawn on their values, under the data, the window line
    // had no pixel of its own, cwnd's none or a few dozen over the WAN, the ACK's a fifth of the
    // plot's width over the LAN.
    const { width, count } = await paintedBySeries(page, svg, ['data', 'ack', 'window', 'cwnd']);
    expect(count.data).toBeGreaterThan(1.2 * width);
    expect(count.ack).toBeGreaterThan(0.5 * width);
    expect(count.window).toBeGreaterThan(0.3 * width);
    expect(count.cwnd).toBeGreaterThan(0.12 * width);
  });
}

// 3 MB over the WAN at 1% loss: 2,078 segments, 42 of them resent or dropped. About 8 to a pixel
// column of a phone's plot, under 3 of a desktop's.
const MID_RUN = 'objects=3000000&flush=none&link=wan&loss=1';
const DENSE_DRAWING = { dataStroke: '1.2', endTicks: false, letters: false };
const DETAILED_DRAWING = { dataStroke: '1.6', endTicks: true, letters: true };
const DRAWN_BY_WIDTH = [
  // On a phone its end ticks had made one thick band, the window and cwnd lines lost in it.
  {
    name: 'a few thousand segments on a phone',
    query: MID_RUN,
    width: 390,
    height: 844,
    drawing: DENSE_DRAWING,
  },
  {
    name: 'the same run in a small embed',
    query: `${MID_RUN}&embed=1`,
    width: 480,
    height: 320,
    drawing: DENSE_DRAWING,
  },
  { name: 'the same run on a desktop', query: MID_RUN, width: 1280, height: 800, drawing: DETAILED_DRAWING },
  // 3,467 segments: however wide the plot, over 3,000 are drawn densely (each would be an element).
  {
    name: 'a long run on a wide screen',
    query: 'objects=5000000&flush=none&link=wan&loss=1',
    width: 2560,
    height: 1440,
    drawing: DENSE_DRAWING,
  },
  // 430 segments, 32 resent or dropped: a run of a few hundred keeps its letters on a phone.
  {
    name: 'a few hundred segments on a phone',
    query: 'objects=600000&flush=none&link=wan&loss=3',
    width: 390,
    height: 844,
    drawing: DETAILED_DRAWING,
  },
] as const;

for (const run of DRAWN_BY_WIDTH)
  test(`the plot draws densely by segments to a pixel column, not by their count (${run.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: run.width, height: run.height });
    await page.goto(`/?${run.query}&view=tsp`);
    const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
    await expect(svg.locator('[data-legend="data"]')).toHaveCount(1, { timeout: 60_000 });
    const drawing = await drawingOf(svg);
    expect({ dataStroke: drawing.dataStroke, endTicks: drawing.endTicks, letters: drawing.letters }).toEqual(
      run.drawing,
    );
    // A dense plot marks its resends in the rug along its top, under one key; a detailed one
    // writes their letters, each kind with its key.
    const dense = run.drawing === DENSE_DRAWING;
    await expect(svg.locator('[data-rug="retransmit"]')).toHaveCount(dense ? 1 : 0);
    expect(drawing.keys).toContain(dense ? 'retransmit dropped' : 'retransmit');
  });

test('a small paper run keeps its detailed drawing in a phone-wide plot', async ({ page }) => {
  // 343 segments, the largest of the presets but the long-run studies.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?preset=pm-remote-45566&view=tsp');
  const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
  await expect(svg.locator('[data-legend="data"]')).toHaveCount(1, { timeout: 60_000 });
  const drawing = await drawingOf(svg);
  expect(drawing.dataStroke).toBe('1.6');
  expect(drawing.endTicks).toBe(true);
});

// A comparison whose sides fall either side of the line: A drawn alone in detail, B densely. Both
// are drawn alike, densely: drawn each by its own count, A had end ticks and letters and B none,
// and a student read the difference in drawing as a difference in the runs.
const COMPARED = [
  // 3 MB over the WAN at 1% loss, 2,078 segments; B with a 536-byte MSS, 5,655.
  { width: 1280, height: 800, a: 'objects=3000000&flush=none&link=wan&loss=1', b: 'b.mss=536' },
  // 1 MB, 697 segments (in detail on a phone); B with a 536-byte MSS, 1,885.
  { width: 390, height: 844, a: 'objects=1000000&flush=none&link=wan&loss=1', b: 'b.mss=536' },
] as const;

for (const run of COMPARED)
  test(`a comparison draws both plots alike, densely if either is (${run.width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: run.width, height: run.height });
    const plot = (side: 'a' | 'b') => page.locator(`[data-tsp-side="${side}"] svg.tsp-svg`);
    // Alone, A is drawn in detail.
    await page.goto(`/?${run.a}&view=tsp`);
    await expect(plot('a').locator('[data-legend="data"]')).toHaveCount(1, { timeout: 60_000 });
    await expect(plot('a')).toHaveAttribute('data-drawing', 'detailed');
    expect(await drawingOf(plot('a'))).toMatchObject(DETAILED_DRAWING);
    // Beside B, which is dense, A is drawn as B is: no end ticks, no letters, the same keys.
    await page.goto(`/?${run.a}&${run.b}&view=tsp`);
    await expect(plot('b').locator('[data-legend="data"]')).toHaveCount(1, { timeout: 60_000 });
    const [a, b] = [await drawingOf(plot('a')), await drawingOf(plot('b'))];
    expect(b).toMatchObject(DENSE_DRAWING);
    expect(a).toEqual(b);
    await expect(plot('a')).toHaveAttribute('data-drawing', 'dense');
    await expect(plot('b')).toHaveAttribute('data-drawing', 'dense');
    // Zoomed into a few seconds, both sides are drawn in detail again.
    await plot('a').locator('.tsp-brush').scrollIntoViewIfNeeded();
    const area = (await plot('a').locator('.tsp-brush').boundingBox())!;
    await page.mouse.move(area.x + area.width * 0.1, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.2, area.y + area.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(plot('a')).toHaveAttribute('data-drawing', 'detailed');
    await expect(plot('b')).toHaveAttribute('data-drawing', 'detailed');
  });
