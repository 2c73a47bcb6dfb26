// The time-sequence plot and the congestion strips under it read as one figure: stall labels stay
// inside the plot, no line runs off it, strip titles clear their tick labels, a moment sits at the
// same x in every chart, and a zoomed strip shows only its window. The sequence axis reads in KB or
// MB, the legend names exactly the series drawn, and a strip's few ticks stand well apart.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openLab, overlappingPairs, screenshotPixels } from './lab';

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

/** The boxes of everything `locator` matches, read in one go (a redraw between reads would mix two drawings). */
async function boxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/** The centre x of each time tick label ("250 ms", "1.5 s") among `labels`, by its text. */
async function timeTickCentres(labels: Locator): Promise<Map<string, number>> {
  const all = await labels.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent ?? '', centre: r.x + r.width / 2 };
    }),
  );
  return new Map(all.filter((l) => /^[\d.]+ m?s$/.test(l.text)).map((l) => [l.text, l.centre]));
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The plot area of side `side`'s time-sequence plot (the brush target covers exactly it). */
function tspPlotArea(page: Page, side: 'a' | 'b' = 'a'): Locator {
  return page.locator(`[data-tsp-side="${side}"] .tsp-brush`);
}

/** Every stall label of side A's plot lies inside the plot area; returns how many there are. */
async function expectStallLabelsInside(page: Page): Promise<number> {
  const plot = await boxOf(tspPlotArea(page));
  const labels = await boxesOf(page.locator('[data-tsp-side="a"] .stall-label'));
  for (const label of labels) {
    expect(label.x).toBeGreaterThanOrEqual(plot.x);
    expect(label.x + label.width).toBeLessThanOrEqual(plot.x + plot.width);
  }
  return labels.length;
}

/** Drag across side A's plot from `from` to `to` (shares of its width) to zoom into that range. */
async function brush(page: Page, from: number, to: number): Promise<void> {
  await tspPlotArea(page).scrollIntoViewIfNeeded();
  const plot = await boxOf(tspPlotArea(page));
  const y = plot.y + plot.height / 2;
  await page.mouse.move(plot.x + plot.width * from, y);
  await page.mouse.down();
  await page.mouse.move(plot.x + plot.width * to, y, { steps: 5 });
  await page.mouse.up();
}

// GEO with IW10 at 1280 px: "handshake" and "cwnd" had been set end to end and read
// "handshake 561 mscwnd 499 ms".
test('stall labels on one row keep a gap between them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLab(page, `objects=200000&flush=none&link=geo&window=1048576&iw=10&${AT_END}`);
  await expect(page.locator('[data-tsp-side="a"] .stall-label').nth(1)).toBeAttached();
  const labels = await boxesOf(page.locator('[data-tsp-side="a"] .stall-label'));
  for (const a of labels)
    for (const b of labels) {
      if (a === b || Math.abs(a.y - b.y) > 2 || a.x > b.x) continue;
      expect(b.x - (a.x + a.width)).toBeGreaterThanOrEqual(4);
    }
});

// BBR paces ProbeBW at 0.975 of the link's rate: 0.24 ms waits every 12.3 ms. At 11 ms a pixel each
// had been drawn a full pixel of colour, and together a solid "pacing" band most of a second long.
test("BBR's sub-pixel pacing waits ink about the share of time the server waited, not a solid band", async ({
  page,
}) => {
  await openLab(page, `objects=1000000&flush=none&link=wan&cc=bbr&window=1048576&${AT_END}`);
  const caps = page.locator('[data-tsp-side="a"] [data-stall="pacing"] [data-stall-cap]');
  await expect(caps.first()).toBeAttached();
  // Neighbouring caps a few pixels apart: the ink they lay against the room between them.
  const { inked, room } = await caps.evaluateAll((els) => {
    const boxes = els
      .map((el) => ({ r: el.getBoundingClientRect(), opacity: Number(el.getAttribute('fill-opacity')) }))
      .sort((a, b) => a.r.x - b.r.x);
    let inked = 0;
    let room = 0;
    for (let i = 1; i < boxes.length; i++) {
      const step = boxes[i].r.x - boxes[i - 1].r.x;
      if (step > 3) continue;
      inked += boxes[i - 1].r.width * (boxes[i - 1].opacity / 0.55);
      room += step;
    }
    return { inked, room };
  });
  expect(room).toBeGreaterThan(50);
  // The waits are a few per cent of that time; inked as full pixels they had been most of it.
  expect(inked / room).toBeLessThan(0.35);
});

