// Playback from the keyboard alone: play, pause, step to the next and previous event, scrub.
// The playhead starts at the end of the run (every arrow drawn); Play starts from zero.
import { expect, test, type Page } from '@playwright/test';
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
  await page.getByLabel('Speed').selectOption('1');
  await page.getByRole('button', { name: 'Play' }).click();
  // At 1x the half-second run plays in half a second, starting again from zero.
  await expect.poll(() => playheadNs(page)).toBeLessThan(run.endNs);
  await expect(page.locator('.playback .play')).toHaveAttribute('data-playing', 'false', { timeout: 15_000 });
  expect(await playheadNs(page)).toBe(run.endNs);
  await expect(ladderPackets(page)).toHaveCount(run.packets);
});
