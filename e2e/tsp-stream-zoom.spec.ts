// Zooming the time-sequence plot while it follows one stream (or one of several connections)
// stays on that stream's time; a window holding none of its packets says so, with a way back,
// and keeps a sequence axis of the stream's bytes, never one of 1-byte ticks.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { engine, openLab } from './lab';
import { focusedText } from './helpers';
import { connectionSeries } from '../src/views/streamSeries';

const MS = 1e6;
const H3 = 'v=1&link=lte&page=almanac24&http=3';

/** When the plotted series' packets were sent or heard: its first and last, in ms. */
function packetTimesMs(query: string, conn: number, stream: number | null): [number, number] {
  const series = connectionSeries(engine(query).trace, conn, stream);
  const times = [...series.segments.map((s) => s.timeNs), ...series.acks.map((a) => a.timeNs)];
  return [Math.min(...times) / MS, Math.max(...times) / MS];
}

/** The plot's window from the link (tspzoom=from,to in ms; none, the whole run). */
async function windowMs(page: Page): Promise<[number, number]> {
  const zoom = new URL(page.url()).searchParams.get('tspzoom');
  if (zoom === null) return [0, Infinity]; // the whole run
  const [from, to] = zoom.split(',').map(Number);
  return [from, to];
}

/** The sequence axis's tick values, in bytes, bottom to top. */
async function yTicks(plot: Locator): Promise<number[]> {
  const values = await plot
    .locator('[data-y-tick]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-y-tick'))));
  return values.sort((a, b) => a - b);
}

async function openPlot(page: Page, query: string) {
  await page.goto(`/?${query}`);
  const tsp = page.locator('[data-view="tsp"]');
  await tsp.scrollIntoViewIfNeeded();
  await expect(tsp.locator('svg.tsp-svg')).toHaveCount(1);
  return tsp;
}

async function fullRunThenZoomInTwice(tsp: Locator) {
  await tsp.getByRole('button', { name: 'Full run' }).click();
  await tsp.getByRole('button', { name: 'Zoom in' }).click();
  await tsp.getByRole('button', { name: 'Zoom in' }).click();
}

const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && a[1] > b[0];

test('HTTP/3: following stream 8, Full run then Zoom in twice stays on the stream, not the run’s end (1280 px, light)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tsp = await openPlot(page, H3);
  await tsp.locator('[data-stream-select]').selectOption('8');
  await fullRunThenZoomInTwice(tsp);
  await expect.poll(() => new URL(page.url()).searchParams.get('tspstream')).toBe('8');
  const stream = packetTimesMs(H3, 0, 8);
  // The playhead is at the run's end, a second after the stream's last packet: the window, a
  // quarter of the run, is about the stream, and holds it.
  const endMs = engine(H3).endNs / MS;
  expect(endMs - stream[1]).toBeGreaterThan(500);
  await expect.poll(async () => ((w) => w[1] - w[0])(await windowMs(page))).toBeCloseTo(endMs / 4, -1);
  expect(overlaps(await windowMs(page), stream)).toBe(true);
  await expect(tsp.locator('[data-tsp-empty]')).toHaveCount(0);
  const plot = tsp.locator('svg.tsp-svg');
  expect(await plot.locator('[data-series="data"]').getAttribute('d')).not.toBe('');
  const ticks = await yTicks(plot);
  expect(ticks.at(-1)! - ticks[0]).toBeGreaterThan(4000); // the stream's 6 KB, not a byte or two
});

