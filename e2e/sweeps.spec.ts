// Sweeps: a ready-made sweep draws every point with the engine's figure, a point opens its run in
// the ladder, and a custom sweep built in the panel survives a reload through the link.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { findSweep, measure, pointQuery, SWEEPS } from '../src/scenario/sweeps';
import { evaluatePoint, runPoint } from '../src/scenario/sweepRun';
import { titleBand, watchPage } from './helpers';
import { engine, ladderPackets, openLab } from './lab';

const points = (page: import('@playwright/test').Page) => page.locator('[data-sweep-point]');

/** The x axis's tick labels, with their boxes on the page. */
const xTickBoxes = (page: import('@playwright/test').Page) =>
  page.locator('#sweep .sweep-grid text[text-anchor="middle"]:not(.sweep-axis-label)').evaluateAll((els) =>
    els.map(
      (e) =>
        ({ text: e.textContent ?? '', ...e.getBoundingClientRect().toJSON() }) as DOMRect & {
          text: string;
        },
    ),
  );

test('a ready-made sweep link draws all its points with the values the engine gives', async ({ page }) => {
  const watch = watchPage(page);
  const spec = findSweep('kruse-fig2')!;
  await page.goto('/?sweep=kruse-fig2');
  await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible();
  await expect(page.locator('#sweep')).toContainText('little benefit from more than 4 connections');
  // The paper's simple model is drawn beside the simulation, and said to be a model.
  await expect(page.locator('#sweep .sweep-model').first()).toBeAttached();
  await expect(page.locator('#sweep .sweep-legend')).toContainText("Kruse's simple model");

  for (const [x, series] of [
    ['8', 'kruse-acts'],
    ['1', 'kruse-test'],
  ]) {
    const expected = evaluatePoint(spec, pointQuery(spec, x, series));
    const shown = await points(page)
      .and(page.locator(`[data-x="${x}"][data-series="${series}"]`))
      .getAttribute('data-y');
    expect(Number(shown)).toBeCloseTo(expected, 9);
  }
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test("the picker offers every ready-made sweep, the later protocols' too", async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?sweep=kruse-fig2');
  await page.locator('summary', { hasText: 'Ready-made sweeps' }).click();
  const picker = page.locator('.sweep-picker');
  await expect(picker.locator('button')).toHaveCount(SWEEPS.length);
  for (const spec of SWEEPS)
    await expect(picker.getByRole('button', { name: spec.title, exact: true })).toHaveCount(1);
  await picker.getByRole('button', { name: findSweep('tls-by-rtt')!.title }).click();
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('sweep=tls-by-rtt');
  await expect(points(page)).toHaveCount(15, { timeout: 30_000 });
  await expect(page.locator('#sweep')).toContainText('from the RFCs');
  expect(watch.consoleErrors).toEqual([]);
});

test('a sweep picked from the list brings its chart on screen, focus on its title', async ({ page }) => {
  const watch = watchPage(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?view=ladder,sweep');
  const spec = findSweep('mathis-loss')!;
  // Far down the list: the list folds once it is picked, and the chart is drawn where it began.
  await page.locator('.sweep-picker').getByRole('button', { name: spec.title }).click();
  await expect(points(page).first()).toBeVisible({ timeout: 30_000 });
  const chart = await page.locator('#sweep .sweep-chart').boundingBox();
  expect(chart!.y).toBeGreaterThanOrEqual(0);
  expect(chart!.y + chart!.height).toBeLessThanOrEqual(900);
  await expect(page.locator('#sweep .sweep-title')).toBeFocused();
  await expect(page.locator('#sweep .sweep-title')).toHaveText(spec.title);
  expect(watch.consoleErrors).toEqual([]);
});

test("the header's Sweep and a sweep picked leave a link of the scenario and the sweep's name only", async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = watchPage(page);
  const panelIds = (p: import('@playwright/test').Page) =>
    p.locator('section.panel').evaluateAll((els) => els.map((el) => el.id).sort());
  await page.goto('/?preset=heidemann-odd-final');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final').packets);
  await page.locator('header').getByRole('button', { name: 'Sweep' }).click();
  // No sweep picked yet: it had read ...&view=ladder,tsp,waterfall,time,metrics,sweep.
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe('?v=1&preset=heidemann-odd-final&view=sweep');
  const unpicked = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await unpicked.goto('/?v=1&preset=heidemann-odd-final&view=sweep');
  await expect(unpicked.locator('.sweep-picker')).toBeVisible();
  await expect.poll(() => panelIds(unpicked)).toEqual(await panelIds(page));
  expect(await panelIds(page)).toEqual(['ladder', 'metrics', 'sweep', 'time', 'tsp', 'waterfall']);
  await page
    .locator('.sweep-picker')
    .getByRole('button', { name: findSweep('kruse-fig2')!.title })
    .click();
  await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
  // It had read ...&view=ladder,tsp,waterfall,time,metrics,sweep&sweep=kruse-fig2.
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe('?v=1&preset=heidemann-odd-final&sweep=kruse-fig2');
  const shown = await panelIds(page);
  const reopened = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await reopened.goto('/?v=1&preset=heidemann-odd-final&sweep=kruse-fig2');
  await expect(points(reopened)).toHaveCount(16, { timeout: 30_000 });
  await expect.poll(() => panelIds(reopened)).toEqual(shown);
  expect(shown).toEqual(['ladder', 'metrics', 'sweep', 'time', 'tsp', 'waterfall']);
  expect(watch.consoleErrors).toEqual([]);
});

test('clicking a point (or Enter on it) opens its run in the ladder', async ({ page }) => {
  const watch = watchPage(page);
  const spec = findSweep('kruse-fig2')!;
  await page.goto('/?sweep=kruse-fig2');
  await expect(points(page)).toHaveCount(16, { timeout: 30_000 });

  await page.locator('[data-sweep-point][data-x="4"][data-series="kruse-lerc"]').click();
  await expect(ladderPackets(page)).toHaveCount(engine(pointQuery(spec, '4', 'kruse-lerc')).packets);
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('preset=kruse-lerc');
  // The sweep stays, with all its points.
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('sweep=kruse-fig2');
  await expect(points(page)).toHaveCount(16);

  await page.locator('[data-sweep-point][data-x="1"][data-series="kruse-test"]').focus();
  await page.keyboard.press('Enter');
  await expect(ladderPackets(page)).toHaveCount(engine(pointQuery(spec, '1', 'kruse-test')).packets);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

for (const width of [1280, 800]) {
  test(`a point's run scrolls the ladder's title into view below the sticky playback bar at ${width} px`, async ({
    page,
  }) => {
    const watch = watchPage(page);
    await page.setViewportSize({ width, height: 800 });
    const spec = findSweep('kruse-fig2')!;
    await page.goto('/?sweep=kruse-fig2');
    await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
    await page.locator('[data-sweep-point][data-x="4"][data-series="kruse-lerc"]').click();
    await expect(ladderPackets(page)).toHaveCount(engine(pointQuery(spec, '4', 'kruse-lerc')).packets);
    // The bar is stuck to the window's top edge (the page scrolled past it); the title under it
    // had been hidden behind it (its top at 15 px, the bar's bottom at 94 px at 1280 px).
    const bar = page.locator('.playback');
    await expect.poll(async () => (await bar.boundingBox())!.y).toBe(0);
    const barBottom = (await bar.boundingBox())!.height;
    const title = (await page.locator('#ladder-title').boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(barBottom);
    expect(title.y + title.height).toBeLessThanOrEqual(800);
    expect(watch.consoleErrors).toEqual([]);
  });
}

test('every point can be hovered and clicked, points at one spot side by side over their x', async ({
  page,
}) => {
  // Kruse Fig. 2 at 8 connections: the ACTS and OU-FR pages both take 5.4 s, and ACTS's point lay
  // under OU-FR's, out of reach of the mouse.
  const watch = watchPage(page);
  const spec = findSweep('kruse-fig2')!;
  await page.goto('/?sweep=kruse-fig2');
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
  await expect(points(page)).toHaveCount(16);
  const ticks = await xTickBoxes(page);
  const spots = await points(page).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
      return { x: el.getAttribute('data-x')!, series: el.getAttribute('data-series')!, cx, cy };
    }),
  );
  for (const spot of spots) {
    const name = `${spot.series} at ${spot.x}`;
    // Nothing lies over the point's centre: the mouse reaches it.
    const top = await page.evaluate(
      ([cx, cy]) => {
        const el = document.elementFromPoint(cx, cy);
        return el ? `${el.getAttribute('data-series')} at ${el.getAttribute('data-x')}` : null;
      },
      [spot.cx, spot.cy],
    );
    expect(top, name).toBe(name);
    // And it stands over its x: within a point's width of its tick label's middle.
    const tick = ticks.find((t) => t.text === spot.x)!;
    expect(Math.abs(spot.cx - (tick.left + tick.width / 2)), name).toBeLessThanOrEqual(12);
    await page.mouse.move(spot.cx, spot.cy);
    await expect(
      page.locator(`[data-sweep-point][data-x="${spot.x}"][data-series="${spot.series}"]`),
      name,
    ).toHaveCSS('stroke-width', '3px');
  }
  const hidden = spots.find((s) => s.x === '8' && s.series === 'kruse-acts')!;
  await page.mouse.click(hidden.cx, hidden.cy);
  await expect(ladderPackets(page)).toHaveCount(engine(pointQuery(spec, '8', 'kruse-acts')).packets);
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('preset=kruse-acts');
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('conns=8');
  expect(watch.consoleErrors).toEqual([]);
});

test("on a phone, every ready-made sweep's points can each be reached by the mouse", async ({ page }) => {
  // Where x values lie close (a log axis at 390 px), points at one spot overlap in part: each must
  // still show some of itself to hover and click.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const spec of SWEEPS) {
    await page.goto(`/?sweep=${spec.id}`);
    await expect(page.locator('[data-sweep-status="done"]'), spec.id).toBeVisible({ timeout: 30_000 });
    await page.locator('#sweep svg.sweep-chart').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const unreachable = await points(page).evaluateAll((els) =>
      els.flatMap((el) => {
        const r = el.getBoundingClientRect();
        const [cx, cy, radius] = [r.left + r.width / 2, r.top + r.height / 2, r.width / 2 - 1];
        for (let dx = -radius; dx <= radius; dx += 1)
          for (let dy = -radius; dy <= radius; dy += 1)
            if (dx * dx + dy * dy <= radius * radius && document.elementFromPoint(cx + dx, cy + dy) === el)
              return [];
        return [`${el.getAttribute('data-series')} at ${el.getAttribute('data-x')}`];
      }),
    );
    expect(unreachable, spec.id).toEqual([]);
  }
});

