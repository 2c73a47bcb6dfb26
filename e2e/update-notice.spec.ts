// The "new version" notice on phones and tablets, where the Settings bar is the screen's bottom
// edge: the notice is a second edge just above the bar, as wide as the screen, covering neither
// the bar's button nor the playback controls, and the page leaves room for it, so every line can
// be scrolled clear of it (a box floating over part of a line would hide its end).
import { expect, test, type Page } from '@playwright/test';
import { openLab, partlyHiddenBy } from './lab';

/**
 * What the page hears from the service worker when a newer build has taken over
 * (registerServiceWorker.ts); once the worker is registered, after the first picture, when the page
 * listens for it.
 */
async function announceNewerBuild(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.evaluate(() =>
    navigator.serviceWorker.dispatchEvent(
      new MessageEvent('message', { data: { type: 'current-build', build: 'a-later-build' } }),
    ),
  );
}

const overlap = (a: DOMRectLike, b: DOMRectLike) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type DOMRectLike = { x: number; y: number; width: number; height: number };

const partlyHiddenByNotice = (page: Page) => partlyHiddenBy(page, '[data-update-notice]');

for (const viewport of [
  { width: 375, height: 812 },
  { width: 820, height: 1180 },
]) {
  test(`at ${viewport.width} × ${viewport.height} the update notice sits above the Settings bar and hides nothing for good`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLab(page, 'preset=heidemann-short-initial');
    await announceNewerBuild(page);
    const notice = page.getByRole('status').filter({ hasText: 'A new version of Roundtrip is ready' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Reload' })).toBeInViewport();

    const bar = page.locator('.settings-bar');
    const settings = bar.getByRole('button', { name: 'Settings', exact: true });
    const playback = page.locator('.playback');
    await page.evaluate(() => window.scrollTo(0, 0));
    const [noticeBox, barBox, settingsBox, playbackBox] = await Promise.all(
      [notice, bar, settings, playback].map(async (l) => (await l.boundingBox())!),
    );
    // Right above the bar, as wide as the screen: a second bottom edge.
    expect(noticeBox.y + noticeBox.height).toBeCloseTo(barBox.y, 0);
    expect(noticeBox.x).toBe(0);
    expect(noticeBox.width).toBe(viewport.width);
    expect(overlap(noticeBox, settingsBox), 'the notice covers the Settings button').toBe(false);
    expect(overlap(noticeBox, playbackBox), 'the notice covers the playback controls').toBe(false);
    await expect(settings).toBeInViewport();

    // Wherever the page is scrolled, no line or control is cut by the notice's edge...
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += viewport.height / 3) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await partlyHiddenByNotice(page)).toEqual([]);
    }
    // ...and at the end of the page the last view clears it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = (await page.locator('main > :last-child').boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual((await notice.boundingBox())!.y);
    // The playback controls scroll clear of it too: a control reached with Tab lands above it.
    const play = playback.getByRole('button', { name: /play|pause/i }).first();
    const y = await play.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((top) => window.scrollTo(0, top), y - (noticeBox.y - 4));
    await play.focus();
    const playBox = (await play.boundingBox())!;
    // Within a pixel: the page scrolls by whole pixels while its layout has fractions of one.
    expect(playBox.y + playBox.height).toBeLessThanOrEqual((await notice.boundingBox())!.y + 1);
  });
}
