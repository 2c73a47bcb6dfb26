// The scenario lives in the URL: a link opens it, bad values are reported as plain text and the
// rest still runs, every change is written back, and side B carries only what differs.
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';
import { engine, ladderPackets, metric, openLab } from './lab';

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

  // The link reopens the same comparison.
  await page.reload();
  await expect(ladderPackets(page, 'b')).toHaveCount(b.packets);
  expect(await metric(page, 'packets')).toBe(a.packets);
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
  // The page still answers while the worker runs.
  await page.getByLabel('Speed').selectOption({ label: 'Real time' });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('[data-sim-status="cancelled"]')).toBeVisible();
  await expect(ladderPackets(page)).toHaveCount(before);
  // The next change simulates again in a fresh worker.
  await page.getByLabel('Object sizes').fill('6651,3883');
  await expect(ladderPackets(page)).toHaveCount(engine('page=custom&objects=6651,3883').packets);
});
