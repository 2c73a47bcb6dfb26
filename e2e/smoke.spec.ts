import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';

test('the page loads, shows its heading, logs no errors and stays on its own origin', async ({ page }) => {
  const watch = watchPage(page);
  const response = await page.goto('/');
  expect(response?.ok()).toBe(true);

  await expect(page.locator('h1')).toBeVisible();
  await expect(page).toHaveTitle(/Roundtrip/);
  await page.waitForLoadState('networkidle');

  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});