for (const viewport of VIEWPORTS) {
  test(`stall labels lie inside the time-sequence plot (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openLab(page, `preset=pm-remote-2544&${AT_END}`);
    await expectStallLabelsInside(page);
    // On a desktop the handshake band, which opens the run at the plot's left edge, is labelled.
    if (viewport.width > 1000)
      await expect(
        page.locator('[data-tsp-side="a"] .stall-label[data-stall-label="handshake"]'),
      ).toHaveCount(1);
    // Zoomed in, bands run off both edges of the plot, and even a phone has room for labels.
    await brush(page, 0.04, 0.3);
    await expect(page.locator('[data-view="tsp"]').getByRole('button', { name: 'Full run' })).toBeEnabled();
    expect(await expectStallLabelsInside(page)).toBeGreaterThanOrEqual(1);
  });

  // HTTP/3's wait on the 3x anti-amplification limit is the server's, inside the client's
  // handshake band: its label had found the handshake's in its place and been left unnamed.
  for (const query of ['http=3', 'http=3&link=geo'])
    test(`the 3x-limit wait is named on the plot, under the handshake it lies in (${query}, ${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openLab(page, `${query}&${AT_END}`);
      const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
      const label = svg.locator('.stall-label[data-stall-label="amplification"]');
      await expect(svg.locator('[data-stall="amplification"]')).toHaveCount(1);
      // Read in one go: the page may scroll between two reads.
      const { band, named, handshake } = await svg.evaluate((el) => {
        const box = (selector: string) => {
          const r = el.querySelector(selector)?.getBoundingClientRect();
          return r && { x: r.x, y: r.y, width: r.width, height: r.height };
        };
        return {
          band: box('[data-stall="amplification"] rect')!,
          named: box('.stall-label[data-stall-label="amplification"]'),
          handshake: box('.stall-label[data-stall-label="handshake"]'),
        };
      });
      // On a phone a band under 60 px is left to its tooltip, as every band is.
      if (band.width <= 60) {
        await expect(label).toHaveCount(0);
        return;
      }
      await expect(label).toHaveText(/^3x limit \d/);
      expect(overlaps(named!, handshake!)).toBe(false);
      expect(named!.y).toBeGreaterThan(handshake!.y);
      // Centred on its band, and inside the plot.
      expect(Math.abs(named!.x + named!.width / 2 - (band.x + band.width / 2))).toBeLessThan(2);
      await expectStallLabelsInside(page);
    });

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
    // Every grid line of a strip spans the plot's width exactly. Read again until one drawing
    // gives both: the panel settles its width after the first picture, and a read across two
    // drawings compares one width with another.
    await expect
      .poll(async () => {
        const plotLeft = Number(await plot.getAttribute('x'));
        const plotRight = plotLeft + Number(await plot.getAttribute('width'));
        const ends = await box
          .locator('[data-cc-strip] line')
          .evaluateAll((lines) =>
            lines.map((l) => [Number(l.getAttribute('x1')), Number(l.getAttribute('x2'))]),
          );
        return {
          grids: ends.length > 0,
          spanThePlot: ends.every(([a, b]) => a === plotLeft && b === plotRight),
        };
      })
      .toEqual({ grids: true, spanThePlot: true });
    // The strips' time ticks are the plot's, at the same x.
    const above = await timeTickCentres(box.locator('.tsp-svg .tick-label'));
    const below = await timeTickCentres(box.locator('.cc-chart .tick-label'));
    expect(below.size).toBeGreaterThanOrEqual(2);
    expect([...below.keys()]).toEqual([...above.keys()]);
    for (const [text, x] of below) expect(x).toBeCloseTo(above.get(text)!, 0);
  });
}

/** The x of every vertical step (`V`) in a path drawn by the views (absolute M, H, V commands). */
function verticalStepXs(d: string): number[] {
  const xs: number[] = [];
  let x = NaN;
  for (const [, command, args] of d.matchAll(/([MHV])([^MHV]*)/g)) {
    if (command === 'M') x = Number(args.split(',')[0]);
    else if (command === 'H') x = Number(args);
    else xs.push(x);
  }
  return xs;
}

test('a zoomed congestion strip draws only the steps inside its time window', async ({ page }) => {
  await openLab(page, `preset=pm-remote-2544&${AT_END}`);
  await brush(page, 0.04, 0.3);
  await expect(page.locator('[data-view="tsp"]').getByRole('button', { name: 'Full run' })).toBeEnabled();
  const plot = tspPlotArea(page);
  const plotLeft = Number(await plot.getAttribute('x'));
  const plotRight = plotLeft + Number(await plot.getAttribute('width'));
  for (const line of await page.locator('[data-tsp-side="a"] [data-cc-strip] path').all()) {
    const steps = verticalStepXs((await line.getAttribute('d')) ?? '');
    // Later (or earlier) changes used to be piled up as a vertical line at the plot's edge.
    for (const x of steps) expect(x > plotLeft + 0.5 && x < plotRight - 0.5).toBe(true);
  }
});

for (const preset of ['nielsen-wan-pipe-first', 'pm-remote-2544', 'langley-quic']) {
  test(`the cwnd line stays inside the time-sequence plot (${preset})`, async ({ page }) => {
    await openLab(page, `preset=${preset}&${AT_END}`);
    // The path's own box, not what the clip lets through: a line that runs off the top shows here.
    const svgBox = (locator: Locator) => locator.evaluate((el) => (el as SVGGraphicsElement).getBBox().y);
    const lineTop = await svgBox(page.locator('[data-tsp-side="a"] [data-series="cwnd"]'));
    expect(lineTop).toBeGreaterThanOrEqual((await svgBox(tspPlotArea(page))) - 0.5);
  });
}

/** A tick label of the sequence axis ("0", "500 KB", "35 MB") as bytes, KB and MB of 1024. */
function bytesOfTick(label: string): number {
  const match = /^(\d+(?:\.\d+)?) (B|KB|MB|GB)$/.exec(label);
  if (label === '0') return 0;
  if (!match) throw new Error(`not a size: "${label}"`);
  return Number(match[1]) * 1024 ** ['B', 'KB', 'MB', 'GB'].indexOf(match[2]);
}