for (const { width, height, scheme } of [
  { width: 1280, height: 800, scheme: 'light' as const },
  { width: 390, height: 844, scheme: 'dark' as const },
]) {
  test(`HTTP/3: a link's window without any of stream 8's packets says so, on an axis of its bytes (${width} px, ${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height });
    const tsp = await openPlot(page, `${H3}&tspstream=8&tspzoom=1098.6,1464.8`);
    const notice = tsp.locator('[data-tsp-empty]');
    // Its times in the axis's unit, ms here ("1.1 s" had stood over ticks reading "1100 ms").
    await expect(notice).toHaveText('Stream 8 carries no data between 1099 ms and 1465 ms. Plot its span');
    await expect(tsp.locator('svg.tsp-svg [data-x-tick]').first()).toHaveText(/^\d+ ms$/);
    // The ACK line held from before the window stands on the stream's axis: ticks 1 KB apart
    // up to its 6 KB, where they had been 6.206 KB to 6.212 KB, a byte apart.
    const ticks = await yTicks(tsp.locator('svg.tsp-svg'));
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)!).toBeGreaterThan(6000);
    expect(ticks[1] - ticks[0]).toBeGreaterThanOrEqual(1000);
    // Its way back: the stream's span, which holds its packets.
    await notice.getByRole('button', { name: 'Plot its span' }).click();
    await expect(notice).toHaveCount(0);
    const stream = packetTimesMs(H3, 0, 8);
    await expect.poll(async () => overlaps(await windowMs(page), stream)).toBe(true);
  });
}

test('HTTP/2: following stream 5, Full run then Zoom in twice holds the stream’s packets', async ({
  page,
}) => {
  const query = 'v=1&link=lte&page=almanac24&http=2';
  await page.setViewportSize({ width: 1280, height: 800 });
  const tsp = await openPlot(page, query);
  await tsp.locator('[data-stream-select]').selectOption('5');
  await fullRunThenZoomInTwice(tsp);
  const endMs = engine(query).endNs / MS;
  const stream = packetTimesMs(query, 0, 5);
  expect(endMs - stream[1]).toBeGreaterThan(500);
  await expect.poll(async () => ((w) => w[1] - w[0])(await windowMs(page))).toBeCloseTo(endMs / 4, -1);
  expect(overlaps(await windowMs(page), stream)).toBe(true);
  await expect(tsp.locator('[data-tsp-empty]')).toHaveCount(0);
});

test('HTTP/1.0: one connection of many, zoomed past its life, says so; Zoom in stays on its life', async ({
  page,
}) => {
  const query = 'v=1&link=lte&page=almanac24&http=1.0';
  const endMs = engine(query).endNs / MS;
  const life = packetTimesMs(query, 3, null); // tspconn=4: the fourth, 3 in the trace
  expect(endMs - life[1]).toBeGreaterThan(1000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const from = Math.round(endMs - 500);
  const tsp = await openPlot(page, `${query}&tspconn=4&tspzoom=${from},${Math.round(endMs)}`);
  const notice = tsp.locator('[data-tsp-empty]');
  await expect(notice).toContainText('Connection 4 carries no data between');
  const ticks = await yTicks(tsp.locator('svg.tsp-svg'));
  expect(ticks.at(-1)! - ticks[0]).toBeGreaterThan(1000);
  // Full run and two Zoom ins, the playhead at the run's end: the window is about its life.
  await fullRunThenZoomInTwice(tsp);
  await expect(notice).toHaveCount(0);
  await expect.poll(async () => overlaps(await windowMs(page), life)).toBe(true);
});

test('Full run and Zoom out back to the whole run, turned off by their own press, hand focus to Zoom in', async ({
  page,
}) => {
  await openLab(page);
  const tsp = page.locator('[data-view="tsp"]');
  await tsp.scrollIntoViewIfNeeded();
  const zoomIn = tsp.getByRole('button', { name: 'Zoom in' });
  for (const [name, key] of [
    ['Full run', 'Enter'],
    ['Zoom out', ' '],
  ]) {
    await zoomIn.focus();
    await page.keyboard.press('Enter');
    const button = tsp.getByRole('button', { name, exact: true });
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press(key);
    await expect(button).toBeDisabled();
    await expect(zoomIn).toBeFocused();
    expect(await focusedText(page)).toBe('Zoom in');
  }
});
