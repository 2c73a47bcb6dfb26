// Playback from the keyboard alone: play, pause, step to the next and previous event, scrub.
// The playhead starts at the end of the run (every arrow drawn); Play starts from zero.
import { expect, test, type Page } from '@playwright/test';
import { idleGaps } from '../src/views/timeScale';
import { engine, ladderPackets, openLab, playheadNs } from './lab';

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });
}

test('keyboard alone plays, pauses, steps and scrubs, and the arrows follow the playhead', async ({
  page,
}) => {
  const run = engine('');
  await openLab(page);
  await expect(ladderPackets(page)).toHaveCount(run.packets);
  expect(await playheadNs(page)).toBe(run.endNs);

  // The skip link leads straight to the playback bar.
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toContain('Skip to the playback controls');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Step back to the previous event');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Play');

  await page.keyboard.press('Enter');
  await expect(page.locator('.playback .play')).toHaveAttribute('data-playing', 'true');
  await page.waitForTimeout(500);
  await page.keyboard.press('Enter');
  await expect(page.locator('.playback .play')).toHaveAttribute('data-playing', 'false');
  const paused = await playheadNs(page);
  expect(paused).toBeGreaterThan(0);
  expect(paused).toBeLessThan(run.endNs);
  const shown = await ladderPackets(page).count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(run.packets);
  expect(shown).toBe(run.trace.packets.filter((p) => p.sendNs <= paused).length);

  // Full stop steps to the next event, comma back to the previous one.
  const events = [
    0,
    ...run.trace.packets.flatMap((p) => [p.sendNs, p.arriveNs ?? p.sendNs]),
    ...run.trace.stalls.flatMap((s) => [s.startNs, s.endNs]),
  ];
  const next = Math.min(...events.filter((t) => t > paused));
  const previous = Math.max(...events.filter((t) => t < next));
  await page.keyboard.press('.');
  await expect.poll(() => playheadNs(page)).toBe(next);
  await page.keyboard.press(',');
  await expect.poll(() => playheadNs(page)).toBe(previous);
  expect(previous).toBeLessThanOrEqual(paused);

  // k toggles playback from anywhere outside a form field.
  await page.keyboard.press('k');
  await expect(page.locator('.playback .play')).toHaveAttribute('data-playing', 'true');
  await page.keyboard.press('k');
  await expect(page.locator('.playback .play')).toHaveAttribute('data-playing', 'false');

  // The scrubber: Home to the start (only the SYN has left), End back to the end (every arrow).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Playhead');
  await page.keyboard.press('Home');
  await expect.poll(() => playheadNs(page)).toBe(0);
  await expect(ladderPackets(page)).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => playheadNs(page)).toBeGreaterThan(0);
  await page.keyboard.press('End');
  await expect(ladderPackets(page)).toHaveCount(run.packets);
  expect(await playheadNs(page)).toBe(run.endNs);
});

test('Play from the end starts again from zero and runs to the end', async ({ page }) => {
  const run = engine('');
  await openLab(page);
  await page.getByLabel('Speed').selectOption({ label: 'Real time' });
  await page.getByRole('button', { name: 'Play' }).click();
  // At 1x the half-second run plays in half a second, starting again from zero.
  await expect.poll(() => playheadNs(page)).toBeLessThan(run.endNs);
  await expect(page.locator('.playback .play')).toHaveAttribute('data-playing', 'false', { timeout: 15_000 });
  expect(await playheadNs(page)).toBe(run.endNs);
  await expect(ladderPackets(page)).toHaveCount(run.packets);
});

