// The page opened without a query invites a newcomer into the first lesson, in one line under the
// tagline that opens it; a lecturer's link (a preset, a lesson, an embed) never shows it, and once
// dismissed it stays away on that device.
import { expect, test, type Page } from '@playwright/test';
import { LESSONS } from '../src/scenario/lessons';
import { watchPage } from './helpers';
import { openLab } from './lab';

const invite = (page: Page) => page.locator('[data-lesson-invite]');

test('the default page invites into a lesson, and the invitation opens it at its first step', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openLab(page);
  await expect(invite(page)).toBeVisible();
  const link = invite(page).getByRole('link');
  const title = (await link.textContent())!;
  const lesson = LESSONS.find((l) => l.title === title);
  expect(lesson, `no lesson is called "${title}"`).toBeDefined();
  await expect(link).toHaveAttribute('href', `?lesson=${lesson!.id}`);
  await link.click();
  const card = page.locator(`[data-lesson="${lesson!.id}"]`);
  await expect(card).toHaveAttribute('data-lesson-step', '1');
  await expect(card.locator('#lesson-step-title')).toContainText(lesson!.steps[0].title);
  await expect(invite(page)).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
});

test('followed from the keyboard, the invitation hands focus to the first step’s heading', async ({
  page,
}) => {
  await openLab(page);
  await invite(page).getByRole('link').focus();
  await page.keyboard.press('Enter');
  // Before, the link went with the line and focus fell back to the page's body.
  await expect(page.locator('#lesson-step-title')).toBeFocused();
});

test('dismissed, the invitation stays away after a reload', async ({ page }) => {
  await openLab(page);
  await invite(page).getByRole('button', { name: 'Dismiss the lesson suggestion' }).click();
  await expect(invite(page)).toHaveCount(0);
  await openLab(page);
  await expect(page.locator('.tagline')).toBeVisible();
  await expect(invite(page)).toHaveCount(0);
});

test("a lecturer's link never shows the invitation: an embed, a preset, a lesson", async ({ page }) => {
  // Shown on the bare page in this browser, so its absence below is the link's doing.
  await openLab(page);
  await expect(invite(page)).toBeVisible();
  for (const query of [
    'embed=1',
    'preset=heidemann-short-initial',
    'lesson=the-200ms-mystery',
    'v=1&rtt=90',
  ]) {
    await openLab(page, query);
    await expect(invite(page), query).toHaveCount(0);
  }
});

test('at 390 px the invitation is one line and the stall callout stays in the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page);
  const box = (await invite(page).boundingBox())!;
  const lineHeight = await invite(page).evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
  expect(box.height).toBeLessThan(lineHeight * 1.5);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const callout = (await page.locator('[data-callout]').boundingBox())!;
  expect(callout.y + callout.height).toBeLessThanOrEqual(844);
});

test('dismissed from the keyboard, the invitation hands focus to the header’s first button', async ({
  page,
}) => {
  await openLab(page);
  await invite(page).getByRole('button', { name: 'Dismiss the lesson suggestion' }).focus();
  await page.keyboard.press('Enter');
  await expect(invite(page)).toHaveCount(0);
  // Before, focus fell back to the page's body and the next Tab began again at the skip link.
  await expect(page.locator('.header-actions').getByRole('button', { name: 'Presets' })).toBeFocused();
});

test('opening a preset from the gallery takes the invitation away, and Back does not bring it back', async ({
  page,
}) => {
  await openLab(page);
  await expect(invite(page)).toBeVisible();
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await page.locator('[data-preset="heidemann-short-initial"]').getByRole('button', { name: 'Load' }).click();
  await expect(page.locator('[data-preset-info="heidemann-short-initial"]')).toBeVisible();
  await expect(invite(page)).toHaveCount(0);
  await page.goBack();
  await expect(page.locator('[data-preset-info]')).toHaveCount(0);
  await expect(invite(page)).toHaveCount(0);
  // Not dismissed for good: the next visit to the bare page offers it again.
  await openLab(page);
  await expect(invite(page)).toBeVisible();
});
