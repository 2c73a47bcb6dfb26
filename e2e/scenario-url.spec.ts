// The scenario lives in the URL: a link opens it, bad values are reported as plain text and the
// rest still runs, every change is written back, and side B carries only what differs.
import { expect, test, type Page } from '@playwright/test';
import { watchPage } from './helpers';
import { engine, ladderPackets, metric, openLab, playheadNs } from './lab';

test('problems in the link are shown as plain text, the rest runs, and the notice can be dismissed', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openLab(page, 'nagle=maybe&bogus=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&flush=none');
  const notice = page.locator('[data-problems]');
  await expect(notice).toContainText('nagle="maybe"');
  await expect(notice).toContainText('unknown setting');
  await expect(notice.locator('img')).toHaveCount(0);
  await expect(ladderPackets(page)).toHaveCount(engine('flush=none').packets);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
});

test('comparing A/B: B starts as a copy of A and changes only what is changed on B', async ({ page }) => {
  const a = engine('preset=heidemann-odd-final');
  const b = engine('preset=heidemann-odd-final&nagle=0');
  await openLab(page, 'preset=heidemann-odd-final');
  await page.getByRole('button', { name: 'Compare A/B' }).click();
  await expect(ladderPackets(page, 'b')).toHaveCount(a.packets);

  await page.locator('#b-nagle').uncheck();

  await expect(ladderPackets(page, 'b')).toHaveCount(b.packets);
  await expect(ladderPackets(page, 'a')).toHaveCount(a.packets);
  await expect(page.locator('[data-side="b"] [data-stall="nagle"]')).toHaveCount(0);
  await expect(page.locator('[data-side="a"] [data-stall="nagle"]')).toHaveCount(1);
  await expect(page.locator('[data-metrics] [data-metric-b="packets"]')).toHaveText(String(b.packets));
  await expect(page.locator('[data-metrics] [data-metric-delta="elapsed_s"]')).toContainText('−');
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('b.nagle=0');

  // The link reopens the same comparison, with the settings still changing B.
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('edit=b');
  await page.reload();
  await expect(ladderPackets(page, 'b')).toHaveCount(b.packets);
  expect(await metric(page, 'packets')).toBe(a.packets);
  await expect(page.getByRole('radio', { name: 'B only' })).toBeChecked();
  await expect(page.locator('#b-nagle')).not.toBeChecked();

  // Back to A: the link no longer names a side, and a reload opens on A.
  await page.getByRole('radio', { name: /^A / }).check();
  await expect.poll(() => page.evaluate(() => window.location.search)).not.toContain('edit=');
  await page.reload();
  await expect(page.getByRole('radio', { name: /^A / })).toBeChecked();
  await expect(ladderPackets(page, 'b')).toHaveCount(b.packets);
});

test('the playhead position goes into the link and comes back from it', async ({ page }) => {
  await openLab(page, 't=5');
  await expect(page.locator('[data-side="a"] [data-playhead]')).toHaveAttribute('data-t-ns', '5000000');
  const run = engine('');
  await expect(ladderPackets(page)).toHaveCount(run.trace.packets.filter((p) => p.sendNs <= 5e6).length);
  await page.getByRole('button', { name: 'Step to the next event' }).click();
  await expect.poll(() => page.evaluate(() => window.location.search)).toMatch(/t=\d/);
});

test('a long run says it is simulating and can be cancelled without freezing the page', async ({ page }) => {
  await openLab(page, 'page=custom');
  const before = await ladderPackets(page).count();
  await page.getByLabel('Object sizes').fill('100000000,100000000,100000000');
  await expect(page.locator('[data-sim-status="busy"]')).toBeVisible();
  // The page still answers while the worker runs (the playback bar waits for the new run: a
  // control outside it).
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('[data-sim-status="busy"]')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('[data-sim-status="cancelled"]')).toBeVisible();
  await expect(ladderPackets(page)).toHaveCount(before);
  // The run drawn before stays, to play.
  await expect(page.locator('main .loading')).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'Playback' }).locator('.play')).toBeEnabled();
  // The next change simulates again in a fresh worker.
  await page.getByLabel('Object sizes').fill('6651,3883');
  await expect(ladderPackets(page)).toHaveCount(engine('page=custom&objects=6651,3883').packets);
});

/** The time window side A's ladder shows, in ns: [run top, bottom edge] as the link writes it. */
async function ladderWindow(page: Page): Promise<[number, number]> {
  const zoom = await page.evaluate(() => new URLSearchParams(window.location.search).get('zoom'));
  expect(zoom).toMatch(/^[\d.]+,[\d.]+$/);
  return zoom!.split(',').map((ms) => Math.round(Number(ms) * 1e6)) as [number, number];
}