test('the default speed plays a 6 s satellite run from start to end in under 20 s', async ({ page }) => {
  const query = 'link=geo&objects=100000';
  const run = engine(query);
  expect(run.endNs / 1e9).toBeGreaterThan(6);
  await openLab(page, query);
  const speed = page.getByLabel('Speed');
  await expect(speed.locator('option:checked')).toHaveText(/Whole run in 15 s/);
  // What a second on screen means: the whole run over 15 s.
  const meaning = page.locator('.playback [data-speed]');
  expect(Number(await meaning.getAttribute('data-speed'))).toBeCloseTo(run.endNs / 1e9 / 15, 3);
  await expect(meaning).toHaveText(/^1 s on screen = \d+\sms of the run$/);

  await page.getByRole('button', { name: 'Play' }).click();
  const started = Date.now();
  await expect.poll(() => playheadNs(page)).toBeLessThan(run.endNs / 10);
  await expect(page.locator('.playback .play')).toHaveAttribute('data-playing', 'false', { timeout: 30_000 });
  const seconds = (Date.now() - started) / 1000;
  expect(await playheadNs(page)).toBe(run.endNs);
  expect(seconds).toBeLessThan(20);
  expect(seconds).toBeGreaterThan(8);
});

test('with idle gaps folded, the speed control says what the folded gaps take, and the two add up to 15 s', async ({
  page,
}) => {
  const run = engine('');
  const gaps = idleGaps([run.trace], run.endNs);
  expect(gaps).toHaveLength(3);
  await openLab(page);
  await expect(page.getByLabel('Fold idle gaps')).toBeChecked();
  const meaning = page.locator('.playback [data-speed]');
  // The rate is the run outside the folded gaps over what the gaps leave of 15 s (2 s each); it
  // had read "1 s on screen = 1.55 ms of the run", a 340 s run beside "Whole run in 15 s".
  await expect(meaning).toHaveText(
    /^1 s on screen = [\d.]+\sms of the run; the 3 folded gaps take 2\ss each$/,
  );
  const foldedNs = gaps.reduce((sum, g) => sum + g.endNs - g.startNs, 0);
  expect(Number(await meaning.getAttribute('data-speed'))).toBeCloseTo(
    (run.endNs - foldedNs) / 1e9 / (15 - 3 * 2),
    6,
  );
  await page.getByLabel('Fold idle gaps').uncheck();
  await expect(meaning).toHaveText(/^1 s on screen = [\d.]+\sms of the run$/);
  expect(Number(await meaning.getAttribute('data-speed'))).toBeCloseTo(run.endNs / 1e9 / 15, 6);
});

test('the speed control offers real time and slow motion, and says what 1 s on screen means', async ({
  page,
}) => {
  const run = engine('link=geo&objects=100000');
  await openLab(page, 'link=geo&objects=100000');
  const speed = page.getByLabel('Speed');
  const meaning = page.locator('.playback [data-speed]');
  await speed.selectOption({ label: 'Real time' });
  await expect(meaning).toHaveText('1 s on screen = 1 s of the run');
  await speed.selectOption({ label: 'Slow motion' });
  const slow = Number(await meaning.getAttribute('data-speed'));
  expect(slow).toBeLessThan(run.endNs / 1e9 / 15);
  expect(slow).toBeLessThanOrEqual(0.1);
  await expect(meaning).toHaveText(`1 s on screen = ${Math.round(slow * 1000)} ms of the run`);
  // Slow motion plays slower than the fitted pace: a second on screen moves the playhead by
  // about `slow` seconds of the run (timed from the Play click to the Pause click, so a busy
  // machine's slow clicks do not count against it).
  const started = Date.now();
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(500);
  await page.getByRole('button', { name: 'Pause' }).click();
  const onScreenS = (Date.now() - started) / 1000;
  const moved = await playheadNs(page);
  expect(moved).toBeGreaterThan(0);
  expect(moved).toBeLessThan(slow * 1e9 * onScreenS * 1.25);
});

