// Modern TCP in the views: SACK blocks on the time-sequence plot, and the congestion strips
// (cwnd, pacing rate, RTT) with the controller's phase, drawn from the engine's records.
import { expect, test } from '@playwright/test';
import { engine, openLab } from './lab';

const QUERY = 'objects=300000&link=wan&loss=3&window=200000&iw=10&sack=1&cc=cubic';

test('SACK blocks appear on the time-sequence plot when the client reports them', async ({ page }) => {
  const blocks = engine(QUERY).trace.packets.filter((p) => p.dir === 'c2s' && p.sackBlocks).length;
  expect(blocks).toBeGreaterThan(0);
  await openLab(page, `${QUERY}&t=100000`);
  const sack = page.locator('[data-view="tsp"] [data-segments="sack"]');
  await expect(sack).toHaveCount(1);
  expect(((await sack.getAttribute('d')) ?? '').split('M').length - 1).toBeGreaterThan(0);
});

test('the congestion strips show pacing only when the sender paces', async ({ page }) => {
  await openLab(page, `${QUERY}&t=100000`);
  await expect(page.locator('[data-cc-strip="cwnd"]')).toHaveCount(1);
  await expect(page.locator('[data-cc-strip="rtt"]')).toHaveCount(1);
  await expect(page.locator('[data-cc-strip="pacing"]')).toHaveCount(0);
  await openLab(page, `${QUERY.replace('cc=cubic', 'cc=bbr')}&t=100000`);
  await expect(page.locator('[data-cc-strip="pacing"]')).toHaveCount(1);
  // A rate is written Mb/s everywhere, as the Bandwidth setting writes it.
  await expect(page.locator('[data-cc-strip="pacing"] .axis-title')).toHaveText('pacing rate (Mb/s)');
  await expect(page.locator('[data-cc-phase-now]')).toContainText('phase:');
});

test("the headline gives pacing's many short waits as their total, the figure the callout counts", async ({
  page,
}) => {
  // Segments leave all through this run's longest pacing "stall": it is many short waits.
  await page.goto('/?objects=20000000&flush=none&link=longfat&window=16000000&cc=bbr&sack=1');
  const callout = page.locator('[data-callout]');
  await expect(callout).toHaveAttribute('data-cause', 'pacing', { timeout: 60_000 });
  const headline = (await callout.locator('.callout-text > strong').textContent()) ?? '';
  const total = /^Pacing spaced the server's segments: (.+) of short waits in all$/.exec(headline)?.[1];
  expect(total, headline).toBeDefined();
  await expect(callout.locator('.callout-context')).toContainText(`; ${total} of it went to pacing stalls`);
});

test('RACK-TLP: the ladder names the tail loss probe and its wait, and the callout the probe', async ({
  page,
}) => {
  // The WAN page at 2% loss: the client's second request and the server's unanswered tail are
  // probed (about 400 ms) instead of waiting about 1 s for the RTO.
  await openLab(page, 'link=wan&loss=2&sack=1&rack=on');
  const ladder = page.locator('[data-view="ladder"]');
  await expect(ladder.locator('[data-stall="tail-probe"]').first()).toBeVisible();
  await expect(ladder.getByText('(TLP, resent)').first()).toBeVisible();
  const callout = page.locator('[data-callout]');
  await expect(callout).toHaveAttribute('data-cause', 'tail-probe');
  await expect(callout).toContainText('tail loss probe (TLP)');
});
