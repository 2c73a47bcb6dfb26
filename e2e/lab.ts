// Shared vocabulary of the lab's browser tests: open a scenario, find the ladder's packets and
// stalls, read a figure, ask the engine (in Node) what the page should show.
import { expect, type Locator, type Page } from '@playwright/test';
import { runQuery } from '../src/scenario';
import { elapsedNs, longestStallMs } from '../src/engine/metrics';
import type { StallCause } from '../src/engine/trace';

export function engine(query: string) {
  const { trace } = runQuery(query);
  const end = Math.max(
    trace.endNs,
    ...trace.packets.map((p) => p.arriveNs ?? p.sendNs),
    ...trace.stalls.map((s) => s.endNs),
  );
  return {
    trace,
    packets: trace.packets.length,
    elapsedS: elapsedNs(trace) / 1e9,
    endNs: end,
    longestStallMs: (cause: StallCause) => longestStallMs(trace, cause),
  };
}

/** Open the lab on a query and wait until side A's ladder is drawn. */
export async function openLab(page: Page, query = ''): Promise<void> {
  await page.goto(query ? `/?${query}` : '/');
  await expect(page.locator('[data-side="a"] [data-packet]').first()).toBeAttached();
  // The callout grows when its fix has been checked: measure the page after that.
  await expect(page.locator('[data-fix-checking]')).toHaveCount(0);
  // The panels below the plot load once the first picture is on screen.
  await expect(page.locator('[data-panel-loading]')).toHaveCount(0);
}

export function ladderPackets(page: Page, side: 'a' | 'b' = 'a'): Locator {
  return page.locator(`[data-side="${side}"] [data-packet]`);
}

export function ladderStalls(page: Page, cause: string): Locator {
  return page.locator(`[data-view="ladder"] [data-stall="${cause}"]`);
}

export function tspStalls(page: Page, cause: string): Locator {
  return page.locator(`[data-view="tsp"] [data-stall="${cause}"]`);
}

export async function metric(page: Page, name: string): Promise<number> {
  return Number(await page.locator(`[data-metrics] [data-metric="${name}"]`).textContent());
}

/** The playhead's time on side A's ladder, in ns. */
export async function playheadNs(page: Page): Promise<number> {
  return Number(await page.locator('[data-side="a"] [data-playhead]').getAttribute('data-t-ns'));
}

/**
 * Lines and controls of the page that a fixed box hides part of (not all) at the current scroll:
 * the element `coverSelector` names, or its outermost fixed ancestor with `outermostFixed`. A bar
 * as wide as the screen hides a line whole, as the screen's edge does, and the line scrolls out
 * from under it; a box floating over part of a line hides its end while the rest reads as complete.
 */
export async function partlyHiddenBy(
  page: Page,
  coverSelector: string,
  outermostFixed = false,
): Promise<string[]> {
  return page.evaluate(
    ([selector, outermost]) => {
      const named = document.querySelector<HTMLElement>(selector)!;
      let cover: HTMLElement = named;
      if (outermost)
        for (let el = named.parentElement; el && el !== document.body; el = el.parentElement)
          if (getComputedStyle(el).position === 'fixed') cover = el;
      const c = cover.getBoundingClientRect();
      const read = 'main :is(p, li, h2, h3, h4, legend, label, button, select, input, summary, th, td)';
      return [...document.querySelectorAll(read)].flatMap((el) => {
        const r = el.getBoundingClientRect();
        const overlaps =
          r.width > 0 && r.right > c.left && r.left < c.right && r.bottom > c.top && r.top < c.bottom;
        return overlaps && (r.left < c.left || r.right > c.right)
          ? [`${el.tagName} "${el.textContent!.trim().slice(0, 40)}" at scroll ${window.scrollY}`]
          : [];
      });
    },
    [coverSelector, outermostFixed] as const,
  );
}

/** Pairs of drawn texts whose boxes overlap by more than a pixel each way, as "a / b". */
export function overlappingPairs(
  texts: Array<{ text: string | null; left: number; right: number; top: number; bottom: number }>,
): string[] {
  return texts.flatMap((a, i) =>
    texts
      .slice(i + 1)
      .filter(
        (b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1,
      )
      .map((b) => `${a.text} / ${b.text}`),
  );
}

/**
 * The page's pixels in `clip` as painted: a screenshot, decoded in the page (its canvas reads a
 * PNG), each pixel's red, green, blue and alpha in turn.
 */
export async function screenshotPixels(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<Uint8Array> {
  const png = (await page.screenshot({ clip })).toString('base64');
  const raw = await page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.width, image.height];
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    // Back as base64: a plain array of a plot's million numbers is slow to pass.
    let bytes = '';
    for (let i = 0; i < pixels.length; i += 0x8000)
      bytes += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
    return btoa(bytes);
  }, png);
  return new Uint8Array(Buffer.from(raw, 'base64'));
}