test('a point plotted as a saving opens as the comparison it was measured by', async ({ page }) => {
  // Kruse Fig. 5 plots what Keep-Alive saves over HTTP/1.0: the point had opened the Keep-Alive run
  // alone, a page of 2.92 s beside a point reading "4.4 s saved", with nothing to subtract.
  const watch = watchPage(page);
  await page.goto('/?sweep=kruse-fig5');
  await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
  const point = page.locator('[data-sweep-point][data-x="4"][data-series="kruse-acts"]');
  const saved = Number(await point.getAttribute('data-y'));
  expect(saved).toBeGreaterThan(1);
  await point.click();

  await expect(page.locator('[data-metrics] [data-metric-b="elapsed_s"]')).toBeAttached();
  const a = Number(await page.locator('[data-metrics] [data-metric="elapsed_s"]').getAttribute('data-value'));
  const b = Number(
    await page.locator('[data-metrics] [data-metric-b="elapsed_s"]').getAttribute('data-value'),
  );
  // A is HTTP/1.0, B the point's Keep-Alive run: B - A is the saving the chart plots, negated.
  expect(a - b).toBeCloseTo(saved, 6);
  const http10 = runPoint('preset=kruse-acts&conns=4&http=1.0');
  expect(a).toBeCloseTo(measure('load_s', http10.trace, http10.path), 6);
  const search = await page.evaluate(() => window.location.search);
  expect(search).toContain('b.http=1.0ka');
  expect(search).toContain('sweep=kruse-fig5');
  expect(watch.consoleErrors).toEqual([]);
});

