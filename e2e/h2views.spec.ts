// HTTP/2 on screen: the ladder names segments by their frames (tcpdump lines a toggle away), the
// waterfall groups a connection's streams under it, and the time-sequence plot follows one stream.
import { expect, test, type Page } from '@playwright/test';
import { openLab } from './lab';

const labelTexts = (page: Page) => page.locator('[data-side="a"] .packet-labels text').allTextContents();

test('an HTTP/2 ladder names frames; tcpdump labels still replace them', async ({ page }) => {
  await openLab(page, 'http=2');
  const texts = await labelTexts(page);
  expect(texts).toContain('ClientHello');
  expect(texts.some((t) => /^HEADERS \d+/.test(t) || /, HEADERS \d+/.test(t))).toBe(true);
  expect(texts.some((t) => /DATA \d+ [\d.]+ (KB|B)$/.test(t))).toBe(true);
  expect(texts.some((t) => t.startsWith('GET '))).toBe(false);
  await page.getByLabel('tcpdump labels').check();
  const raw = await labelTexts(page);
  expect(raw.some((t) => /\d+:\d+\(\d+\)/.test(t))).toBe(true);
  expect(raw.some((t) => t.includes('HEADERS'))).toBe(false);
});

test('under TLS an HTTP/1.1 ladder still names GET and 200 OK', async ({ page }) => {
  await openLab(page, 'tls=1.3');
  const texts = await labelTexts(page);
  expect(texts).toContain('ClientHello');
  expect(texts).toContain('GET /');
  expect(texts.some((t) => t.startsWith('200 OK ('))).toBe(true);
});

test('the waterfall groups HTTP/2 streams under their connection; HTTP/1.1 keeps one row each', async ({
  page,
}) => {
  await openLab(page, 'http=2');
  const waterfall = page.locator('[data-view="waterfall"]');
  await expect(waterfall.locator('[data-connection-group]')).toHaveCount(1);
  await expect(waterfall.locator('[data-connection-group]')).toContainText('connection 1');
  const streams = await waterfall
    .locator('[data-exchange]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-stream')));
  expect(streams).toEqual(['1', '3', '5']);
  await openLab(page, 'http=1.1');
  await expect(waterfall.locator('[data-connection-group]')).toHaveCount(0);
  await expect(waterfall.locator('[data-exchange]')).toHaveCount(3);
  await expect(waterfall.locator('[data-stream]')).toHaveCount(0);
});

test('the time-sequence plot shows one HTTP/2 stream when chosen, the whole connection by default', async ({
  page,
}) => {
  await openLab(page, 'http=2');
  const tsp = page.locator('[data-view="tsp"]');
  const select = tsp.locator('[data-stream-select]');
  await expect(select).toHaveValue('');
  await expect(tsp.locator('svg.tsp-svg')).toHaveAttribute(
    'aria-label',
    /^Time-sequence plot of connection 1/,
  );
  await select.selectOption('3');
  await expect(tsp.locator('svg.tsp-svg')).toHaveAttribute('aria-label', /stream 3 of connection 1/);
  await expect(tsp.getByText('stream 3 (bytes)')).toBeVisible();
  await select.selectOption('');
  await expect(tsp.locator('svg.tsp-svg')).toHaveAttribute(
    'aria-label',
    /^Time-sequence plot of connection 1/,
  );
  await openLab(page, 'http=1.1');
  await expect(page.locator('[data-view="tsp"] [data-stream-select]')).toHaveCount(0);
});