test('the speed goes into the link, so a link (an embed that plays itself) plays at it', async ({ page }) => {
  await openLab(page, 'link=geo&objects=100000');
  const search = () => page.evaluate(() => window.location.search);
  const entries = await page.evaluate(() => window.history.length);
  await page.getByLabel('Speed').selectOption({ label: 'Slow motion' });
  await expect.poll(search).toContain('speed=slow');
  // A view choice, as a zoom is: it amends the history entry.
  expect(await page.evaluate(() => window.history.length)).toBe(entries);
  const link = await page.evaluate(() => window.location.href);
  await page.goto(link);
  await expect(page.getByLabel('Speed').locator('option:checked')).toHaveText('Slow motion');
  await page.getByLabel('Speed').selectOption({ label: 'Whole run in 15 s' });
  await expect.poll(search).not.toContain('speed=');

  await openLab(page, 'link=geo&objects=100000&embed=1&view=ladder&speed=real&autoplay=1');
  await expect(page.getByLabel('Speed').locator('option:checked')).toHaveText('Real time');
  await expect(page.locator('.playback [data-speed]')).toHaveText('1 s on screen = 1 s of the run');

  await openLab(page, 'speed=warp');
  await expect(page.locator('[data-problems]')).toContainText('speed="warp": must be fit, slow or real');
  await expect(page.getByLabel('Speed').locator('option:checked')).toHaveText('Whole run in 15 s');
});

test('while a newer run takes long the playback bar is dimmed and off, as the views are, until it arrives', async ({
  page,
}) => {
  // Every run in the worker, and the worker's requests held back until the test lets them go: the
  // page waits for the new run however fast the machine is.
  await page.addInitScript(() => {
    const w = window as unknown as {
      roundtripWorkerOnly: boolean;
      holdRuns: boolean;
      heldRuns: Array<() => void>;
      releaseRuns: () => void;
    };
    w.roundtripWorkerOnly = true;
    w.holdRuns = false;
    w.heldRuns = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      if (w.holdRuns) w.heldRuns.push(() => post.apply(this, args));
      else post.apply(this, args);
    } as Worker['postMessage'];
    w.releaseRuns = () => {
      w.holdRuns = false;
      for (const send of w.heldRuns.splice(0)) send();
    };
  });
  await openLab(page);
  const bar = page.getByRole('toolbar', { name: 'Playback' });
  const controls = [
    bar.getByRole('button', { name: 'Play' }),
    bar.getByRole('button', { name: 'Step back to the previous event' }),
    bar.getByRole('button', { name: 'Step to the next event' }),
    bar.getByRole('slider', { name: 'Playhead' }),
    bar.getByRole('combobox'),
    bar.getByRole('checkbox', { name: 'Fold idle gaps' }),
  ];
  for (const control of controls) await expect(control).toBeEnabled();
  await expect(bar).not.toHaveAttribute('aria-busy');

  await page.evaluate(() => ((window as unknown as { holdRuns: boolean }).holdRuns = true));
  await page.locator('#a-nagle').uncheck();
  await expect(page.locator('[data-sim-status="busy"]')).toBeVisible();
  await expect(page.locator('.main[data-simulating]')).toHaveCount(1);
  // The bar, like the views, waits for the new run: it had offered to play the old one.
  await expect(bar).toHaveAttribute('aria-busy', 'true');
  await expect(bar).toHaveAttribute('data-simulating');
  for (const control of controls) await expect(control).toBeDisabled();
  expect(await bar.locator('.play').evaluate((e) => Number(getComputedStyle(e).opacity))).toBeLessThan(0.5);
  // Nor does the keyboard play it.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('k');
  await expect(bar.locator('.play')).toHaveAttribute('data-playing', 'false');

  await page.evaluate(() => (window as unknown as { releaseRuns: () => void }).releaseRuns());
  await expect(ladderPackets(page)).toHaveCount(engine('nagle=0').packets);
  await expect(bar).not.toHaveAttribute('aria-busy');
  for (const control of controls) await expect(control).toBeEnabled();
  await expect(page.locator('.main[data-simulating]')).toHaveCount(0);

  // Playing when a knob moves, the old run stops: its Pause would be out of reach.
  await controls[0].click();
  await expect(bar.locator('.play')).toHaveAttribute('data-playing', 'true');
  await page.evaluate(() => ((window as unknown as { holdRuns: boolean }).holdRuns = true));
  await page.locator('#a-nagle').check();
  await expect(bar).toHaveAttribute('aria-busy', 'true');
  await expect(bar.locator('.play')).toHaveAttribute('data-playing', 'false');
  await page.evaluate(() => (window as unknown as { releaseRuns: () => void }).releaseRuns());
  await expect(bar).not.toHaveAttribute('aria-busy');
});