test('a sweep saves as a picture for a slide: its points, legend, title and claim', async ({ page }) => {
  // The Export menu has the ladder, plot, waterfall and breakdown; a paper's figure redrawn had no
  // way out of the page but a screenshot.
  const watch = watchPage(page);
  await page.goto('/?sweep=kruse-fig2');
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
  const chart = (await page.locator('#sweep svg.sweep-chart').boundingBox())!;

  const svgFile = page.waitForEvent('download');
  await page.locator('#sweep [data-sweep-export="svg"]').click();
  const svgDownload = await svgFile;
  expect(svgDownload.suggestedFilename()).toBe('kruse-fig2-sweep.svg');
  const svg = readFileSync((await svgDownload.path())!, 'utf8');
  expect(svg.match(/data-sweep-point=/g)).toHaveLength(16);
  for (const words of [
    'Response time against connections (Kruse Fig. 2)',
    'little benefit from more than 4',
    'Simulated here', // the claim's figure as simulated, under it
  ]) {
    expect(svg).toContain(words);
  }
  for (const name of ['page: lerc', 'page: acts', 'page: oufr', 'page: test', "Kruse's simple model"])
    expect(svg).toContain(name);
  // What was simulated reads as the page gives it: one plain paragraph under the title, not a bold
  // "Simulated here, ..." line over a fragment that starts in lowercase.
  const measured = (await page.locator('[data-sweep-measured]').textContent())!.trim();
  const band = titleBand(svg);
  const first = band.findIndex((l) => l.text.startsWith('Simulated here'));
  expect(first).toBeGreaterThan(0);
  expect(band.slice(first).every((l) => !l.bold)).toBe(true);
  expect(
    band
      .slice(first)
      .map((l) => l.text)
      .join(' '),
  ).toBe(measured);
  // It draws on its own, as wide as the chart on the page and taller (title and legend).
  const size = await page.evaluate(async (text) => {
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    await img.decode();
    return { w: img.naturalWidth, h: img.naturalHeight };
  }, svg);
  expect(size.w).toBe(Math.round(chart.width));
  expect(size.h).toBeGreaterThan(chart.height + 60);

  const pngFile = page.waitForEvent('download');
  await page.locator('#sweep [data-sweep-export="png"]').click();
  const png = readFileSync((await (await pngFile).path())!);
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  expect(png.readUInt32BE(16)).toBe(2 * size.w);
  expect(watch.consoleErrors).toEqual([]);
});

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`a sweep picked from the bottom of the list is brought into view (${width} px)`, async ({ page }) => {
    // Picking closes the long list, and the page kept what lay below it in place: on a phone the
    // reader was left at the ladder, the chart they had asked for off the top of the screen.
    await page.setViewportSize({ width, height });
    await openLab(page);
    await page.getByRole('button', { name: 'Sweep', exact: true }).click();
    const last = SWEEPS[SWEEPS.length - 1];
    await page.locator('.sweep-picker').getByRole('button', { name: last.title, exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.location.search)).toContain(`sweep=${last.id}`);
    await expect(page.locator('.sweep-title')).toHaveText(last.title);
    await expect(page.locator('.sweep-title')).toBeInViewport();
    await expect(page.locator('.sweep-chart-box')).toBeInViewport();
  });
}