for (const viewport of VIEWPORTS) {
  test(`the sequence axis reads in KB or MB and fits left of the plot (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    test.setTimeout(120_000); // the long run takes a while to simulate
    const runs = [
      { query: LONG_BBR_RUN, unit: 'MB', bytes: 20_000_000 },
      { query: '', unit: 'KB', bytes: 0 },
    ];
    for (const { query, unit, bytes } of runs) {
      await page.goto(`/?${query}&${AT_END}`);
      const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
      await expect(svg).toBeAttached({ timeout: 60_000 });
      // Read the axis in one go, and again until it holds: a long run is redrawn as it finishes,
      // and labels read one by one could belong to two drawings.
      await expect(async () => {
        const chart = await boxOf(svg);
        const plot = await boxOf(tspPlotArea(page));
        const all = await svg.locator('.tick-label').evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { text: e.textContent ?? '', box: { x: r.x, y: r.y, width: r.width, height: r.height } };
          }),
        );
        const labels: Array<{ text: string; box: Box }> = all.filter((l) => !/^[\d.]+ m?s$/.test(l.text)); // not a time tick
        expect(labels.length).toBeGreaterThanOrEqual(3);
        for (const { text, box } of labels) {
          expect(text).toMatch(new RegExp(`^(0|[\\d.]+ ${unit})$`));
          expect(box.x).toBeGreaterThanOrEqual(chart.x + 2);
          expect(box.x + box.width).toBeLessThanOrEqual(plot.x);
        }
        // The values step evenly up the axis, and the top one is above every byte the server sent.
        const values = labels.map((l) => bytesOfTick(l.text)).sort((a, b) => a - b);
        const ys = labels.map((l) => l.box.y).sort((a, b) => b - a);
        for (let i = 2; i < values.length; i++) {
          expect(values[i] - values[i - 1]).toBeCloseTo(values[1] - values[0], 3);
          expect(ys[i - 1] - ys[i]).toBeCloseTo(ys[0] - ys[1], 0);
        }
        expect(values.at(-1)!).toBeGreaterThan(bytes);
      }).toPass({ timeout: 60_000 });
    }
  });
}

const LOSS_RUN = 'objects=1000000&flush=none&link=wan&loss=1&window=65535';

const LEGEND_RUNS = [
  { name: 'QUIC', query: 'preset=langley-quic', series: ['data', 'ack', 'cwnd', 'playhead'] },
  { name: 'TCP', query: '', series: ['data', 'ack', 'window', 'cwnd', 'playhead'] },
  {
    name: 'TCP with SACK',
    query: 'stack=linux&link=wan&loss=2&objects=300000',
    series: ['data', 'ack', 'window', 'cwnd', 'sack', 'retransmit', 'dropped', 'playhead'],
  },
  {
    name: 'TCP with loss',
    query: LOSS_RUN,
    series: ['data', 'ack', 'window', 'cwnd', 'retransmit', 'dropped', 'playhead'],
  },
  {
    // Slow start overshoots a 20-packet queue: the queue's drops are named as such, apart from the
    // retransmissions (resent bytes are new bytes on a QUIC connection's axis).
    name: 'QUIC with queue drops',
    query: 'http=3&link=lte&page=custom&objects=300000&queue=20',
    series: ['data', 'ack', 'cwnd', 'retransmit', 'queue-drop', 'playhead'],
  },
  {
    // CUBIC through a deep buffer under CoDel: its drops, at the head of the queue, keyed apart.
    name: 'TCP through CoDel',
    query: 'link=deepbuffer&objects=1000000&window=8000000&iw=10&cc=cubic&sack=1&delack=linux&aqm=codel',
    series: ['data', 'ack', 'window', 'cwnd', 'sack', 'retransmit', 'codel-drop', 'playhead'],
  },
];

/** What side A's legend names (`data-legend`, one key may name several series) and what the plot
 * draws (a path with `data-series` and something in it, the playhead's line, a `data-mark`). */
async function legendAndDrawn(page: Page): Promise<{ named: string[]; drawn: string[] }> {
  const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
  return svg.evaluate((el) => ({
    named: [...el.querySelectorAll('.tsp-legend [data-legend]')].flatMap((e) =>
      e.getAttribute('data-legend')!.split(' '),
    ),
    drawn: [
      ...new Set([
        ...[...el.querySelectorAll('path[data-series], line[data-series]')]
          .filter((e) => e.tagName !== 'path' || (e.getAttribute('d') ?? '') !== '')
          .map((e) => e.getAttribute('data-series')!),
        ...[...el.querySelectorAll('[data-mark]')].map((e) => e.getAttribute('data-mark')!),
      ]),
    ],
  }));
}

/** Every legend entry lies inside the chart and above the plot area, clear of the others and of the axis title. */
async function expectLegendClear(page: Page): Promise<void> {
  const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
  const chart = await boxOf(svg);
  const plot = await boxOf(tspPlotArea(page));
  const title = await boxOf(svg.locator('.axis-title'));
  const entries = await boxesOf(svg.locator('.tsp-legend [data-legend]'));
  entries.forEach((entry, i) => {
    expect(entry.x).toBeGreaterThanOrEqual(chart.x);
    expect(entry.x + entry.width).toBeLessThanOrEqual(chart.x + chart.width);
    expect(entry.y + entry.height).toBeLessThanOrEqual(plot.y);
    expect(overlaps(entry, title)).toBe(false);
    for (const other of entries.slice(0, i)) expect(overlaps(entry, other)).toBe(false);
  });
}

for (const viewport of VIEWPORTS)
  for (const run of LEGEND_RUNS) {
    test(`the legend names the series drawn, no more, no fewer (${run.name}, ${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openLab(page, `${run.query}&${AT_END}`);
      const { named, drawn } = await legendAndDrawn(page);
      expect(named.sort()).toEqual([...run.series].sort());
      expect(drawn.sort()).toEqual([...run.series].sort());
      await expectLegendClear(page);
    });
  }

for (const viewport of VIEWPORTS)
  test(`the legend shows what a retransmission and a drop look like (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLab(page, `${LOSS_RUN}&${AT_END}`);
    const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
    // Each key shows the letter the plot writes beside such a segment, in the same colour.
    for (const [series, glyph] of [
      ['retransmit', 'R'],
      ['dropped', '×'],
    ]) {
      const key = svg.locator(`.tsp-legend [data-legend="${series}"]`);
      await expect(key.locator('.tsp-mark')).toHaveText(glyph);
      await expect(key.locator('.tsp-legend-label')).toHaveText(series);
      const mark = svg.locator(`[data-mark="${series}"]`).first();
      await expect(mark).toHaveText(glyph);
      // Key and mark in one read, again until one drawing gives both (a run is drawn again as it
      // finishes, and a mark read after its drawing went had no colour).
      const sameColour = (s: string) =>
        svg.evaluate((el, series) => {
          const fill = (q: string) => {
            const e = el.querySelector(q);
            return e ? getComputedStyle(e).fill : '';
          };
          const key = fill(`.tsp-legend [data-legend="${series}"] .tsp-mark`);
          return key !== '' && key === fill(`[data-mark="${series}"]`);
        }, s);
      await expect.poll(() => sameColour(series)).toBe(true);
    }
  });

// A resend a few pixels from the drop it repairs had its 'R' written over the '×' on a phone
// (preset=mathis-loss: 41 letters, 66 pairs overlapping at 390 px, 38 at 1440). On a phone that
// run's 2,077 segments are drawn densely, without letters: there, 1 MB at 2% loss (703 segments,
// 34 letters) is.
const LETTER_RUNS = [
  { width: 390, query: 'objects=1000000&flush=none&link=wan&loss=2&window=65535' },
  { width: 1440, query: 'preset=mathis-loss' },
];
for (const { width, query } of LETTER_RUNS)
  test(`the letters beside retransmitted and dropped segments never cover each other (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/?${query}&${AT_END}`);
    const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
    await expect(svg.locator('[data-mark="retransmit"]').first()).toBeAttached({ timeout: 60_000 });
    const marks = await boxesOf(svg.locator('[data-mark]'));
    const covering = marks.flatMap((a, i) => marks.slice(i + 1).filter((b) => overlaps(a, b)));
    expect(covering).toEqual([]);
    // Both letters still written, inside the plot.
    await expect(svg.locator('[data-mark="dropped"]').first()).toHaveText('×');
    await expect(svg.locator('[data-mark="retransmit"]').first()).toHaveText('R');
    const plot = await boxOf(tspPlotArea(page));
    for (const m of marks) {
      expect(m.x).toBeGreaterThanOrEqual(plot.x - 1);
      expect(m.x + m.width).toBeLessThanOrEqual(plot.x + plot.width + 1);
    }
    expect(marks.length).toBeGreaterThan(10);
  });

test('a dense plot, which draws no letters, has one key for its retransmitted and dropped segments', async ({
  page,
}) => {
  test.setTimeout(120_000); // the long run takes a while to simulate
  await page.goto(`/?preset=cardwell-loss&${AT_END}`);
  const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
  const key = svg.locator('.tsp-legend [data-legend="retransmit dropped"]');
  // The key also says the rug of ticks along the plot's top is theirs.
  await expect(key.locator('text')).toHaveText('retransmit (ticks on top) or dropped', { timeout: 60_000 });
  await expect(svg.locator('[data-mark]')).toHaveCount(0);
  expect(await svg.locator('[data-rug="retransmit"] path').count()).toBeGreaterThan(0);
  // Zoomed into a part of the run, the letters are drawn and each has its key; no rug.
  await brush(page, 0.3, 0.4);
  await expect(svg.locator('.tsp-legend [data-legend="retransmit"]')).toHaveCount(1);
  await expect(svg.locator('[data-rug]')).toHaveCount(0);
  // The legend names what the whole run has: the queue's drops, at 1.3 s, lie outside this part.
  const { named, drawn } = await legendAndDrawn(page);
  expect(drawn.filter((series) => !named.includes(series))).toEqual([]);
  expect(named.filter((series) => !drawn.includes(series))).toEqual(['queue-drop']);
});

for (const viewport of VIEWPORTS) {
  test(`each congestion strip has at most three ticks, well apart (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    test.setTimeout(120_000); // the long run takes a while to simulate
    for (const query of [LONG_BBR_RUN, '', 'preset=langley-quic', 'preset=heidemann-short-initial']) {
      await page.goto(`/?${query}&${AT_END}`);
      const strips = page.locator('[data-tsp-side="a"] [data-cc-strip]');
      await expect(strips.first()).toBeAttached({ timeout: 60_000 });
      for (const strip of await strips.all()) {
        const ticks = (await boxesOf(strip.locator('.tick-label'))).sort((a, b) => a.y - b.y);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(3);
        // A label's height of space between neighbours at least.
        for (let i = 1; i < ticks.length; i++)
          expect(ticks[i].y - (ticks[i - 1].y + ticks[i - 1].height)).toBeGreaterThanOrEqual(ticks[i].height);
      }
    }
  });
}

/** Side A's sequence-axis labels ("0", "2.8 MB") and their boxes, read in one go. */
async function sequenceTicks(page: Page): Promise<Array<{ text: string; box: Box }>> {
  return page.locator('[data-tsp-side="a"] svg.tsp-svg [data-y-tick] text').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent ?? '', box: { x: r.x, y: r.y, width: r.width, height: r.height } };
    }),
  );
}