test('paused part-way, Zoom in keeps the playhead and the packets before it in view', async ({ page }) => {
  // Nothing after the playhead is drawn yet. Zooming around the view's centre had taken a reader
  // who paused 20 ms into the default page to 124-129 ms of it: an empty ladder.
  await openLab(page, 't=20');
  const paused = await playheadNs(page);
  expect(paused).toBe(20e6);
  const svg = page.locator('[data-side="a"] svg.ladder-svg');
  const view = async () => [
    Number(await svg.getAttribute('data-view-start-ns')),
    Number(await svg.getAttribute('data-view-end-ns')),
  ];
  const [start0, end0] = await view();
  const zoomIn = page.getByRole('toolbar', { name: 'Ladder zoom' }).getByRole('button', { name: 'Zoom in' });
  await zoomIn.click();
  await zoomIn.click();
  await expect.poll(view).not.toEqual([start0, end0]);
  const [start, end] = await view();
  expect(start).toBeLessThan(paused);
  expect(end).toBeGreaterThan(paused);
  // The playhead is brought to the middle of the view.
  const mid = Number(await svg.getAttribute('data-view-mid-ns'));
  expect(Math.abs(mid - paused)).toBeLessThan((end - start) / 10);
  await expect.poll(() => ladderPackets(page).count()).toBeGreaterThan(0);
  // At the run's end (the page as it opens) the buttons still zoom around the view's centre.
  await openLab(page);
  const [startAll, endAll] = await view();
  const midAll = Number(await svg.getAttribute('data-view-mid-ns'));
  await zoomIn.click();
  await expect.poll(async () => (await view())[1] - (await view())[0]).toBeLessThan(endAll - startAll);
  expect(Math.abs(Number(await svg.getAttribute('data-view-mid-ns')) - midAll)).toBeLessThan(1e6);
});

test('Fold idle gaps is off, and says why, on a run with no idle gap; on where there is one', async ({
  page,
}) => {
  // 200 KB over a modem keeps the line busy from start to end: ticked, the box had changed nothing.
  await openLab(page, 'link=ppp28k&objects=200000&flush=none');
  const fold = page.locator('.playback label.fold');
  await expect(fold.getByRole('checkbox')).toBeDisabled();
  await expect(fold).toHaveText('Fold idle gaps (this run has none)');
  // The default page waits on a delayed ACK and Nagle's algorithm: there is something to fold.
  await openLab(page, '');
  await expect(fold.getByRole('checkbox')).toBeEnabled();
  await expect(fold).toHaveText('Fold idle gaps');
});

test('past 100 s, the clock at the end of the run gives the run’s end, as the figures give it', async ({
  page,
}) => {
  // Kruse's /LeRC loop runs about 180 s: "180.61 s / 181 s run" had put the playhead past the end.
  await openLab(page, 'preset=kruse-lerc');
  const clock = page.locator('.clock');
  await expect(clock).toHaveText(/ run$/, { timeout: 30_000 });
  const [, playhead, end] = (await clock.textContent())!.match(/^(\S+)\s+s \/ (\S+)\s+s run$/)!;
  expect(Number(end)).toBeGreaterThan(100);
  expect(playhead).toBe(end);
  // The callout gives the same end.
  await expect(page.locator('[data-callout] [data-run-end-ns]')).toHaveText(`${end}\u00a0s`);
  // Short of the end, the playhead is given to the hundredth, as the ladder's axis is.
  await page.getByRole('button', { name: 'Step back to the previous event' }).click();
  await expect(clock).toHaveText(/^\d+\.\d+\s+s \/ /);
});