test('a custom sweep built in the panel draws its points and survives a reload', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?preset=heidemann-short-initial');
  await expect(ladderPackets(page).first()).toBeAttached();
  await page.locator('summary', { hasText: 'Panels' }).click();
  await page.getByRole('checkbox', { name: 'Sweep' }).check();
  await page.getByLabel('x axis').selectOption('conns');
  await page.getByLabel('x values').fill('1,2,4');
  await page.getByLabel('y axis').selectOption('load_s');
  await page.getByRole('button', { name: 'Draw sweep' }).click();
  await expect(points(page)).toHaveCount(3);
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toContain('sweep=custom:x=conns:1,2,4;y=load_s');
  const before = await points(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-y')));

  await page.reload();
  await expect(points(page)).toHaveCount(3);
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible();
  expect(await points(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-y')))).toEqual(before);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test('the custom sweep opens on a knob the page uses, and says when one has no effect', async ({ page }) => {
  const watch = watchPage(page);
  await openLab(page);
  await page.getByRole('navigation', { name: 'Page' }).getByRole('button', { name: 'Sweep' }).click();
  // Drawn as it opens, on the default page (HTTP/1.1), the sweep is not a flat line.
  await expect(page.locator('#sweep [data-sweep-no-effect]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Draw sweep' }).click();
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
  const ys = await points(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-y')));
  expect(ys.length).toBeGreaterThan(2);
  expect(new Set(ys).size).toBe(ys.length);

  // Connections, which HTTP/1.1 ignores, are listed apart, and chosen, the form says why.
  const x = page.getByLabel('x axis');
  await expect(x.locator('optgroup[label="No effect on this scenario"] option[value="conns"]')).toHaveCount(
    1,
  );
  await x.selectOption('conns');
  const note = 'Connections has no effect with HTTP/1.1: it applies to HTTP/1.0 and HTTP/1.0 with Keep-Alive';
  await expect(page.locator('.sweep-builder [data-sweep-no-effect]')).toContainText(note);
  // Drawn anyway, the flat line carries the same words.
  await page.getByRole('button', { name: 'Draw sweep' }).click();
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('x=conns');
  await expect(page.locator('.sweep-body [data-sweep-no-effect]')).toContainText(note);
  await expect(page.locator('.sweep-builder [data-sweep-no-effect]')).toHaveCount(0);
  // Over HTTP/1.0 the note goes: the knob applies.
  await openLab(page, 'http=1.0&sweep=custom:x=conns:1,2,4;y=load_s');
  await expect(points(page)).toHaveCount(3, { timeout: 30_000 });
  await expect(page.locator('#sweep [data-sweep-no-effect]')).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test('on a phone, a sweep drawn from the builder of a panel opened empty fits the panel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page);
  await page.getByRole('navigation', { name: 'Page' }).getByRole('button', { name: 'Sweep' }).click();
  await page.getByRole('button', { name: 'Draw sweep' }).click();
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
  const panel = (await page.locator('#sweep').boundingBox())!;
  await expect
    .poll(async () => (await page.locator('#sweep svg.sweep-chart').boundingBox())!.width)
    .toBeLessThan(panel.width);
});

test('a sweep over choices names every one: evenly spaced, on rows of their own when a phone is narrow', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // HTTP modes read as numbers (1.0, 1.1, 2, 3) but are choices; the link types do not fit one row.
  for (const [sweep, count] of [
    ['custom:x=http:1.0,1.1,2,3;y=packets', 4],
    ['custom:x=link;y=packets', 10],
  ] as const) {
    await page.goto(`/?page=pm-images&images=2&sweep=${sweep}`);
    await expect(points(page)).toHaveCount(count, { timeout: 30_000 });
    const chart = (await page.locator('#sweep svg.sweep-chart').boundingBox())!;
    const xs = await points(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('cx'))));
    const gaps = xs.slice(1).map((x, i) => x - xs[i]);
    expect(Math.max(...gaps) - Math.min(...gaps), sweep).toBeLessThan(0.01);
    const ticks = await xTickBoxes(page);
    expect(ticks, sweep).toHaveLength(count);
    for (const t of ticks) {
      expect(t.left, t.text).toBeGreaterThanOrEqual(chart.x);
      expect(t.right, t.text).toBeLessThanOrEqual(chart.x + chart.width);
    }
    for (const a of ticks)
      for (const b of ticks)
        if (a !== b && Math.abs(a.top - b.top) < 1)
          expect(a.right < b.left || b.right < a.left, `${a.text} and ${b.text}`).toBe(true);
  }
});

test('a bad sweep in the link is reported and the page still runs', async ({ page }) => {
  await page.goto('/?sweep=custom:x=warp:1,2;y=joy&flush=none');
  await expect(page.locator('[data-problems]')).toContainText('cannot be swept');
  await expect(ladderPackets(page)).toHaveCount(engine('flush=none').packets);
  await page.goto('/?sweep=nope');
  await expect(page.locator('[data-problems]')).toContainText('no such sweep');
  await expect(ladderPackets(page).first()).toBeAttached();
  // The link the page writes back leaves out what it could not read, as the notice says.
  await expect.poll(() => new URL(page.url()).searchParams.has('sweep')).toBe(false);
});

test("a sweep's name given as a preset's, and a preset's as a sweep's, is named with its key", async ({
  page,
}) => {
  await page.goto('/?preset=kruse-fig2');
  await expect(page.locator('[data-problems]')).toContainText(
    'preset="kruse-fig2": no such preset; did you mean sweep=kruse-fig2?',
  );
  await expect(ladderPackets(page).first()).toBeAttached();
  await page.goto('/?sweep=heidemann-odd-final');
  await expect(page.locator('[data-problems]')).toContainText(
    'sweep="heidemann-odd-final": no such sweep; did you mean preset=heidemann-odd-final?',
  );
});

test('on a phone a sweep stays legible: tick labels apart and written alike, the y label inside the chart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/?sweep=pm-fig3-2');
  await expect(points(page)).toHaveCount(32, { timeout: 30_000 });
  const ticks = await xTickBoxes(page);
  expect(ticks.length).toBeGreaterThan(4);
  for (let i = 1; i < ticks.length; i++)
    expect(ticks[i].left, `${ticks[i - 1].text} and ${ticks[i].text}`).toBeGreaterThan(
      ticks[i - 1].right + 4,
    );
  // Sizes in one form along the axis and in the legend: 1K ... 500K, not 1024 beside 10K.
  expect(ticks[0].text).toBe('1K');
  for (const t of ticks) expect(t.text).toMatch(/^\d+K$/);
  await expect(page.locator('#sweep .sweep-legend')).toContainText('window: 4K');

  await page.goto('/?sweep=pm-fig6-3');
  await expect(points(page)).toHaveCount(20, { timeout: 30_000 });
  const label = page.locator('#sweep .sweep-axis-label[transform]');
  // One unit, and the other run in words, not as a query string.
  await expect(label).toContainText('(%)');
  await expect(label).toContainText('HTTP/1.0');
  await expect(label).not.toContainText('(s)');
  await expect(label).not.toContainText('=');
  const chart = (await page.locator('#sweep svg.sweep-chart').boundingBox())!;
  const box = (await label.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(chart.y);
  expect(box.y + box.height).toBeLessThanOrEqual(chart.y + chart.height);
  expect(box.x).toBeGreaterThanOrEqual(chart.x);
});