/** What the ladder shows: the times at its top and bottom edges, in ns. */
async function ladderEdges(page: Page): Promise<[number, number]> {
  const svg = page.locator('[data-side="a"] svg.ladder-svg');
  return [
    Number(await svg.getAttribute('data-view-start-ns')),
    Number(await svg.getAttribute('data-view-end-ns')),
  ];
}

/** Wait for a few painted frames: a ladder out of view takes a new run a frame after the playhead. */
const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        let n = 0;
        const tick = () => (++n < 4 ? requestAnimationFrame(tick) : done());
        requestAnimationFrame(tick);
      }),
  );

const ladderTool = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Ladder zoom' }).getByRole('button', { name });

test('the ladder zoom goes into the link, and the link reopens the same window', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLab(page, 'preset=heidemann-odd-final');
  const unzoomed = await ladderEdges(page);
  expect(await page.evaluate(() => window.location.search)).not.toContain('zoom=');
  const entries = await page.evaluate(() => window.history.length);
  for (let i = 0; i < 3; i++) await ladderTool(page, 'Zoom in').click();
  // Drag the ladder to pan, so the window is not merely centred.
  const box = (await page.locator('[data-side="a"] .ladder-scroll').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 120, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('zoom=');
  const zoomed = await ladderEdges(page);
  expect(zoomed[1] - zoomed[0]).toBeLessThan((unzoomed[1] - unzoomed[0]) / 4);
  await expect.poll(async () => (await ladderWindow(page))[0]).toBeGreaterThan(0);
  // Zooming and panning amend the link, as the playhead does: no history entry each.
  expect(await page.evaluate(() => window.history.length)).toBe(entries);

  const link = await page.evaluate(() => window.location.href);
  const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) <= 1000);
  await page.goto(link);
  await expect(ladderPackets(page).first()).toBeAttached();
  await expect.poll(async () => near(await ladderEdges(page), zoomed)).toBe(true);

  // On a phone the ladder is shorter, and the same times fill it.
  const linked = await ladderWindow(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(link);
  await expect(ladderPackets(page).first()).toBeAttached();
  await expect.poll(async () => near(await ladderWindow(page), linked)).toBe(true);
  await expect.poll(async () => (await ladderEdges(page))[1]).toBeLessThanOrEqual(linked[1] + 1000);
  await expect.poll(async () => (await ladderEdges(page))[1]).toBeGreaterThan(linked[1] - 1000);

  // "Fit" takes the key out of the link again.
  await ladderTool(page, 'Fit').click();
  await expect.poll(() => page.evaluate(() => window.location.search)).not.toContain('zoom=');
});

test("the time-sequence plot's stream and window go into the link, and the link reopens them", async ({
  page,
}) => {
  await openLab(page, 'http=2');
  const tsp = page.locator('[data-view="tsp"]');
  const plot = tsp.locator('svg.tsp-svg');
  const ticks = () => plot.locator('text').allTextContents();
  const search = () => page.evaluate(() => window.location.search);
  const whole = await ticks();
  const entries = await page.evaluate(() => window.history.length);
  await tsp.locator('[data-stream-select]').selectOption('3');
  await expect(plot).toHaveAttribute('aria-label', /stream 3 of connection 1/);
  await expect.poll(search).toContain('tspstream=3');
  expect(await search()).toMatch(/tspzoom=[\d.]+(,|%2C)[\d.]+/);
  const streamSpan = new URLSearchParams(await search()).get('tspzoom');
  await tsp.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => new URLSearchParams(await search()).get('tspzoom')).not.toBe(streamSpan);
  await expect.poll(async () => (await ticks()).join()).not.toBe(whole.join());
  // Like the ladder's zoom, these amend the link: no history entry each.
  expect(await page.evaluate(() => window.history.length)).toBe(entries);
  const shown = await ticks();
  const link = await page.evaluate(() => window.location.href);

  await page.goto(link);
  await expect(plot).toHaveAttribute('aria-label', /stream 3 of connection 1/);
  await expect(tsp.locator('[data-stream-select]')).toHaveValue('3');
  await expect.poll(ticks).toEqual(shown);
  await expect(tsp.getByRole('button', { name: 'Full run' })).toBeEnabled();

  // Full run and the whole connection take the keys out of the link again.
  await tsp.locator('[data-stream-select]').selectOption('');
  await expect.poll(search).not.toContain('tsp');
  await expect.poll(ticks).toEqual(whole);

  await openLab(page, 'http=2&tspconn=0&tspzoom=9,3');
  await expect(page.locator('[data-problems]')).toContainText(
    'tspconn="0": must be a connection number from 1',
  );
  await expect(page.locator('[data-problems]')).toContainText('tspzoom="9,3": must end after it starts');
  await expect(plot).toHaveAttribute('aria-label', /^Time-sequence plot of connection 1/);

  // A window past the end of the run (a knob shortened it) shows the whole run, not zoomed.
  await openLab(page, 'http=2&tspzoom=400000,500000');
  await expect.poll(ticks).toEqual(whole);
  await expect(tsp.getByRole('button', { name: 'Full run' })).toBeDisabled();
});