const ZOOM_RUNS = [
  { name: 'a long run', query: 'preset=cardwell-bufferbloat', from: 0.3, to: 0.4 },
  { name: 'a short run', query: '', from: 0.55, to: 0.7 },
];

for (const viewport of VIEWPORTS)
  for (const run of ZOOM_RUNS)
    test(`zoomed in, the sequence axis fits the data in view; Full run gives the whole run back (${run.name}, ${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      test.setTimeout(120_000); // the long run takes a while to simulate
      await page.goto(`/?${run.query}&${AT_END}`);
      const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
      await expect(svg).toBeAttached({ timeout: 60_000 });
      let whole: string[] = [];
      await expect(async () => {
        whole = (await sequenceTicks(page)).map((t) => t.text);
        expect(whole[0]).toBe('0');
      }).toPass({ timeout: 60_000 });
      await brush(page, run.from, run.to);
      const fullRun = page.locator('[data-view="tsp"]').getByRole('button', { name: 'Full run' });
      await expect(fullRun).toBeEnabled();
      await expect(async () => {
        const plot = await boxOf(tspPlotArea(page));
        // The data sent in the window fills most of the plot's height, not a sliver of it.
        const data = await boxOf(svg.locator('path[data-series="data"]'));
        expect(data.height).toBeGreaterThan(0.5 * plot.height);
        // The axis still reads in KB or MB, in even steps, left of the plot.
        const ticks = await sequenceTicks(page);
        expect(ticks.length).toBeGreaterThanOrEqual(3);
        for (const { text, box } of ticks) {
          expect(text).toMatch(/^[\d.]+ (KB|MB)$/);
          expect(box.x + box.width).toBeLessThanOrEqual(plot.x);
          expect(box.x).toBeGreaterThanOrEqual((await boxOf(svg)).x + 2);
        }
        const values = ticks.map((t) => bytesOfTick(t.text));
        for (let i = 2; i < values.length; i++)
          expect(values[i] - values[i - 1]).toBeCloseTo(values[1] - values[0], 3);
      }).toPass({ timeout: 10_000 });
      // The strips under it keep the plot's time axis.
      const box = page.locator('[data-tsp-side="a"]');
      const above = await timeTickCentres(box.locator('.tsp-svg .tick-label'));
      const below = await timeTickCentres(box.locator('.cc-chart .tick-label'));
      expect([...below.keys()]).toEqual([...above.keys()]);
      for (const [text, x] of below) expect(x).toBeCloseTo(above.get(text)!, 0);
      await fullRun.click();
      await expect.poll(async () => (await sequenceTicks(page)).map((t) => t.text)).toEqual(whole);
    });

test('zoomed onto slow start, the cwnd strip fits its window: the doubling window fills the strip', async ({
  page,
}) => {
  // A 2 MB CUBIC transfer whose window grows to hundreds of KB: zoomed onto its first round trips
  // (15 KB to 45 KB), the strip had kept the whole run's scale and drawn a flat line along 0.
  await page.goto(
    `/?link=longfat&objects=2000000&cc=cubic&sack=1&iw=10&window=8000000&tspzoom=100,500&${AT_END}`,
  );
  const strip = page.locator('[data-tsp-side="a"] [data-cc-strip="cwnd"]');
  await expect(strip).toBeAttached({ timeout: 60_000 });
  const ticks = await strip.locator('.tick-label').allTextContents();
  expect(Number(ticks[ticks.length - 1])).toBeLessThanOrEqual(60);
  const line = await boxOf(strip.locator('path'));
  expect(line.height).toBeGreaterThan(30); // of the strip's 70 px
  await page.locator('[data-view="tsp"]').getByRole('button', { name: 'Full run' }).click();
  await expect
    .poll(async () => Number((await strip.locator('.tick-label').allTextContents()).at(-1)))
    .toBeGreaterThan(200);
});

test('in a small embed frame the sequence axis has fewer ticks, a line apart, not one every 2 MB', async ({
  page,
}) => {
  // A lecturer's 400 x 300 frame leaves the plot about 90 px: asked for six ticks, the axis of this
  // 10 MB transfer had ten (0 to 18 MB), their labels 9 px apart.
  await page.setViewportSize({ width: 400, height: 300 });
  await page.goto(`/?preset=cardwell-bufferbloat&view=tsp&embed=1&${AT_END}`);
  await expect(page.locator('[data-tsp-side="a"] svg.tsp-svg')).toBeAttached({ timeout: 60_000 });
  await expect.poll(async () => (await sequenceTicks(page)).length).toBeGreaterThanOrEqual(3);
  const ticks = (await sequenceTicks(page)).sort((a, b) => a.box.y - b.box.y);
  expect(ticks.length).toBeLessThanOrEqual(6);
  for (let i = 1; i < ticks.length; i++)
    expect(ticks[i].box.y - (ticks[i - 1].box.y + ticks[i - 1].box.height)).toBeGreaterThanOrEqual(
      ticks[i].box.height / 2,
    );
});

test('a congestion strip whose first sample comes late starts there, not at time 0', async ({ page }) => {
  await openLab(page, `preset=langley-quic&${AT_END}`);
  const plotLeft = Number(await tspPlotArea(page).getAttribute('x'));
  for (const line of await page.locator('[data-tsp-side="a"] [data-cc-strip] path').all()) {
    const start = /^M([\d.]+),/.exec((await line.getAttribute('d')) ?? '');
    expect(Number(start![1])).toBeGreaterThan(plotLeft + 50); // the server's first sample is well into the run
  }
});

test('a window far above the data runs off the top, and the legend says so: HTTP/2 over a 1 MB buffer', async ({
  page,
}) => {
  await openLab(page, 'preset=wang-spdy');
  const legend = page.locator('[data-tsp-side="a"] svg.tsp-svg .tsp-legend');
  await expect(legend.locator('[data-legend="window"]')).toContainText('window (above the plot)');
  await expect(legend.locator('[data-legend="cwnd"] .tsp-legend-label')).toHaveText('cwnd');
});

test("Kruse's five loads: the time-sequence plot and its strips fold the waits between loads alike; a zoom is to scale", async ({
  page,
}) => {
  await openLab(page, 'preset=kruse-test');
  const side = page.locator('[data-tsp-side="a"]');
  const bands = (chart: string) =>
    side.locator(`${chart} .fold-mark .fold-band`).evaluateAll((els) => els.map((e) => e.getAttribute('x')));
  await expect(side.locator('svg.tsp-svg .fold-mark')).toHaveCount(4);
  // The same four bands at the same x under the plot: a moment reads straight down.
  expect(await bands('svg.cc-chart')).toEqual(await bands('svg.tsp-svg'));
  await expect(side.locator('svg.tsp-svg [data-fold-label]').first()).toHaveText(/^⋯ \d+(\.\d)?\ss$/);
  await page.locator('[data-view="tsp"]').getByRole('button', { name: 'Zoom in' }).click();
  await expect(side.locator('.fold-mark')).toHaveCount(0);
});

for (const viewport of VIEWPORTS) {
  test(`each of Kruse's five page loads has a time under the folded plot, no label over another (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLab(page, 'preset=kruse-lerc');
    const axis = await page.locator('[data-tsp-side="a"] svg.tsp-svg').evaluate((svg) => {
      const box = (el: Element) => el.getBoundingClientRect();
      const folds = [...svg.querySelectorAll('.fold-band')].map((b) => (box(b).left + box(b).right) / 2);
      // A time tick is a line with its label under the plot; the sequence axis's ticks carry data-y-tick.
      const ticks = [...svg.querySelectorAll('g:not([data-y-tick]) > .tick-label')].map((t) => ({
        text: t.textContent,
        x: box(t.parentElement!.querySelector('line')!).left,
      }));
      const texts = [...svg.querySelectorAll('g:not([data-y-tick]) > .tick-label, .fold-label')].map((t) => ({
        text: t.textContent,
        ...box(t).toJSON(),
      }));
      return { folds, ticks, texts };
    });
    // The loads lie between the folds: the first before the first fold, the last after the last.
    expect(axis.folds).toHaveLength(4);
    const bounds = [-Infinity, ...axis.folds, Infinity];
    for (let i = 0; i < 5; i++) {
      const own = axis.ticks.filter((t) => t.x > bounds[i] && t.x < bounds[i + 1]);
      expect(own.length, `load ${i + 1}`).toBeGreaterThan(0);
    }
    expect(overlappingPairs(axis.texts)).toEqual([]);
  });
}