test('a sweep with the paper beside one simulated line names both in its legend', async ({ page }) => {
  await page.goto('/?sweep=nielsen-lan-packets');
  await expect(points(page)).toHaveCount(4, { timeout: 30_000 });
  const legend = page.locator('#sweep .sweep-legend');
  await expect(legend).toContainText('simulated');
  await expect(legend).toContainText('published');
  // The table names the protocols as the axis does.
  await page.locator('#sweep summary', { hasText: 'Values as a table' }).click();
  await expect(page.locator('#sweep .sweep-table tbody tr').first().locator('td').first()).toHaveText(
    'HTTP/1.0',
  );
});

test('Kruse Fig. 5 labels the axis below 0: a 0 line and a negative tick at the bottom; an RFC sweep is no paper', async ({
  page,
}) => {
  await page.goto('/?sweep=kruse-fig5');
  await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
  await expect(page.locator('#sweep .sweep-meta')).toContainText("the paper's claim");
  const grid = page.locator('#sweep .sweep-grid');
  const axisY = Number(await grid.locator('line.sweep-axis').getAttribute('y1'));
  // The y tick labels (right-aligned at the plot's left edge), each with the line it labels.
  const ticks = await grid.locator('g').evaluateAll((gs) =>
    gs.map((g) => ({
      label: g.querySelector('text')?.textContent ?? '',
      y: Number(g.querySelector('line')?.getAttribute('y1')),
      zero: g.querySelector('line')?.classList.contains('sweep-zero') ?? false,
    })),
  );
  const lowest = ticks.reduce((a, b) => (b.y > a.y ? b : a));
  expect(lowest.y).toBeCloseTo(axisY, 3);
  expect(Number(lowest.label)).toBeLessThan(0);
  expect(ticks.find((t) => t.label === '0')?.zero).toBe(true);
  // The lowest point, /Test at 16 connections, sits inside the axis.
  const lowestPoint = await points(page).evaluateAll((els) =>
    Math.max(...els.map((e) => e.getBoundingClientRect().bottom)),
  );
  const axisBox = (await grid.locator('line.sweep-axis').boundingBox())!;
  expect(lowestPoint).toBeLessThanOrEqual(axisBox.y + 1);

  await page.goto('/?sweep=tls-by-rtt');
  await expect(page.locator('#sweep .sweep-meta')).toContainText('from the RFCs: “each handshake');
  await expect(page.locator('#sweep .sweep-meta')).not.toContainText('paper');
});

test('a line drawn under another is named in the legend, so no colour goes missing', async ({ page }) => {
  await page.goto('/?sweep=quic-by-rtt');
  await expect(points(page)).toHaveCount(15, { timeout: 30_000 });
  const legend = page.locator('#sweep .sweep-legend');
  await expect(legend.locator('li', { hasText: 'HTTP: 1.1' })).toContainText("drawn under HTTP 2's line");
  await expect(legend.locator('.sweep-under')).toHaveCount(1);
});

test("under the paper's claim, the figure as the simulation gives it (Padmanabhan and Mogul's 22%)", async ({
  page,
}) => {
  await page.goto('/?sweep=pm-fig6-2');
  await expect(points(page)).toHaveCount(18, { timeout: 30_000 });
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible();
  await expect(page.locator('#sweep')).toContainText('the new protocol cuts latency by about 22%');
  // The engine's own figure at 10 images, as the panel gives it.
  const spec = findSweep('pm-fig6-2')!;
  const load = (http: string) => evaluatePoint(spec, pointQuery(spec, '10', http));
  const cut = Math.round((1 - load('getall') / load('1.0')) * 100);
  await expect(page.locator('[data-sweep-measured]')).toContainText(`${cut}% at 10`);
});