test('Back after a preset load brings the zoom back; an embed opens zoomed; a bad zoom is reported', async ({
  page,
}) => {
  await openLab(page, 'preset=heidemann-odd-final&zoom=2,10');
  await expect.poll(async () => Math.abs((await ladderEdges(page))[1] - 10e6)).toBeLessThan(1000);
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  await page.locator('#preset-select').selectOption('heidemann-short-initial');
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('heidemann-short-initial');
  expect(await page.evaluate(() => window.location.search)).not.toContain('zoom=');
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.location.search)).toMatch(/zoom=2(,|%2C)10/);
  await expect.poll(async () => Math.abs((await ladderEdges(page))[1] - 10e6)).toBeLessThan(1000);

  await openLab(page, 'v=1&preset=heidemann-odd-final&embed=1&view=ladder&zoom=2,10');
  await expect.poll(async () => Math.abs((await ladderEdges(page))[1] - 10e6)).toBeLessThan(1000);
  await expect(page.getByRole('link', { name: /Open in Roundtrip/ })).toHaveAttribute(
    'href',
    /zoom=2(,|%2C)10/,
  );

  await openLab(page, 'preset=heidemann-odd-final&zoom=10,2');
  await expect(page.locator('[data-problems]')).toContainText('zoom="10,2": must end after it starts');
  await expect(page.locator('[data-side="a"] [data-overview-window]')).toHaveCount(0);
});