for (const colorScheme of ['light', 'dark'] as const)
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the legend names the playhead, in the colour its line is drawn', async ({ page }) => {
      await openLab(page);
      const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
      const key = svg.locator('.tsp-legend [data-legend="playhead"]');
      await expect(key).toHaveText('playhead: where playback has reached');
      // The key's mark, the line drawn at the playback time and the theme's playhead colour, as painted.
      const colours = await svg.evaluate((el) => {
        const probe = document.createElementNS('http://www.w3.org/2000/svg', 'line');
        probe.setAttribute('stroke', 'var(--playhead)');
        el.appendChild(probe);
        const theme = getComputedStyle(probe).stroke;
        probe.remove();
        const stroke = (q: string) => getComputedStyle(el.querySelector(q)!).stroke;
        return {
          key: stroke('.tsp-legend [data-legend="playhead"] line'),
          line: stroke('line[data-cursor]'),
          theme,
        };
      });
      expect(colours.key).toBe(colours.line);
      expect(colours.key).toBe(colours.theme);
    });

    // HTTP/2 at 2% loss: the server's flow-control wait (0.47-1.72 s) overlaps its RTO (0.53-1.47 s)
    // and the client's head-of-line blocking. In one row the cap drawn last covered the RTO's whole.
    test("every cause that stalls the run shows in the caps' rows in its own colour, where stalls overlap", async ({
      page,
    }) => {
      await openLab(page, 'lesson=from-1997-to-today&step=5');
      const svg = page.locator('[data-tsp-side="a"] svg.tsp-svg');
      await expect(svg.locator('[data-stall="rto"]')).toHaveCount(1);
      await svg.locator('.tsp-brush').scrollIntoViewIfNeeded();
      const plot = (await svg.locator('.tsp-brush').boundingBox())!;
      // The caps' three rows along the plot's top, as painted.
      const strip = { x: plot.x, y: plot.y, width: plot.width, height: 3 * 7 };
      const pixels = await screenshotPixels(page, strip);
      // Each cause's cap colour: its fill at the cap's opacity over the card; and its widest cap.
      const caps = await svg.evaluate((el) => {
        const rgb = (css: string) =>
          css
            .match(/[\d.]+/g)!
            .slice(0, 3)
            .map(Number);
        const out: Record<string, { colour: number[]; widest: number }> = {};
        for (const cap of el.querySelectorAll('[data-stall-cap]')) {
          const cause = cap.closest('[data-stall]')!.getAttribute('data-stall')!;
          const card = rgb(getComputedStyle(cap.previousElementSibling!).fill); // the card under the cap
          const alpha = Number(cap.getAttribute('fill-opacity'));
          const colour = rgb(getComputedStyle(cap).fill).map((c, i) => alpha * c + (1 - alpha) * card[i]);
          const width = cap.getBoundingClientRect().width;
          out[cause] = { colour, widest: Math.max(width, out[cause]?.widest ?? 0) };
        }
        return out;
      });
      const painted = Object.fromEntries(
        Object.entries(caps).map(([cause, { colour: c }]) => {
          let count = 0;
          for (let i = 0; i < pixels.length; i += 4)
            if (Math.hypot(pixels[i] - c[0], pixels[i + 1] - c[1], pixels[i + 2] - c[2]) < 4) count++;
          return [cause, count];
        }),
      );
      // The three overlapping waits, and every cause with a cap a few pixels wide, show.
      for (const cause of ['hol-blocking', 'flow-control', 'rto'])
        expect(caps[cause]?.widest).toBeGreaterThan(20);
      for (const [cause, { widest }] of Object.entries(caps))
        if (widest >= 4) expect(painted[cause], cause).toBeGreaterThanOrEqual(6);
    });
  });