test('Compare on a sweep keeps the sweep in the link: reloaded, the sweep and both ladders are back', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.goto('/?sweep=kruse-fig2');
  await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Compare A/B' }).click();
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('view=ab');
  // The link it wrote (view=ab) had reopened without the sweep.
  await page.reload();
  await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  await expect(page.locator('#waterfall')).toBeAttached();
  expect(watch.consoleErrors).toEqual([]);
});

test("every point and marker lies inside the plot, the ones at the axis's ends too", async ({ page }) => {
  // Kruse Fig. 2's points at 16 connections, drawn on the plot's right edge, had spilled past it.
  for (const [width, embed] of [
    [1280, false],
    [390, false],
    [640, true],
  ] as const) {
    await page.setViewportSize({ width, height: embed ? 360 : 844 });
    await page.goto(`/?sweep=kruse-fig2${embed ? '&embed=1&view=sweep' : ''}`);
    await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
    const { plot, marks } = await page.locator('svg.sweep-chart').evaluate((svg) => {
      const line = svg.querySelector('.sweep-grid line')!.getBoundingClientRect();
      const marks = [...svg.querySelectorAll('[data-sweep-point], [data-published-point]')].map((el) => {
        const r = el.getBoundingClientRect();
        return { x: el.getAttribute('data-x'), left: r.left, right: r.right };
      });
      return { plot: { left: line.left, right: line.right }, marks };
    });
    const label = `${width}${embed ? ' embed' : ''}`;
    expect(marks.length, label).toBeGreaterThanOrEqual(16);
    const outside = marks.filter((m) => m.left < plot.left - 0.5 || m.right > plot.right + 0.5);
    expect(outside, label).toEqual([]);
    // The last x's points still sit near the plot's right edge, not pulled far in.
    const last = marks.filter((m) => m.x === '16');
    expect(Math.max(...last.map((m) => m.right)), label).toBeGreaterThan(plot.right - 40);
  }
});

test("Nielsen's protocol sweeps name the table's rows on the axis and in the table, not the presets' ids", async ({
  page,
}) => {
  // The axis had read "1.0, 1.1, pipe, pipe-gzip": the ids of the presets swept, cut short.
  await page.goto('/?sweep=nielsen-wan-seconds');
  await expect(points(page)).toHaveCount(4, { timeout: 30_000 });
  const rows = ['HTTP/1.0', 'HTTP/1.1', 'pipelined', 'pipelined, deflated'];
  expect((await xTickBoxes(page)).map((t) => t.text)).toEqual(rows);
  await page.locator('#sweep .sweep-values summary').click();
  const firstColumn = page.locator(
    '#sweep .sweep-table tbody tr td:first-child, #sweep .sweep-table tbody tr th:first-child',
  );
  await expect(firstColumn).toHaveText(rows);
});

test("the sweep panel says whose scenario its points run: a paper's sweep its own, a built one the scenario open now", async ({
  page,
}) => {
  await page.goto('/?sweep=kruse-fig2');
  const panel = page.locator('#sweep');
  await expect(panel).toContainText(
    "Every point is a full simulation of the sweep's own scenario, whatever the settings say.",
  );
  await page.goto('/?sweep=custom:x=nagle:0,1;y=load_s');
  await expect(panel).toContainText(
    'Every point is a full simulation of the scenario open now, with the swept settings changed.',
  );
});

