// Where runs happen: a small page is simulated on the page's own thread (no worker is even
// loaded), and a big one in the worker, so the page never freezes on it.
import { expect, test, type Page } from '@playwright/test';
import { engine, ladderPackets, openLab } from './lab';

// Routing sees the page's requests only when no service worker answers them.
test.use({ serviceWorkers: 'block' });

function countWorkerLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('request', (r) => {
    if (/sim\.worker-[^/]*\.js/.test(r.url())) loads.count++;
  });
  return loads;
}

test('a small page and its knob changes are drawn without the worker', async ({ page }) => {
  const loads = countWorkerLoads(page);
  await openLab(page, 'preset=heidemann-odd-final');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final').packets);
  // The callout's candidate fixes are run on this thread too.
  await expect(page.locator('[data-callout]').getByRole('button', { name: /^Try / })).toBeVisible();
  await page.locator('#a-nagle').uncheck();
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final&nagle=0').packets);
  expect(loads.count).toBe(0);
});

test('a big run goes to the worker', async ({ page }) => {
  const loads = countWorkerLoads(page);
  await openLab(page, 'objects=20000');
  await expect(ladderPackets(page)).toHaveCount(engine('objects=20000').packets);
  await expect(page.locator('[data-callout]')).toBeVisible();
  await expect(page.locator('[data-fix-checking]')).toHaveCount(0);
  expect(loads.count).toBe(0);
  await page.locator('#a-objects').fill('3000000');
  // The run, then the callout's candidate fixes for it (a worker of their own).
  await expect.poll(() => loads.count).toBeGreaterThanOrEqual(1);
  await expect(page.locator('[data-sim-status]')).toHaveAttribute('data-sim-status', 'idle', {
    timeout: 30_000,
  });
});
