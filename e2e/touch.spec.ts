// The ladder and the time-sequence plot by touch, as a phone or tablet gives it: the touches go
// through the browser's own gesture handling (CDP's touch events), which takes a drag it may
// scroll, pan or zoom the page with, and leaves the page only what it does not take.
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { engine, openLab, screenshotPixels } from './lab';
import { formatTcpdumpLine } from '../src/engine/tcpdump';
import { LADDER_MARGIN } from '../src/views/ladderLayout';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

type Point = [number, number];

async function touch(page: Page): Promise<CDPSession> {
  return page.context().newCDPSession(page);
}

/** One finger from `from` to `to` in `steps` moves, a frame apart, then lifted. */
async function drag(cdp: CDPSession, from: Point, to: Point, steps = 12) {
  const at = (f: number) => [
    { x: from[0] + (to[0] - from[0]) * f, y: from[1] + (to[1] - from[1]) * f, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let s = 1; s <= steps; s++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(s / steps) });
    await new Promise((r) => setTimeout(r, 16));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function tap(cdp: CDPSession, [x, y]: Point) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('a finger dragged sideways across the time-sequence plot zooms it into that time range', async ({
  page,
}) => {
  // The browser had taken the drag (pointercancel): the plot's brush worked by mouse alone.
  await openLab(page);
  const tsp = page.locator('[data-view="tsp"]');
  const brush = tsp.locator('.tsp-brush').first();
  await brush.scrollIntoViewIfNeeded();
  await expect(tsp.getByRole('button', { name: 'Full run' })).toBeDisabled();
  const b = (await brush.boundingBox())!;
  const y = b.y + b.height / 2;
  await drag(await touch(page), [b.x + b.width * 0.3, y], [b.x + b.width * 0.7, y]);

  await expect
    .poll(() => page.evaluate(() => new URLSearchParams(location.search).get('tspzoom')))
    .toMatch(/^\d+(\.\d+)?,\d+(\.\d+)?$/);
  await expect(tsp.getByRole('button', { name: 'Full run' })).toBeEnabled();
  // The page was not zoomed or scrolled sideways by the drag.
  expect(await page.evaluate(() => [visualViewport!.scale, scrollX])).toEqual([1, 0]);
});

test('a tap on a packet focuses it and shows its tcpdump line; a tap elsewhere puts the line away', async ({
  page,
}) => {
  // Its line had shown on mouse hover alone: a finger, pressed as it moves, never got it.
  await openLab(page);
  const { trace } = engine('');
  const index = trace.packets.findIndex((p) => p.len === 226);
  // The reply to the first request, "200 OK (226 B)".
  const arrow = page.locator(`[data-side="a"] [data-packet="${index}"]`);
  await arrow.scrollIntoViewIfNeeded();
  const a = (await arrow.boundingBox())!;
  const cdp = await touch(page);
  await tap(cdp, [a.x + a.width / 2, a.y + a.height / 2]);

  const tip = page.locator('.packet-tip');
  await expect(tip).toContainText(formatTcpdumpLine(trace, trace.packets.get(index)));
  await expect(tip).toContainText('226');
  await expect(arrow).toBeFocused();

  // A tap on the ladder away from every packet (in the band of the hosts' names, above the
  // first): the packet loses the focus, the line goes.
  const svg = (await page.locator('[data-side="a"] svg.ladder-svg').boundingBox())!;
  await tap(cdp, [svg.x + LADDER_MARGIN.axis + 20, svg.y + 4]);
  await expect(tip).toHaveCount(0);
  await expect(arrow).not.toBeFocused();
});

test("on a touch screen the ladder's hint says what a finger does: two to pan, a pinch to zoom", async ({
  page,
}) => {
  // It had said "Drag to pan", and a one-finger drag scrolls the page.
  await page.setViewportSize(TABLET);
  await openLab(page);
  const hint = page.locator('[data-view="ladder"] .hint');
  await expect(hint).toBeVisible();
  const words = await hint.innerText();
  expect(words).toContain('Two fingers to pan');
  expect(words).toContain('pinch to zoom');
  expect(words).not.toContain('Drag to pan');
});

test('on a phone the ladder still says what a finger does, leaving out the keys it has not got', async ({
  page,
}) => {
  // At 600 px and under the hint had been hidden whole, keys and fingers alike.
  await openLab(page);
  const hint = page.locator('[data-view="ladder"] .hint');
  await expect(hint).toBeVisible();
  const words = await hint.innerText();
  expect(words).toContain('Two fingers to pan');
  expect(words).not.toContain('arrow keys');
  expect(words).not.toContain('Keyboard shortcuts');
});

test("scrolled sideways, the time strip at the ladder's left edge covers the lanes passing under it", async ({
  page,
}) => {
  // A burst's count, scrolled under the strip, had read on from a time: "540 ms5".
  await openLab(page, 'page=microscape&http=1.0&conns=4');
  const box = page.locator('[data-side="a"] .ladder-scroll');
  await box.scrollIntoViewIfNeeded();
  await box.evaluate((el) => {
    el.scrollLeft = 173;
    el.dispatchEvent(new Event('scroll'));
  });
  await expect(box.locator('.axis-pin')).toHaveCSS('opacity', '1');
  const svg = (await box.locator('svg.ladder-svg').boundingBox())!;
  const card = await box.locator('.axis-pin > rect').evaluate((r) => getComputedStyle(r).fill);
  const [r, g, b] = card.match(/\d+/g)!.map(Number);
  // Scrolled 173 px, the svg's left edge is 173 px left of the box: the strip's columns right of
  // the times (which end 8 px short of the axis) up to the axis, the full height of the lanes.
  const clip = {
    x: svg.x + 173 + LADDER_MARGIN.axis - 6,
    y: svg.y + LADDER_MARGIN.top,
    width: 5,
    height: svg.height - LADDER_MARGIN.top - LADDER_MARGIN.bottom,
  };
  const pixels = await screenshotPixels(page, clip);
  let other = 0;
  for (let i = 0; i < pixels.length; i += 4)
    if (Math.abs(pixels[i] - r) + Math.abs(pixels[i + 1] - g) + Math.abs(pixels[i + 2] - b) > 24) other++;
  expect(other, 'pixels of the lanes showing through the strip').toBe(0);
});