test('Zoom in from the end of the run halves the plot, and Zoom out gives the whole run back', async ({
  page,
}) => {
  // The playhead opens at the run's end (the default page's 523 ms): Zoom in had cut a window
  // centred there off at the end, a quarter of the run, and Zoom out then went nowhere.
  await openLab(page);
  const tsp = page.locator('[data-view="tsp"]');
  const zoom = () =>
    page.evaluate(() => new URLSearchParams(window.location.search).get('tspzoom')?.split(',').map(Number));
  const end = Number(await page.locator('[data-side="a"] [data-playhead]').getAttribute('data-t-ns')) / 1e6;
  await tsp.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(zoom).toBeDefined();
  const [from, to] = (await zoom())!;
  expect(to).toBeCloseTo(end, 0);
  expect((to - from) / end).toBeCloseTo(0.5, 2);
  await tsp.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(zoom).toBeUndefined();
  await expect(tsp.getByRole('button', { name: 'Full run' })).toBeDisabled();
});

test('compared with a run of fewer connections, a connection only A opened leaves B a sentence, not an empty plot', async ({
  page,
}) => {
  // Microscape over HTTP/1.0 opens a connection per object; over HTTP/2 one. Connection 5 on B
  // had been an empty plot with a 0 to 10 B sequence axis.
  await openLab(page, 'page=microscape&http=1.0&b.http=2');
  const tsp = page.locator('[data-view="tsp"]');
  await tsp.locator('select').first().selectOption('5');
  await expect(tsp.locator('[data-tsp-side="a"] svg.tsp-svg')).toHaveAttribute('aria-label', /connection 5/);
  const b = tsp.locator('[data-tsp-side="b"]');
  await expect(b.locator('svg')).toHaveCount(0);
  await expect(b.locator('[data-tsp-no-connection]')).toHaveText(
    'This run has no connection 5: it opened only one.',
  );
  // Connection 1, which both opened, is plotted on both sides.
  await tsp.locator('select').first().selectOption('1');
  await expect(b.locator('svg.tsp-svg')).toHaveAttribute('aria-label', /connection 1/);
  await expect(b.locator('[data-tsp-no-connection]')).toHaveCount(0);
});

