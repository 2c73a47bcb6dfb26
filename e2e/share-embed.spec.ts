// Scenarios by URL for lecturers: a comparison link, an embed with only the chosen panel and
// control, and the Share dialog's link reopening the same view in a new page.
import { expect, test, type Page } from '@playwright/test';
import { watchPage, type PageWatch } from './helpers';
import { engine, ladderPackets, ladderStalls, openLab } from './lab';

function expectClean(watch: PageWatch) {
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
}

test('a comparison link shows ladders A and B and a B − A row with a shorter run', async ({ page }) => {
  const watch = watchPage(page);
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
  await expect(ladderPackets(page, 'b')).toHaveCount(engine('preset=heidemann-odd-final&nagle=0').packets);
  await expect(ladderPackets(page, 'a')).toHaveCount(engine('preset=heidemann-odd-final').packets);
  const delta = page.locator('[data-metrics] tr[data-row="delta"]');
  await expect(delta.locator('th')).toHaveText('B − A');
  const elapsed = (await delta.locator('[data-metric-delta="elapsed_s"]').textContent()) ?? '';
  // Nagle off on B removes the 173 ms hold: the delta is negative.
  expect(elapsed.trim()).toMatch(/^−\s*0\.\d+/);
  expectClean(watch);
});

test('an embed shows only the ladder and the Nagle control; the control re-simulates', async ({ page }) => {
  const watch = watchPage(page);
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder&controls=nagle');
  await expect(ladderPackets(page).first()).toBeAttached();

  await expect(page.locator('section.panel')).toHaveCount(1);
  await expect(page.locator('#ladder')).toBeVisible();
  await expect(page.locator('.site-header, #controls, dialog.gallery')).toHaveCount(0);
  await expect(page.locator('[data-embed] .field[data-key]')).toHaveCount(1);
  await expect(page.locator('[data-embed] .field[data-key="nagle"]')).toBeVisible();

  const open = page.getByRole('link', { name: /Open in Roundtrip/ });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', /noopener/);
  const href = new URL((await open.getAttribute('href'))!);
  expect(href.searchParams.get('preset')).toBe('heidemann-odd-final');
  expect(href.searchParams.get('view')).toBe('ladder');
  for (const key of ['embed', 'controls', 'autoplay']) expect(href.searchParams.has(key)).toBe(false);

  // Sized to the frame: the page itself never scrolls.
  const size = await page.evaluate(() => ({
    w: document.documentElement.scrollWidth,
    h: document.documentElement.scrollHeight,
  }));
  expect(size).toEqual({ w: 640, h: 400 });

  await expect(ladderStalls(page, 'nagle')).toHaveCount(1);
  await page.locator('#a-nagle').uncheck();
  await expect(ladderStalls(page, 'nagle')).toHaveCount(0);
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final&nagle=0').packets);
  // The link out follows the student's change.
  await expect(open).toHaveAttribute('href', /nagle=0/);
  expectClean(watch);
});

test('autoplay plays the embed from the start; a note is plain, clipped text', async ({ page }) => {
  const watch = watchPage(page);
  const note = `<b>Look</b> at the ACKs ${'x'.repeat(400)}`;
  await page.goto(`/?embed=1&view=ladder&autoplay=1&t=50&note=${encodeURIComponent(note)}`);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const shown = (await page.locator('[data-note]').textContent()) ?? '';
  expect(shown.startsWith('<b>Look</b> at the ACKs')).toBe(true);
  expect([...shown].length).toBe(280);
  expect(shown.endsWith('…')).toBe(true);
  await expect(page.locator('[data-note] b')).toHaveCount(0);
  expectClean(watch);
});