// At 1280 x 1000 the ladder is in view when the callout's button is pressed; at 1280 x 720 it is
// below the fold, and takes the new run a frame after the playhead has moved onto it.
for (const [height, where] of [
  [1000, 'in view'],
  [720, 'out of view'],
] as const) {
  test(`a knob change keeps the zoomed times in view, and Back and Forward bring back the zoom each entry had (ladder ${where})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height });
    // Zoomed onto 4 to 14 ms, short of the run's end (190 ms), where the playhead rests.
    await openLab(page, 'preset=heidemann-odd-final&zoom=4,14');
    const edgeNear = async (ms: number) => Math.abs((await ladderEdges(page))[1] - ms * 1e6) < 1000;
    await expect.poll(() => edgeNear(14)).toBe(true);
    // Nagle off: the run now ends at 17.5 ms, the playhead with it. In view, the ladder had
    // followed the playhead there (8 to 17.5 ms), and Back brought 9 to 190 ms: nearly the whole
    // run; out of view, the link kept 9 to 190 ms of the 17.5 ms run, and the ladder showed it all.
    await page.getByRole('button', { name: "Try Nagle's algorithm: off" }).click();
    await expect.poll(() => page.evaluate(() => window.location.search)).toContain('nagle=0');
    await expect(page.locator('[data-fix-checking]')).toHaveCount(0);
    await expect.poll(() => playheadNs(page)).toBeLessThan(20e6);
    await frames(page);
    await expect.poll(() => edgeNear(14)).toBe(true);
    expect(await ladderWindow(page)).toEqual([4e6, 14e6]);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.location.search)).not.toContain('nagle=0');
    await expect.poll(() => playheadNs(page)).toBeGreaterThan(100e6);
    await frames(page);
    await expect.poll(() => edgeNear(14)).toBe(true);
    expect(await ladderWindow(page)).toEqual([4e6, 14e6]);
    await page.goForward();
    await expect.poll(() => page.evaluate(() => window.location.search)).toContain('nagle=0');
    await expect.poll(() => playheadNs(page)).toBeLessThan(20e6);
    await frames(page);
    await expect.poll(() => edgeNear(14)).toBe(true);
    expect(await ladderWindow(page)).toEqual([4e6, 14e6]);
  });
}

test('a link reopens the ladder folded as the page showed it, after a knob changed what the run alone would choose', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openLab(page, 'preset=heidemann-odd-final');
  const fold = (p: Page) => p.getByLabel('Fold idle gaps');
  await expect(fold(page)).toBeChecked(); // its Nagle wait is most of the run
  // Over the WAN the wait is a small part of the run: opened there, the ladder would not fold.
  await page.locator('#a-link').selectOption('wan');
  await expect(page).toHaveURL(/link=wan/);
  await expect(fold(page)).toBeChecked();
  await expect(page).toHaveURL(/fold=1/);
  const reopened = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openLab(reopened, new URL(page.url()).search.slice(1));
  await expect(fold(reopened)).toBeChecked();
  await expect(reopened.locator('[data-side="a"] .fold-mark')).toHaveCount(
    await page.locator('[data-side="a"] .fold-mark').count(),
  );
  // Unfolded by the reader, as the run alone would have it: the link says nothing more.
  await fold(page).uncheck();
  await expect(page).not.toHaveURL(/fold=/);
});

test("a preset's Try it puts only its change in the link, and the link reopens the same view", async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const search = () => page.evaluate(() => window.location.search);
  const fold = (p: Page) => p.getByLabel('Fold idle gaps');
  await openLab(page, 'preset=heidemann-odd-final');
  await expect(fold(page)).toBeChecked(); // its Nagle wait is most of the run
  const tried = page.locator('[data-try="nagle.server=0"]');
  await tried.getByRole('button', { name: 'Try it' }).click();
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final&nagle.server=0').packets);
  // Without the wait no gap is worth folding: the ladder shows the run as its own link opens it
  // (it had kept the preset's folding and written fold=1 into the link).
  await expect(fold(page)).not.toBeChecked();
  await expect.poll(search).toBe('?v=1&preset=heidemann-odd-final&nagle.server=0');
  const reopened = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openLab(reopened, (await search()).slice(1));
  await expect(ladderPackets(reopened)).toHaveCount(await ladderPackets(page).count());
  await expect(fold(reopened)).not.toBeChecked();
  // Back to the preset: folded again, the link the preset's alone.
  await tried.getByRole('button', { name: 'Back to the preset' }).click();
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final').packets);
  await expect(fold(page)).toBeChecked();
  await expect.poll(search).toBe('?v=1&preset=heidemann-odd-final');
});

test('a link with many bad keys lists a few and counts the rest, so the lab stays in view', async ({
  page,
}) => {
  const junk = Array.from({ length: 20 }, (_, i) => `junk${i}=1`).join('&');
  await openLab(page, `preset=heidemann-odd-final&${junk}`);
  const notice = page.locator('[data-problems]');
  await expect(notice.locator('li')).toHaveCount(9);
  await expect(notice.locator('[data-problems-more]')).toHaveText('…and 12 more.');
});

test('a link copied out of HTML (&amp; between its keys) opens its scenario, and its embed', async ({
  page,
}) => {
  const watch = watchPage(page);
  // As an iframe's src reads in the embed code or a course page's source.
  await page.goto('/?v=1&amp;preset=heidemann-odd-final&amp;b.nagle=0&amp;view=ladder&amp;labels=tcpdump');
  await expect(ladderPackets(page, 'a')).toHaveCount(engine('preset=heidemann-odd-final').packets);
  await expect(ladderPackets(page, 'b')).toHaveCount(engine('preset=heidemann-odd-final&nagle=0').packets);
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  await expect(page.locator('#tsp')).toHaveCount(0);
  await expect(page.getByLabel('tcpdump labels')).toBeChecked();
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe('?v=1&preset=heidemann-odd-final&b.nagle=0&view=ladder&labels=tcpdump');

  // Escaped twice, as an LMS may store it; the embed key among them.
  await page.goto('/?v=1&amp;amp;preset=heidemann-odd-final&amp;amp;embed=1&amp;amp;view=ladder');
  await expect(page.locator('[data-embed]')).toBeVisible();
  await expect(page.locator('.embed-title')).toHaveText('The odd, short final segment (Heidemann Fig. 4)');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final').packets);
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
});

test('a link with names in capitals or a stray space opens what it names: comparison, lesson, embed', async ({
  page,
}) => {
  const watch = watchPage(page);
  // A link retyped from a slide: each name had been dropped with a "did you mean", and the
  // comparison had opened the default page.
  await page.goto('/?Preset=Heidemann-Odd-Final%20&B.Nagle=0&view=ladder');
  await expect(ladderPackets(page, 'a')).toHaveCount(engine('preset=heidemann-odd-final').packets);
  await expect(ladderPackets(page, 'b')).toHaveCount(engine('preset=heidemann-odd-final&nagle=0').packets);
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe('?v=1&preset=heidemann-odd-final&b.nagle=0&view=ladder');

  await page.goto('/?Lesson=The-200ms-Mystery&step=2');
  await expect(page.getByText('Step 2 of 7')).toBeVisible();
  await expect(page.locator('[data-problems]')).toHaveCount(0);

  await page.goto('/?preset=Heidemann-Odd-Final&Embed=1&view=ladder&cc=CUBIC');
  await expect(page.locator('[data-embed]')).toBeVisible();
  await expect(page.locator('.embed-title')).toHaveText('The odd, short final segment (Heidemann Fig. 4)');
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
});

test('a link whose zoom or connection the run does not have says so, and the link drops them', async ({
  page,
}) => {
  const watch = watchPage(page);
  // Typed for a longer run: the ladder had shown the whole run and the plot connection 1 without
  // a word, and the link had kept both keys.
  await openLab(page, 'preset=heidemann-odd-final&zoom=500,900&tspconn=9&t=25');
  const notice = page.locator('[data-problems]');
  await expect(notice).toContainText('zoom="500,900": the run ends at 190 ms; showing the whole run');
  await expect(notice).toContainText('tspconn="9": the run has one connection; plotting connection 1');
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe('?v=1&preset=heidemann-odd-final&t=25');
  await expect(page.getByRole('button', { name: 'Fit' }).first()).toBeDisabled();

  // An embed says so too; a window inside the run has nothing to report (a playhead past it has:
  // its own test, below).
  await page.goto('/?preset=wang-spdy&embed=1&view=tsp&tspstream=4');
  await expect(notice).toContainText('tspstream="4": connection 1 has no stream 4');
  await openLab(page, 'preset=heidemann-odd-final&zoom=2,12&tspzoom=150,900');
  await expect(page.locator('[data-side="a"] [data-packet]').first()).toBeAttached();
  await expect(notice).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
});

test('a step or reveal without a lesson, and edit=b without a side B, are named and left out of the link', async ({
  page,
}) => {
  const watch = watchPage(page);
  // These had stayed in the address (or been dropped) without a word.
  await openLab(page, 'preset=heidemann-odd-final&step=3&reveal=1&edit=b');
  const notice = page.locator('[data-problems]');
  await expect(notice).toContainText('step="3": no lesson to go with, ignored');
  await expect(notice).toContainText('reveal="1": no lesson to go with, ignored');
  await expect(notice).toContainText('edit=b: no side B to change, ignored');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final').packets);
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe('?v=1&preset=heidemann-odd-final');
  // Beside a lesson the page does not know, alike: the notice had named the lesson alone.
  await openLab(page, 'v=1&lesson=the-200ms-mystry&step=2&reveal=1&nagle=0');
  await expect(notice).toContainText(
    'lesson="the-200ms-mystry": no such lesson; did you mean the-200ms-mystery?',
  );
  await expect(notice).toContainText('step="2": no lesson to go with, ignored');
  await expect(notice).toContainText('reveal="1": no lesson to go with, ignored');
  await expect.poll(() => page.evaluate(() => window.location.search)).toBe('?v=1&nagle=0');
  expect(watch.consoleErrors).toEqual([]);
});

test('a link to a panel (#waterfall) opens on that panel, below the playback bar, once the run has drawn it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?preset=heidemann-odd-final#waterfall');
  const title = page.locator('#waterfall-title');
  await expect(title).toBeInViewport();
  // It stays there while the panels above take their height.
  await page.waitForTimeout(1500);
  await expect(title).toBeInViewport();
  const bar = await page.locator('.playback-dock').boundingBox();
  const top = (await title.boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
  expect(top).toBeLessThan(300);
});

test('a playhead past the run is said in a line and shows the end; one within the run is kept', async ({
  page,
}) => {
  // `t=600` on a 190 ms run had read "190 ms / 190 ms" with no word, and stayed in the link.
  const run = engine('preset=heidemann-odd-final');
  await openLab(page, 'v=1&preset=heidemann-odd-final&t=600');
  await expect(page.locator('[data-problems]')).toContainText(
    "t=600: past the run's end (190\u00a0ms); showing the end",
  );
  expect(await playheadNs(page)).toBe(run.endNs);
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe('?v=1&preset=heidemann-odd-final');

  await openLab(page, 'v=1&preset=heidemann-odd-final&t=100');
  expect(await playheadNs(page)).toBe(100e6);
  await page.waitForTimeout(400); // longer than the address bar's coalescing
  expect(await page.evaluate(() => window.location.search)).toContain('t=100');
  await expect(page.locator('[data-problems]')).toHaveCount(0);
});