test("compared, a side whose connection is a sliver of the shared window offers to plot that connection's life", async ({
  page,
}) => {
  // Microscape over HTTP/1.0 beside HTTP/1.1: A's connection 1 carries the HTML and closes after
  // 162 ms, B's carries the whole 6.92 s page. The sides share one window, the whole run, and A's
  // connection had been a sliver at its left edge, with nothing on the plot to say so.
  await openLab(page, 'page=microscape&http=1.0&b.http=1.1');
  const tsp = page.locator('[data-view="tsp"]');
  const lastTickS = (side: 'a' | 'b') => async () =>
    Math.max(
      ...(await tsp
        .locator(`[data-tsp-side="${side}"] svg.tsp-svg [data-x-tick]`)
        .evaluateAll((ts) => ts.map((t) => Number(t.getAttribute('data-x-tick'))))),
    ) / 1e9;
  await expect.poll(lastTickS('a'), { timeout: 30_000 }).toBeGreaterThan(5);
  const a = tsp.locator('[data-tsp-side="a"]');
  await expect(a.locator('[data-tsp-sliver]')).toHaveText(
    /^Connection 1 lasts 0\.162\ss of the 6\.92\ss shown\./, // in seconds, as the axis
  );
  // B's connection fills the window: it has nothing to offer.
  await expect(tsp.locator('[data-tsp-side="b"] [data-tsp-sliver]')).toHaveCount(0);
  await a.getByRole('button', { name: 'Plot its life' }).click();
  // Both sides now show A's connection's life, 0 to about 170 ms, and the link keeps that window.
  for (const side of ['a', 'b'] as const) {
    await expect.poll(lastTickS(side)).toBeLessThan(0.2);
    expect(await lastTickS(side)()).toBeGreaterThan(0.1);
  }
  await expect(a.locator('[data-tsp-sliver]')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('tspzoom');
  // Full run gives the shared whole run back, and with it the offer.
  await tsp.getByRole('button', { name: 'Full run' }).click();
  await expect(a.locator('[data-tsp-sliver]')).toHaveCount(1);
});

test("a connection's lines end with its last packet, not at the end of a run it left early", async ({
  page,
}) => {
  // Microscape over HTTP/1.0, one connection at a time: connection 1 carries the HTML and closes
  // about 150 ms into a 2.5 s page. Its ACK, window and cwnd lines, and the strips under the plot,
  // had run on flat to the page's end, as if it were still open.
  const rights = () =>
    page.locator('[data-tsp-side="a"]').evaluate((box) => {
      const right = (el: Element | null) => el!.getBoundingClientRect().right;
      return {
        ack: right(box.querySelector('svg.tsp-svg [data-series="ack"]')),
        cwnd: right(box.querySelector('svg.tsp-svg [data-series="cwnd"]')),
        strip: Math.max(...[...box.querySelectorAll('svg.cc-chart [data-cc-strip] path')].map(right)),
        playhead: box.querySelector('svg.tsp-svg [data-series="playhead"]')!.getBoundingClientRect().x,
        left: box.querySelector('svg.tsp-svg')!.getBoundingClientRect().x,
      };
    });
  await openLab(page, 'page=microscape&http=1.0&conns=1');
  // Plotted over the whole run, not over connection 1's own life (its default, being short).
  await page.locator('[data-view="tsp"]').getByRole('button', { name: 'Full run' }).click();
  await expect(page.locator('[data-view="tsp"]').getByRole('button', { name: 'Full run' })).toBeDisabled();
  const early = await rights();
  const plot = early.playhead - early.left;
  for (const line of [early.ack, early.cwnd, early.strip]) expect(line - early.left).toBeLessThan(plot * 0.2);
  // One connection for the whole page: its lines reach the playhead at the run's end, as before.
  await openLab(page);
  const whole = await rights();
  for (const line of [whole.ack, whole.cwnd, whole.strip])
    expect(Math.abs(line - whole.playhead)).toBeLessThan(3);
});

test('a connection alive for a small part of the run is plotted over its own life; Full run gives the run back', async ({
  page,
}) => {
  // Kruse's page five times over HTTP/1.0 by satellite: connection 1 lives about 3 s of a 184 s
  // run, and had been a sliver at the left of an axis to 182 s.
  await openLab(page, 'preset=kruse-lerc&http=1.0');
  const tsp = page.locator('[data-view="tsp"]');
  const plot = tsp.locator('[data-tsp-side="a"] svg.tsp-svg');
  const lastTickS = async () =>
    Math.max(
      ...(await plot
        .locator('[data-x-tick]')
        .evaluateAll((ts) => ts.map((t) => Number(t.getAttribute('data-x-tick'))))),
    ) / 1e9;
  const search = () => page.evaluate(() => window.location.search);
  await expect.poll(lastTickS, { timeout: 30_000 }).toBeLessThan(4);
  expect(await lastTickS()).toBeGreaterThan(2);
  // The link is unchanged: the connection's own life is what no window shows.
  expect(await search()).not.toContain('tspzoom');
  const fullRun = tsp.getByRole('button', { name: 'Full run' });
  await fullRun.click();
  await expect.poll(lastTickS).toBeGreaterThan(150);
  await expect(fullRun).toBeDisabled();
  // Another connection of the same kind is plotted over its life, wherever in the run it is.
  await tsp.locator('select').first().selectOption('30');
  await expect.poll(lastTickS).toBeLessThan(150);
  const ticks = await plot
    .locator('[data-x-tick]')
    .evaluateAll((ts) => ts.map((t) => Number(t.getAttribute('data-x-tick')) / 1e9));
  expect(Math.max(...ticks) - Math.min(...ticks)).toBeLessThan(10);
  // Zoom out widens it until the whole run, not back to the connection.
  for (let i = 0; i < 8 && (await fullRun.isEnabled()); i++)
    await tsp.getByRole('button', { name: 'Zoom out' }).click();
  await expect(fullRun).toBeDisabled();
  await expect.poll(lastTickS).toBeGreaterThan(150);
});