test('an embed link spelt as a setting is spelt (embed=yes, autoplay=on) opens the embed and plays it; a bad one says so', async ({
  page,
}) => {
  await page.goto('/?preset=heidemann-odd-final&embed=yes&view=ladder&autoplay=on');
  await expect(page.getByRole('link', { name: /Open in Roundtrip/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder&autoplay=2');
  await expect(page.locator('[data-problems]')).toContainText(
    'autoplay="2": must be 1 or 0; waiting for Play',
  );
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});

async function fieldValues(page: Page) {
  return {
    nagle: await page.locator('#a-nagle').isChecked(),
    delack: await page.locator('#a-delack').inputValue(),
    flush: await page.locator('#a-flush').inputValue(),
    http: await page.locator('#a-http').inputValue(),
    // The link keeps t in ms to the microsecond.
    playheadUs: Math.round(
      Number(await page.locator('[data-side="a"] [data-playhead]').getAttribute('data-t-ns')) / 1e3,
    ),
    packets: await ladderPackets(page).count(),
  };
}

test('the link copied from the Share dialog reopens the same controls and playhead', async ({
  page,
  context,
}) => {
  const watch = watchPage(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLab(page, 'preset=heidemann-odd-final');
  await page.locator('#a-nagle').uncheck();
  await page.locator('#a-delack').selectOption('fixed');
  await page.locator('#a-flush').selectOption('none');
  await expect(ladderStalls(page, 'nagle')).toHaveCount(0);
  // Three changes in quick succession are a gesture: the ladder's per-packet elements come back
  // once it pauses.
  await expect(ladderPackets(page).first()).toBeAttached();
  // The playhead rests at the end; step back to somewhere in the middle of the run.
  for (let i = 0; i < 3; i++)
    await page.getByRole('button', { name: 'Step back to the previous event' }).click();
  const before = await fieldValues(page);
  const endNs = engine('preset=heidemann-odd-final&nagle=0&delack=fixed&flush=none').endNs;
  expect(before.playheadUs).toBeGreaterThan(0);
  expect(before.playheadUs * 1e3).toBeLessThan(endNs);

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this scenario' });
  await expect(dialog).toBeVisible();
  await dialog.locator('[data-copy="link"]').getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.locator('[data-copy="link"] [role="status"]')).toHaveText('Copied to the clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await dialog.locator('[data-copy="link"] input').inputValue());
  expect(copied).toContain('nagle=0');

  const other = await context.newPage();
  const otherWatch = watchPage(other);
  await other.goto(copied);
  await expect(ladderPackets(other).first()).toBeAttached();
  await expect.poll(() => fieldValues(other)).toEqual(before);
  expectClean(watch);
  expectClean(otherWatch);
});

test('the Share dialog is a labelled modal: Tab stays inside, Escape closes it', async ({ page }) => {
  const watch = watchPage(page);
  await openLab(page, 'preset=heidemann-odd-final');
  const share = page.getByRole('button', { name: 'Share' });
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Share this scenario' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // The builder drives the embed code and the preview.
  await dialog.getByLabel('Play from the start when it loads').check();
  await dialog.getByLabel('Note shown above the views').fill('Count the packets');
  const code = dialog.locator('[data-copy="embed"] textarea');
  await expect(code).toHaveValue(
    /^<iframe src="[^"]*embed=1[^"]*autoplay=1[^"]*" width="800" height="500" title="[^"]+" loading="lazy"><\/iframe>$/,
  );
  await expect(code).toHaveValue(/note=Count\+the\+packets/);
  const preview = dialog.locator('iframe');
  await expect(preview).toHaveAttribute('src', /autoplay=1.*note=Count/);
  await expect(preview.contentFrame().locator('[data-note]')).toHaveText('Count the packets');
  // An embed that plays itself can play in slow motion.
  await dialog.locator('select[name="embed-speed"]').selectOption({ label: 'Slow motion' });
  await expect(code).toHaveValue(/autoplay=1&amp;speed=slow/);
  await expect(preview.contentFrame().getByLabel('Speed').locator('option:checked')).toHaveText(
    'Slow motion',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(share).toBeFocused();
  expectClean(watch);
});

test("the embed's preview says when the frame cuts its views, and by how much", async ({ page }) => {
  // A comparison's ladder and time-sequence plots in the Small 560 x 400 frame: the plots begin
  // below the frame (each panel takes the frame's height), and nothing in the dialog had said so.
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0&view=ladder,tsp');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this scenario' });
  await dialog.locator('select[name="embed-size"]').selectOption('560x400');
  const preview = dialog.locator('.embed-preview iframe');
  await expect(preview).toHaveAttribute('width', '560');
  const note = dialog.locator('[data-preview-hidden]');
  await expect(note).toBeVisible({ timeout: 15_000 });
  // The figure is the frame's own: what its views' scroller holds beyond what it shows.
  const over = await preview
    .contentFrame()
    .locator('.embed-views')
    .evaluate((el) => el.scrollHeight - el.clientHeight);
  expect(over).toBeGreaterThan(2);
  await expect(note).toHaveAttribute('data-preview-hidden', String(over));
  await expect(note).toContainText(`${over} px taller than the frame`);
  // The ladder alone: the Medium frame pairs the ladders and shows them whole, no note.
  await dialog.locator('input[name="embed-panel"][value="tsp"]').uncheck();
  await dialog.locator('select[name="embed-size"]').selectOption('800x500');
  await expect(preview).toHaveAttribute('width', '800');
  await expect(note).toHaveCount(0, { timeout: 15_000 });
  await expect
    .poll(() =>
      preview
        .contentFrame()
        .locator('.embed-views')
        .evaluate((el) => el.scrollHeight - el.clientHeight),
    )
    .toBeLessThanOrEqual(2);
});

test('an embed link with a mistyped panel says so and shows the panels it could read', async ({ page }) => {
  await page.goto('/?preset=heidemann-odd-final&embed=1&view=laddr,tsp');
  await expect(page.locator('[data-problems]')).toContainText('view: "laddr" is not a panel');
  await expect(page.locator('[data-problems]')).toContainText('ladder, tsp, waterfall, time, metrics, sweep');
  await expect(page.locator('#tsp')).toBeVisible();
  await expect(page.locator('#ladder')).toHaveCount(0);
  // A link that names only real panels, and the comparison flag, has nothing to report.
  await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder,ab');
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  await expect(page.locator('[data-problems]')).toHaveCount(0);
});

test("a sweep's embed code, from the Share dialog, shows the sweep's chart in the frame", async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.goto('/?sweep=kruse-fig2');
  const points = page.locator('#sweep [data-sweep-point]');
  await expect(points).toHaveCount(16, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Share' }).click();
  const code = await page
    .getByRole('dialog', { name: 'Share this scenario' })
    .locator('[data-copy="embed"] textarea')
    .inputValue();
  const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
  // The frame is named for the figure, not "TCP/HTTP simulation".
  expect(code).toContain('title="Roundtrip: Response time against connections (Kruse Fig. 2)"');

  // The frame had shown the default page's ladder, the sweep left out without a word.
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto(src);
  await expect(page.locator('[data-embed]')).toBeVisible();
  await expect(page.locator('.embed-title')).toHaveText('Response time against connections (Kruse Fig. 2)');
  await expect(points).toHaveCount(16, { timeout: 30_000 });
  await expect(page.locator('#sweep')).toContainText('little benefit from more than 4 connections');
  // The frame is for the chart: the pickers stay in the lab, and the chart starts in the first screen.
  await expect(page.getByText('Ready-made sweeps from the papers and RFCs')).toBeHidden();
  const chartTop = await page
    .locator('#sweep .sweep-chart-box')
    .evaluate((e) => e.getBoundingClientRect().top);
  expect(chartTop).toBeLessThan(300);
  // Its link out opens the same sweep in the full lab.
  expect(await page.locator('a.embed-open').getAttribute('href')).toContain('sweep=kruse-fig2');
  expectClean(watch);
});

test("a sweep's chart can be embedded alone: no run panel and no playback bar in its frame", async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.goto('/?sweep=kruse-fig2');
  const points = page.locator('#sweep [data-sweep-point]');
  await expect(points).toHaveCount(16, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this scenario' });
  // With the sweep shown, the frame starts as the chart alone: a ladder of the page's own run
  // beside it had nothing to do with the figure. A panel can still be ticked in.
  await expect(dialog.getByLabel('Packet ladder')).not.toBeChecked();
  const code = await dialog.locator('[data-copy="embed"] textarea').inputValue();
  const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
  expect(new URL(src).searchParams.get('view')).toBe('sweep');

  await page.setViewportSize({ width: 400, height: 300 });
  await page.goto(src);
  await expect(points).toHaveCount(16, { timeout: 30_000 });
  await expect(page.locator('#playback')).toHaveCount(0);
  await expect(page.locator('[data-view]')).toHaveCount(0);
  // The sweep starts right under the frame's title bar.
  const sweepTop = await page.locator('#sweep').evaluate((e) => e.getBoundingClientRect().top);
  expect(sweepTop).toBeLessThan(80);
  expectClean(watch);
});

test("a sweep's chart and its legend fit the frame's first screen, alone or above a panel", async ({
  page,
}) => {
  // In the Share dialog's 800 × 500 frame the 340 px chart had run past the frame's bottom: no x
  // axis and no legend saying which line is which page, until the student scrolled.
  const watch = watchPage(page);
  const cases: Array<[view: string, width: number, height: number]> = [
    ['sweep', 800, 500],
    ['sweep', 640, 360],
    ['sweep', 390, 700],
    ['ladder,sweep', 800, 500],
  ];
  for (const [view, width, height] of cases) {
    await page.setViewportSize({ width, height });
    await page.goto(`/?v=1&sweep=kruse-fig2&embed=1&view=${view}`);
    await expect(page.locator('#sweep [data-sweep-point]')).toHaveCount(16, { timeout: 30_000 });
    const xLabel = page.locator('#sweep .sweep-axis-label', { hasText: 'connections' });
    const legend = page.locator('#sweep .sweep-legend');
    await expect(legend).toContainText("Kruse's simple model");
    await expect
      .poll(async () => (await legend.boundingBox())!.y + (await legend.boundingBox())!.height, {
        message: `${view} at ${width}x${height}`,
      })
      .toBeLessThanOrEqual(height);
    expect((await xLabel.boundingBox())!.y).toBeGreaterThan(0);
    // Alone, the chart takes what room the frame has: a readable height, not a sliver.
    const chart = (await page.locator('#sweep .sweep-chart').boundingBox())!;
    expect(chart.height).toBeGreaterThanOrEqual(150);
    // The chart alone is a figure: its save row (cut in half at 640 × 360) is the lab's, not the frame's.
    if (view === 'sweep') await expect(page.locator('#sweep .sweep-export')).toBeHidden();
  }
  expectClean(watch);
});

test("the embed's Start at says why it refuses a time, keeps what is typed, and never passes the run's end", async ({
  page,
}) => {
  // A time past the end had gone into the embed code without a word, and a typed "-" vanished.
  const watch = watchPage(page);
  await openLab(page, 'preset=heidemann-odd-final&t=5');
  const endMs = Math.ceil(engine('preset=heidemann-odd-final').endNs / 1e3) / 1e3;
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this scenario' });
  const startAt = dialog.locator('input[name="embed-t"]');
  const code = dialog.locator('[data-copy="embed"] textarea');
  const error = dialog.locator('#embed-t-error');
  await expect(startAt).toHaveValue('5');
  await expect(code).toHaveValue(/;t=5["&]/);

  await startAt.selectText();
  await startAt.press('-');
  await expect(startAt).toHaveValue('-');
  await expect(error).toHaveText(
    `Start at must be a number of ms, between 0 and ${endMs} (the end of the run)`,
  );
  await expect(startAt).toHaveAttribute('aria-invalid', 'true');
  await expect(startAt).toHaveAttribute('aria-describedby', 'embed-t-error');
  await startAt.pressSequentially('3');
  await expect(startAt).toHaveValue('-3');
  await expect(error).toHaveText(`Start at must be between 0 and ${endMs} ms (the end of the run)`);

  await startAt.fill(String(Math.ceil(endMs) + 100));
  await expect(error).toHaveText(`Start at must be between 0 and ${endMs} ms (the end of the run)`);
  await expect(code).toHaveValue(/;t=5["&]/); // a refused time never reaches the code
  // Left with a time refused, the box goes back to the one in effect, its reason with it.
  await startAt.blur();
  await expect(startAt).toHaveValue('5');
  await expect(error).toHaveCount(0);

  await startAt.fill(String(endMs));
  await expect(error).toHaveCount(0);
  await expect(code).toHaveValue(new RegExp(`;t=${endMs}["&]`));
  await startAt.fill('');
  await expect(error).toHaveCount(0);
  await expect(code).not.toHaveValue(/;t=/);
  expectClean(watch);
});

test("a revealed lesson step's embed code opens on the question, unless the answer is asked for", async ({
  page,
}) => {
  const question = engine('preset=heidemann-short-initial');
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  await page.locator('[data-lesson-question]').getByLabel('It disappears').check();
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.locator('[data-lesson-explain]')).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this scenario' });
  // The link to the view keeps the answer (B); the embed code, by default, neither reveal=1 nor B.
  await expect(dialog.locator('[data-copy="link"] input')).toHaveValue(/b\.flush=none&.*reveal=1/);
  const code = dialog.locator('[data-copy="embed"] textarea');
  await expect(code).toHaveValue(
    /\?v=1&amp;preset=heidemann-short-initial&amp;lesson=the-200ms-mystery&amp;step=2&amp;embed=1/,
  );
  await expect(code).not.toHaveValue(/reveal=1|b\.flush/);
  const src = /src="([^"]+)"/.exec(await code.inputValue())![1].replace(/&amp;/g, '&');
  await dialog.getByLabel('Open with the answer shown', { exact: false }).check();
  await expect(code).toHaveValue(/b\.flush=none&amp;.*reveal=1/);

  // The frame asks the question, with nothing of the answer on screen: the code had kept
  // b.flush=none, and the frame drew the answer as B beside the question.
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto(src);
  await expect(page.locator('[data-embed]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reveal' })).toBeVisible();
  await expect(page.locator('[data-lesson-explain]')).toHaveCount(0);
  await expect(ladderPackets(page, 'a')).toHaveCount(question.packets);
  await expect(ladderPackets(page, 'b')).toHaveCount(0);
  // The full lab at the frame's address asks it too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(src.replace('&embed=1', ''));
  await expect(page.getByRole('button', { name: 'Reveal' })).toBeVisible();
  await expect(ladderPackets(page, 'a')).toHaveCount(question.packets);
  await expect(ladderPackets(page, 'b')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe('?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2&view=ladder');
});
