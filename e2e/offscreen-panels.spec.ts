// A knob change is drawn first where the reader looks: the ladder, and every panel in view, take
// the new run in the render that makes it; a panel out of view takes it once that frame is
// painted, so the frame after a change lays out only what is on screen.
import { expect, test, type Page } from '@playwright/test';
import { openLab } from './lab';

const LADDER = '#ladder [data-view="ladder"]';
const FIGURE = '[data-metrics] [data-metric="elapsed_s"]';

/**
 * Press a key on the bandwidth slider and read the figures table's page time twice: when the
 * ladder has taken the new run, and in the first frame painted after it.
 */
async function stepAndWatch(page: Page, key: string) {
  await page.evaluate(
    ([ladder, figure]) => {
      const view = document.querySelector(ladder)!;
      const read = () => document.querySelector(figure)!.getAttribute('data-value');
      const seen = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          const withLadder = read();
          requestAnimationFrame(() => resolve({ withLadder, firstFrame: read() }));
        });
        observer.observe(view, { attributes: true, childList: true, subtree: true });
      });
      (window as unknown as { seen: Promise<unknown> }).seen = seen;
    },
    [LADDER, FIGURE],
  );
  await page.getByLabel('Bandwidth slider').press(key);
  return page.evaluate(
    () => (window as unknown as { seen: Promise<{ withLadder: string; firstFrame: string }> }).seen,
  );
}

test('a panel out of view takes a new run after the ladder is drawn; in view, with it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLab(page);
  const figure = page.locator(FIGURE);
  await expect(page.locator('#metrics')).not.toBeInViewport();
  const before = await figure.getAttribute('data-value');

  const offscreen = await stepAndWatch(page, 'ArrowRight');
  expect(offscreen.withLadder).toBe(before);
  expect(offscreen.firstFrame).toBe(before);
  await expect(figure).not.toHaveAttribute('data-value', before!);
  const after = await figure.getAttribute('data-value');

  await page.waitForTimeout(400); // the next key is a change of its own, not part of a gesture
  await page.locator('#metrics').scrollIntoViewIfNeeded();
  await expect(page.locator('#metrics')).toBeInViewport();
  const inView = await stepAndWatch(page, 'ArrowLeft');
  expect(inView.withLadder).not.toBe(after);
  expect(inView.withLadder).toBe(before);
});

test('out of view, the ladder too waits for the frame that draws the panel in view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLab(page, 'preset=nielsen-wan-1.0-first');
  const figure = page.locator(FIGURE);
  await page.locator('#metrics').scrollIntoViewIfNeeded();
  await expect(page.locator('#ladder')).not.toBeInViewport();
  const before = await figure.getAttribute('data-value');
  // When the figure in view takes the new run, the ladder's arrows are still the old run's.
  const seen = page.evaluate(
    ([ladder, shown]) => {
      const arrows = () =>
        [...document.querySelectorAll(`${ladder} .packets path`)]
          .slice(0, 40)
          .map((p) => p.getAttribute('d'))
          .join();
      const old = arrows();
      return new Promise<{ sameWithFigure: boolean; changedLater: boolean }>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector(shown)!.getAttribute('data-value') === null) return;
          observer.disconnect();
          const sameWithFigure = arrows() === old;
          const later = () =>
            arrows() !== old ? resolve({ sameWithFigure, changedLater: true }) : requestAnimationFrame(later);
          later();
        });
        observer.observe(document.querySelector(shown)!, { attributes: true });
      });
    },
    [LADDER, FIGURE],
  );
  await page.getByLabel('Bandwidth slider').press('ArrowRight');
  await expect(figure).not.toHaveAttribute('data-value', before!);
  expect(await seen).toEqual({ sameWithFigure: true, changedLater: true });
  // Scrolled back into view, the ladder shows the newest run.
  await page.locator('#ladder').scrollIntoViewIfNeeded();
  await expect(page.locator('#ladder')).toBeInViewport();
});
