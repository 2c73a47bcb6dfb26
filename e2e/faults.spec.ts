// Faults the page survives: a lazily loaded panel whose file is gone, a simulation worker that
// dies, and a run too long to simulate. Each time the page says what happened, the previous run
// stays on screen, and the rest of the page keeps working.
import { expect, test, type Page } from '@playwright/test';
import { engine, ladderPackets, openLab } from './lab';

// Routing sees the page's requests only when no service worker answers them.
test.use({ serviceWorkers: 'block' });

const QUERY = 'preset=heidemann-odd-final';
const status = (page: Page) => page.locator('[data-sim-status]');

test('a panel whose code cannot be loaded says so and offers a reload; the page keeps working', async ({
  page,
}) => {
  await page.route('**/assets/SweepPanel-*.js', (route) => route.abort());
  await openLab(page, QUERY);
  await page.locator('summary', { hasText: 'Panels' }).click();
  await page.getByRole('checkbox', { name: 'Sweep' }).check();
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the sweep panel' });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();

  await page.locator('#a-nagle').uncheck();
  await expect(ladderPackets(page)).toHaveCount(engine(`${QUERY}&nagle=0`).packets);
  await expect(failure).toBeVisible();
});

test("compared, a callout whose line for B cannot be loaded says so, and A's line stays", async ({
  page,
}) => {
  await page.route('**/assets/SideBLine-*.js', (route) => route.abort());
  await openLab(page, 'b.nagle=0');
  const callout = page.locator('[data-callout]');
  const failure = callout.getByRole('alert').filter({ hasText: "Could not load side B's line" });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(callout).toContainText('A: The server waited 117 ms for a delayed ACK');
  await expect(ladderPackets(page).first()).toBeVisible();
});

for (const { button, file, name } of [
  { button: 'Share', file: 'ShareDialog', name: 'the share dialog' },
  { button: 'Lessons', file: 'LessonsDialog', name: 'the lessons' },
  { button: 'Presets', file: 'PresetGallery', name: 'the preset gallery' },
]) {
  test(`a ${button} button whose dialog cannot be loaded says so; pressed again once the file is back, it opens`, async ({
    page,
  }) => {
    await page.route(`**/assets/${file}-*.js`, (route) => route.abort());
    await openLab(page, QUERY);
    await page.getByRole('button', { name: button, exact: true }).click();
    const failure = page.getByRole('alert').filter({ hasText: `Could not load ${name}` });
    await expect(failure).toBeVisible();
    // Where the student looks: under the header's buttons (the gallery's had been 2,679 px down).
    await expect(failure).toBeInViewport();
    await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();
    // The sentence is for a student: the browser's message, with the file's address, waits behind
    // a summary (it had been written into the sentence, in brackets).
    await expect(failure.locator('p').first()).not.toContainText('/assets/');
    await expect(failure.getByText(`/assets/${file}-`)).toBeHidden();
    await failure.locator('summary', { hasText: 'What the browser said' }).click();
    await expect(failure.getByText(`/assets/${file}-`)).toBeVisible();
    await page.unroute(`**/assets/${file}-*.js`);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(failure).toHaveCount(0);
  });
}

test('a lesson link whose lessons cannot be loaded says so and keeps the lesson in the address', async ({
  page,
}) => {
  await page.route('**/assets/linkedStep-*.js', (route) => route.abort());
  const link = 'v=1&preset=heidemann-odd-final&lesson=the-200ms-mystery&step=3';
  await openLab(page, link);
  await expect(page.locator('[data-problems]')).toContainText(
    'lesson="the-200ms-mystery": could not load the lessons; reload the page to open it',
  );
  // Not called unknown, and not written out of the link: a reload opens it once the file is back.
  await expect(page.locator('[data-problems]')).not.toContainText('no such lesson');
  await page.waitForTimeout(400); // longer than the address bar's coalescing
  expect(await page.evaluate(() => window.location.search)).toBe(`?${link}`);
  await expect(ladderPackets(page)).toHaveCount(engine(link).packets);
  await page.unroute('**/assets/linkedStep-*.js');
  await page.reload();
  await expect(page.locator('[data-lesson="the-200ms-mystery"]')).toHaveAttribute('data-lesson-step', '3');
});