test("a custom sweep marks the scenario open now: a line at its own setting, its own run's point ringed", async ({
  page,
}) => {
  // Over the WAN, a sweep of the link type had drawn ten points and nothing said which one was the
  // page below it.
  const watch = watchPage(page);
  const centre = (box: { x: number; y: number; width: number; height: number } | null) => ({
    x: box!.x + box!.width / 2,
    y: box!.y + box!.height / 2,
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/?link=wan&sweep=custom:x=link;y=load_s');
    await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
    const chart = (await page.locator('#sweep svg.sweep-chart').boundingBox())!;
    const axis = (await page.locator('#sweep .sweep-grid .sweep-axis').boundingBox())!;
    const line = (await page.locator('#sweep [data-open-now] line').boundingBox())!;
    const wan = page.locator('#sweep [data-sweep-point][data-x="wan"]');
    // The line stands on the x axis at WAN's point and runs up the plot; its label sits above it.
    expect(Math.abs(line.x + line.width / 2 - centre(await wan.boundingBox()).x), `${width}`).toBeLessThan(1);
    expect(Math.abs(line.y + line.height - axis.y)).toBeLessThan(1.5);
    expect(line.height).toBeGreaterThan(150);
    const label = page.locator('#sweep [data-open-now] text');
    await expect(label).toHaveText('open now');
    const labelBox = (await label.boundingBox())!;
    expect(labelBox.y + labelBox.height).toBeLessThanOrEqual(line.y + 1);
    expect(labelBox.x).toBeGreaterThanOrEqual(chart.x);
    expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(chart.x + chart.width);
    // One ring, round WAN's point: the run the page shows, its figure the page's own.
    const ring = page.locator('#sweep [data-open-now-ring]');
    await expect(ring).toHaveCount(1);
    await expect(ring).toHaveAttribute('data-x', 'wan');
    const ringAt = centre(await ring.boundingBox());
    const pointAt = centre(await wan.boundingBox());
    expect(Math.hypot(ringAt.x - pointAt.x, ringAt.y - pointAt.y)).toBeLessThan(1);
    const seconds = await page.locator('[data-metrics] [data-metric="elapsed_s"]').getAttribute('data-value');
    expect(Number(await wan.getAttribute('data-y'))).toBeCloseTo(Number(seconds), 6);
    await expect(page.locator('#sweep [data-open-now-key]')).toHaveText(
      'the scenario open now: Link type wan (its run ringed)',
    );
    await page.locator('#sweep .sweep-values summary').click();
    await expect(page.locator('#sweep .sweep-table tr.open-now')).toHaveText(/wan \(open now\)/);
    await expect(page.locator('#sweep .sweep-table tr.open-now')).toHaveCount(1);
  }

  // Another point opened: the mark moves to it.
  await page.locator('#sweep [data-sweep-point][data-x="t1"]').click();
  await expect(page.locator('#sweep [data-open-now-ring]')).toHaveAttribute('data-x', 't1');
  await expect(page.locator('#sweep [data-open-now-key]')).toContainText('Link type t1');

  // A setting between two of the values swept: the line falls between them, named with its value.
  await page.goto('/?rtt=120&sweep=custom:x=rtt:50,100,250,550;y=load_s');
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#sweep [data-open-now] text')).toHaveText('open now: 120');
  await expect(page.locator('#sweep [data-open-now-ring]')).toHaveCount(0);
  const at = async (x: string) =>
    centre(await page.locator(`#sweep [data-sweep-point][data-x="${x}"]`).boundingBox()).x;
  const lineX = centre(await page.locator('#sweep [data-open-now] line').boundingBox()).x;
  expect(lineX).toBeGreaterThan((await at('100')) + 5);
  expect(lineX).toBeLessThan((await at('250')) - 5);

  // The picture for a slide is the figure alone: the page's own mark stays out of it.
  const svgFile = page.waitForEvent('download');
  await page.locator('#sweep [data-sweep-export="svg"]').click();
  const svg = readFileSync((await (await svgFile).path())!, 'utf8');
  expect(svg.match(/data-sweep-point=/g)).toHaveLength(4);
  expect(svg).not.toContain('data-open-now');
  expect(svg).not.toContain('open now');
  expect(watch.consoleErrors).toEqual([]);
});

test("a point swept to the link's own figure is the page's run: ringed, its figure the page's", async ({
  page,
}) => {
  // Over the WAN (90 ms round trips), the point at rtt=90 had the dashed line but no ring, though
  // the engine runs it exactly as the page: the same input, the same trace.
  await page.goto('/?link=wan&sweep=custom:x=rtt:50,90,250;y=load_s');
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
  const ring = page.locator('#sweep [data-open-now-ring]');
  await expect(ring).toHaveCount(1);
  await expect(ring).toHaveAttribute('data-x', '90');
  const point = page.locator('#sweep [data-sweep-point][data-x="90"]');
  const [r, p] = [(await ring.boundingBox())!, (await point.boundingBox())!];
  expect(Math.abs(r.x + r.width / 2 - (p.x + p.width / 2))).toBeLessThan(1);
  expect(Math.abs(r.y + r.height / 2 - (p.y + p.height / 2))).toBeLessThan(1);
  const seconds = await page.locator('[data-metrics] [data-metric="elapsed_s"]').getAttribute('data-value');
  expect(Number(await point.getAttribute('data-y'))).toBeCloseTo(Number(seconds), 6);
  await expect(page.locator('#sweep [data-open-now-key]')).toHaveText(
    'the scenario open now: Round-trip time (ms) 90 (its run ringed)',
  );
});

test('a frame that shows the chart alone names its mark for what it is there: the baseline, or the point highlighted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // "open now" had named a run the frame does not show.
  const mark = page.locator('#sweep [data-open-now] text');
  const key = page.locator('#sweep [data-open-now-key]');
  await page.setViewportSize({ width: 640, height: 360 });
  await page.goto('/?link=wan&sweep=custom:x=link;y=load_s&embed=1&view=sweep');
  await expect(page.locator('[data-sweep-status="done"]')).toBeAttached({ timeout: 30_000 });
  await expect(mark).toHaveText('baseline');
  await expect(key).toHaveText('the baseline each point varies: Link type wan (its run ringed)');
  // The line over the chart names it alike: "over the current scenario" had named none shown.
  const meta = page.locator('#sweep .sweep-meta');
  await expect(meta).toHaveText(
    'Custom sweep over the baseline scenario: page=yahoo96 visit=first http=1.1 nagle=1 delack=bsd iw=2',
  );
  await page.locator('#sweep .sweep-values summary').click();
  await expect(page.locator('#sweep .sweep-table tr.open-now td').first()).toHaveText('wan (baseline)');
  // The label stays inside the frame, above the plot.
  const box = (await mark.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(640);
  await page.goto('/?link=wan&rtt=120&sweep=custom:x=rtt:50,100,250;y=load_s&embed=1&view=sweep');
  await expect(mark).toHaveText('baseline: 120', { timeout: 30_000 });
  // A paper's sweep runs its own scenario: the point the link opened is the one highlighted.
  await page.goto('/?preset=kruse-acts&conns=8&sweep=kruse-fig2&embed=1&view=sweep');
  await expect(mark).toHaveText('highlighted', { timeout: 30_000 });
  await expect(key).toHaveText('highlighted: connections 8 (its run ringed)');
  // With the run beside the chart, in a frame as on the page, it is the run open now.
  for (const query of ['embed=1&view=sweep,ladder&', '']) {
    await page.goto(`/?${query}link=wan&sweep=custom:x=link;y=load_s`);
    await expect(mark).toHaveText('open now', { timeout: 30_000 });
    await expect(key).toHaveText('the scenario open now: Link type wan (its run ringed)');
    await expect(meta).toHaveText('Custom sweep over the current scenario');
  }
});

test("a frame of the chart alone fits its 'Values as a table' line under the chart and its legend", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The chart had been fitted down to its legend only: the line under it was cut off by 12 px at
  // 640 × 360 (10 at 480 × 320), the frame scrolling to it.
  const summary = page.locator('#sweep .sweep-values summary');
  for (const [query, width, height] of [
    ['link=wan&sweep=custom:x=link;y=load_s', 640, 360],
    ['link=wan&sweep=custom:x=link;y=load_s', 480, 320],
    ['link=wan&sweep=custom:x=link;y=load_s', 800, 500],
    // A paper's sweep, five lines of words above its chart at its least height (5 px).
    ['sweep=kruse-fig2', 640, 360],
  ] as const) {
    const where = `${query} at ${width} × ${height}`;
    await page.setViewportSize({ width, height });
    await page.goto(`/?${query}&embed=1&view=sweep`);
    await expect(page.locator('[data-sweep-status="done"]')).toBeAttached({ timeout: 30_000 });
    await expect
      .poll(() => page.locator('.embed-views').evaluate((el) => el.scrollHeight - el.clientHeight), where)
      .toBeLessThanOrEqual(0);
    const line = (await summary.boundingBox())!;
    expect(line.y + line.height, where).toBeLessThanOrEqual(height);
    // The chart still takes the rest, its legend between.
    const chart = (await page.locator('#sweep svg.sweep-chart').boundingBox())!;
    const legend = (await page.locator('#sweep .sweep-legend').boundingBox())!;
    expect(chart.height, where).toBeGreaterThanOrEqual(150);
    expect(chart.y + chart.height, where).toBeLessThanOrEqual(legend.y);
    expect(legend.y + legend.height, where).toBeLessThanOrEqual(line.y);
    expect(height - (line.y + line.height), where).toBeLessThan(30);
  }
  // Opened, the table is under it: the frame scrolls to it.
  await summary.click();
  await expect(page.locator('#sweep .sweep-table')).toBeVisible();
});

