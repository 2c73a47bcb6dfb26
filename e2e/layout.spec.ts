// The page at phone and desktop widths: no sideways scroll of the page body (views scroll or
// scale inside their own boxes), every view present, no console errors, no foreign requests.
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';
import { openLab } from './lab';

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`usable at ${viewport.width} px: no horizontal scroll, all views shown`, async ({ page }) => {
    const watch = watchPage(page);
    await page.setViewportSize(viewport);
    await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
    for (const view of ['ladder', 'tsp', 'waterfall', 'time']) {
      await expect(page.locator(`[data-view="${view}"]`)).toBeVisible();
    }
    await expect(page.locator('[data-metrics]')).toBeVisible();
    await expect(page.locator('[data-side="b"] [data-packet]').first()).toBeAttached();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Every control can be reached: on a phone through the Settings button, which stays in view.
    if (viewport.width < 1100) await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.locator('#a-nagle')).toBeVisible();
    await page.locator('#a-nagle').focus();
    await expect(page.locator('#a-nagle')).toBeFocused();
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
}