/**
 * The real worker behind a first module that makes it fail on one request (mss=777): it throws,
 * and from then on never answers, as a worker that ran out of memory.
 */
async function routeFailingWorker(page: Page): Promise<string[]> {
  const loads: string[] = [];
  await page.route('**/assets/sim.worker-*.js*', (route) => {
    const url = new URL(route.request().url());
    if (url.search === '?real') return route.continue();
    loads.push(url.pathname);
    const real = `.${url.pathname.slice(url.pathname.lastIndexOf('/'))}?real`;
    return route.fulfill({
      contentType: 'text/javascript',
      body: `import './fail-on-777.js'; import '${real}';`,
    });
  });
  await page.route('**/assets/fail-on-777.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `let dead = false;
        addEventListener('message', (e) => {
          const crash = JSON.stringify(e.data).includes('777');
          if (!dead && !crash) return;
          e.stopImmediatePropagation();
          if (crash && !dead) { dead = true; throw new Error('out of memory (simulated)'); }
        });`,
    }),
  );
  return loads;
}

test('a worker that dies is reported, the previous run stays, and the next change starts a fresh worker', async ({
  page,
}) => {
  const workerLoads = await routeFailingWorker(page);
  // Small runs are answered on the page's own thread; this test is about the worker's faults.
  await page.addInitScript(() => (globalThis.roundtripWorkerOnly = true));
  await openLab(page, QUERY);
  const before = engine(QUERY).packets;
  await expect(ladderPackets(page)).toHaveCount(before);
  expect(workerLoads).toHaveLength(1);

  await page.locator('#a-mss').fill('777');
  await expect(status(page)).toHaveAttribute('data-sim-fault', 'worker');
  await expect(status(page)).toContainText('The simulation worker stopped');
  await expect(status(page)).toContainText('out of memory (simulated)');
  await expect(ladderPackets(page)).toHaveCount(before);

  await page.locator('#a-mss').fill('536');
  const after = engine(`${QUERY}&mss=536`).packets;
  expect(after).not.toBe(before);
  await expect(ladderPackets(page)).toHaveCount(after);
  await expect(status(page)).toHaveAttribute('data-sim-status', 'idle');
  expect(workerLoads).toHaveLength(2);
});

test('a run that hits the event cap says why nothing of it is drawn and suggests a smaller setting', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const small = 'objects=6651&mss=64';
  await openLab(page, small);
  await expect(ladderPackets(page)).toHaveCount(engine(small).packets);
  const callout = await page.locator('[data-callout]').innerText();

  await page.locator('#a-objects').fill('100000000');
  // while it runs, the status says how far it has got
  await expect(status(page).locator('[data-sim-progress]')).toContainText('packets so far', {
    timeout: 30_000,
  });
  const cancel = status(page).getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  // Cancel stays put as the figures grow (after them, it moved away from the pointer).
  const at = await cancel.boundingBox();
  await expect(status(page).locator('[data-sim-progress]')).not.toHaveAttribute(
    'data-sim-progress',
    (await status(page).locator('[data-sim-progress]').getAttribute('data-sim-progress'))!,
  );
  expect(await cancel.boundingBox()).toEqual(at);
  await expect(status(page)).toHaveAttribute('data-sim-fault', 'event-cap', { timeout: 60_000 });
  // It names the budget that stopped it (packets, here; it had said "event cap reached"), in the page's numbers.
  await expect(status(page)).toContainText(
    /simulation stopped at its budget of 500,000 packets, [\d.]+ s into the run/,
  );
  await expect(status(page)).toContainText('Try a smaller setting');
  await expect(ladderPackets(page)).toHaveCount(engine(small).packets);
  // The callout speaks of the run still drawn, with its own settings' fix, not the failed one's.
  await expect(page.locator('[data-fix-checking]')).toHaveCount(0);
  expect(await page.locator('[data-callout]').innerText()).toBe(callout);

  await page.locator('#a-objects').fill('5000');
  await expect(ladderPackets(page)).toHaveCount(engine('objects=5000&mss=64').packets);
  await expect(status(page)).toHaveAttribute('data-sim-status', 'idle');
});

test('a link whose first run hits the event cap says so, and promises no previous run', async ({ page }) => {
  // One-byte server writes: half a million application events within the run's first milliseconds.
  await page.goto('/?objects=600000&chunk=1');
  await expect(status(page)).toHaveAttribute('data-sim-fault', 'event-cap', { timeout: 30_000 });
  await expect(status(page)).toContainText('This run is too long to show');
  await expect(status(page)).toContainText('None of it is drawn');
  await expect(status(page)).not.toContainText('previous run');
  await expect(page.locator('.loading')).toHaveText('Nothing to draw: the message above says why.');
  await expect(ladderPackets(page)).toHaveCount(0);
  // The playback bar gives no times for a run it has not got (it had read "0 ms / 0 ms run" and
  // "1 s on screen = 0 ms of the run").
  await expect(page.locator('#playback .clock')).toHaveText('– / no run');
  await expect(page.locator('#speed-meaning')).toHaveText('');

  // The next change draws its run.
  await page.locator('#a-objects').fill('5000');
  await expect(ladderPackets(page)).toHaveCount(engine('objects=5000&chunk=1').packets);
  await expect(status(page)).toHaveAttribute('data-sim-status', 'idle');
});

for (const query of [
  'page=pm-images&images=500&imagebytes=10000000',
  'loads=100&page=almanac24&link=lte&http=2',
]) {
  test(`a first run cancelled leaves nothing saying "Simulating…", and nothing to play (${query})`, async ({
    page,
  }) => {
    await page.goto(`/?${query}`);
    await status(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(status(page)).toHaveAttribute('data-sim-status', 'cancelled');
    await expect(status(page)).toHaveText('Cancelled. Change a knob to simulate again.');
    // The views had gone on saying "Simulating…" under it, long after the run was cancelled.
    const views = page.locator('main .loading');
    await expect(views).toHaveText('Nothing to draw: the message above says why.');
    await page.waitForTimeout(1000);
    await expect(page.locator('main')).not.toContainText('Simulating');
    await expect(ladderPackets(page)).toHaveCount(0);
    // There is no run to play: Play had turned into Pause over "0 ms / 0 ms run".
    const bar = page.getByRole('toolbar', { name: 'Playback' });
    const play = bar.getByRole('button', { name: 'Play' });
    await expect(play).toBeDisabled();
    await expect(bar.getByRole('slider', { name: 'Playhead' })).toBeDisabled();
    await expect(bar).toHaveAttribute('aria-disabled', 'true');
    // Not busy either: nothing is being simulated.
    await expect(bar).not.toHaveAttribute('aria-busy');
    await page.keyboard.press('k');
    await expect(bar.locator('.play')).toHaveAttribute('data-playing', 'false');
    await expect(bar.locator('.play')).toHaveText('Play');
  });
}

test('Back to a run cancelled before simulates it again, and does not say "Cancelled" over it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/?page=pm-images&images=500&imagebytes=10000000');
  await status(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toHaveAttribute('data-sim-status', 'cancelled');
  await page.locator('#a-imagebytes').fill('1000');
  await expect(page).toHaveURL(/imagebytes=1000(&|$)/);
  await expect(page.locator('[data-callout]')).toBeVisible({ timeout: 20_000 });
  // Every state the status takes from Back on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const el = document.querySelector('[data-sim-status]')!;
    new MutationObserver(() => seen.push(el.getAttribute('data-sim-status')!)).observe(el, {
      attributes: true,
      attributeFilter: ['data-sim-status'],
    });
  });
  await page.goBack();
  await expect(page).toHaveURL(/imagebytes=10000000/);
  // The run is simulated again, to its end (this one stops at the event cap); "Cancelled" had
  // stood over it the whole time.
  await expect(status(page)).toHaveAttribute('data-sim-fault', 'event-cap', { timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen).not.toContain('cancelled');
});