test("a paper's sweep runs its own scenario: nothing is marked until a point is opened, then that point is", async ({
  page,
}) => {
  await page.goto('/?sweep=kruse-fig2');
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#sweep [data-open-now]')).toHaveCount(0);
  await expect(page.locator('#sweep [data-open-now-key]')).toHaveCount(0);
  await page.locator('#sweep [data-sweep-point][data-x="8"][data-series="kruse-acts"]').click();
  const ring = page.locator('#sweep [data-open-now-ring]');
  await expect(ring).toHaveCount(1);
  await expect(ring).toHaveAttribute('data-series', 'kruse-acts');
  await expect(ring).toHaveAttribute('data-x', '8');
  await expect(page.locator('#sweep [data-open-now-key]')).toHaveText(
    'the scenario open now: connections 8 (its run ringed)',
  );
});

/** WCAG contrast ratio of two computed colours, "rgb(r, g, b)". */
function contrast(a: string, b: string): number {
  const lum = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a point reached by Tab shows a ring in the focus colour, off its fill (${colorScheme})`, async ({
    page,
  }) => {
    // Focus had been the point's edge in the focus colour, 3 px over its own fill: on the orange
    // series #C2410C against #D55E00, 1.34:1.
    await page.emulateMedia({ colorScheme });
    await page.goto('/?sweep=kruse-fig2');
    await expect(points(page)).toHaveCount(16, { timeout: 30_000 });
    const orange = page.locator('#sweep [data-sweep-point][fill="#D55E00"]');
    await orange.first().focus();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const point = document.activeElement as SVGPathElement;
      const style = getComputedStyle(point);
      const probe = document.createElement('div');
      probe.style.color = 'var(--focus)';
      probe.style.background = 'var(--card)';
      point.closest('#sweep')!.append(probe);
      const page = getComputedStyle(probe);
      const colours = { focus: page.color, card: page.backgroundColor };
      probe.remove();
      return {
        point: point.getAttribute('fill'),
        visible: point.matches(':focus-visible'),
        outline: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        offset: parseFloat(style.outlineOffset),
        colour: style.outlineColor,
        ...colours,
      };
    });
    expect(ring.point).toBe('#D55E00');
    expect(ring.visible).toBe(true);
    expect(ring.outline).toBe('solid');
    expect(ring.colour).toBe(ring.focus);
    expect(ring.width).toBeGreaterThanOrEqual(2);
    // Set off from the point, the ring stands on the chart's background, not on the fill.
    expect(ring.offset).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.colour, ring.card)).toBeGreaterThanOrEqual(3);
  });
}
