// The ladder and the time-sequence plot by touch, as a phone or tablet gives it: the touches go
// through the browser's own gesture handling (CDP's touch events), which takes a drag it may
// scroll, pan or zoom the page with, and leaves the page only what it does not take.
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { engine, ladderPackets, openLab, screenshotPixels } from './lab';
import { formatTcpdumpLine } from '../src/engine/tcpdump';
import { findSweep, pointQuery } from '../src/scenario/sweeps';
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

test('on a touch-only tablet the ladder leaves out the keys too; with a mouse it names them', async ({
  page,
  browser,
}) => {
  // At 768 and 1024 px a touch tablet (no fine pointer) had ended "· arrow keys step through
  // packets · Keyboard shortcuts".
  for (const size of [TABLET, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await openLab(page);
    const words = await page.locator('[data-view="ladder"] .hint').innerText();
    expect(words).toContain('Two fingers to pan');
    expect(words).not.toContain('arrow keys');
    expect(words).not.toContain('Keyboard shortcuts');
  }
  const desktop = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: false,
    isMobile: false,
  });
  const withMouse = await desktop.newPage();
  await openLab(withMouse);
  const words = await withMouse.locator('[data-view="ladder"] .hint').innerText();
  expect(words).toContain('arrow keys step through packets');
  expect(words).toContain('Keyboard shortcuts');
  await desktop.close();
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

for (const size of [PHONE, { width: 844, height: 390 }]) {
  test(`at ${size.width} × ${size.height} the Settings drawer closes from far down it, or by a tap beside it`, async ({
    page,
  }) => {
    // Its one Close button had been at its top, thousands of pixels up once a knob was reached,
    // and a tap on the page beside it had done nothing.
    await page.setViewportSize(size);
    await openLab(page);
    const cdp = await touch(page);
    const opener = page.getByRole('button', { name: 'Settings', exact: true });
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await opener.tap();
    await expect(drawer).toBeVisible();
    const nagle = page.locator('#a-nagle');
    await nagle.scrollIntoViewIfNeeded();
    expect(await drawer.evaluate((el) => el.scrollTop)).toBeGreaterThan(2000);
    const close = page.getByRole('button', { name: 'Close settings' });
    await expect(close).toBeInViewport();
    // Nothing scrolls over it: the button is what a finger on it touches.
    const c = (await close.boundingBox())!;
    const [cx, cy] = [c.x + c.width / 2, c.y + c.height / 2];
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent, [cx, cy])).toBe(
      'Close settings',
    );
    await tap(cdp, [cx, cy]);
    await expect(drawer).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page.locator('[inert]')).toHaveCount(0);

    // A tap on the page beside the drawer (the strip left of it) closes it as well.
    await opener.tap();
    await expect(drawer).toBeVisible();
    // Where it is once it has slid in.
    await drawer.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const d = (await drawer.boundingBox())!;
    expect(d.x).toBeGreaterThan(5);
    // A tap inside it (on its head, left of Close) does not.
    await tap(cdp, [d.x + 20, cy]);
    await expect(drawer).toBeVisible();
    await tap(cdp, [d.x / 2, size.height / 2]);
    await expect(drawer).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page.locator('[inert]')).toHaveCount(0);
  });
}

test('where the clipboard refuses, Copy tells a finger how to copy the selected link, and a mouse Ctrl+C', async ({
  page,
  browser,
}) => {
  // It had told a phone to press Ctrl+C.
  const refuse = () => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  };
  const copyFails = async (p: Page) => {
    await p.addInitScript(refuse);
    await openLab(p, 'v=1&nagle=0');
    await p.getByRole('button', { name: 'Share', exact: true }).click();
    const link = p.locator('[data-copy="link"]');
    await link.getByRole('button', { name: 'Copy' }).click();
    return link;
  };
  const link = await copyFails(page);
  await expect(link.getByRole('status')).toHaveText(
    'Selected: touch and hold the selection, then choose Copy.',
  );
  // The link is what is selected.
  expect(
    await link.locator('input').evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]),
  ).toEqual([0, (await link.locator('input').inputValue()).length]);
  const desktop = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    hasTouch: false,
    isMobile: false,
  });
  const withMouse = await copyFails(await desktop.newPage());
  await expect(withMouse.getByRole('status')).toHaveText('Selected: press Ctrl+C (⌘C) to copy.');
  await desktop.close();
});

for (const width of [360, 390, 1280]) {
  test(`at ${width} px the preset gallery's figures of Nielsen's Table 7 stay inside their cards`, async ({
    page,
  }) => {
    // "189011 bytes ✓ within" had run over the card's right border (by 1.5 px in a desktop's card).
    await page.setViewportSize({ width, height: 800 });
    await openLab(page);
    await page.getByRole('button', { name: 'Presets', exact: true }).tap();
    for (const name of [
      'HTTP/1.0, 4 connections, WAN, first visit (43 GETs) (Nielsen Table 7)',
      'HTTP/1.1 pipelined, WAN, first visit (43 GETs) (Nielsen Table 7)',
    ]) {
      const card = page
        .locator('.preset-card')
        .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card.locator('td.within').first()).toBeVisible({ timeout: 30_000 });
      const sides = await card.evaluate((el) => {
        const inner = el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).borderRightWidth);
        const gallery = el.parentElement!.getBoundingClientRect().right;
        const cells = [...el.querySelectorAll('table.figures th, table.figures td')].map(
          (c) => c.getBoundingClientRect().right,
        );
        return { inner, gallery, card: el.getBoundingClientRect().right, widest: Math.max(...cells) };
      });
      expect(sides.widest, name).toBeLessThanOrEqual(sides.inner);
      expect(sides.card, name).toBeLessThanOrEqual(sides.gallery + 0.5);
      // Each figure still reads as the paper's beside ours.
      const bytes = card.locator('tr[data-figure]').filter({ hasText: 'payload bytes' });
      await expect(bytes.getByRole('cell').first()).toHaveText(/^\d+(\.\d)?\u00a0bytes$/);
    }
  });
}

test('a tap opens the sweep point nearest the finger, on a marker or just beside it', async ({ page }) => {
  // Points 9-14 px across, three protocols' within 6 px of each other at one image, took a tap on
  // their marker alone, and the marker drawn last, not the nearest, took it.
  const spec = findSweep('pm-fig6-1')!;
  await page.goto('/?v=1&sweep=pm-fig6-1');
  const sweep = page.locator('#sweep');
  await expect(sweep.locator('[data-sweep-point]')).toHaveCount(18, { timeout: 60_000 });
  await expect(sweep).toContainText('Tap a point to open its run');
  await expect(sweep).not.toContainText('Click a point');
  const cdp = await touch(page);
  const centre = async (x: string, series: string): Promise<Point> => {
    const point = sweep.locator(`[data-sweep-point][data-x="${x}"][data-series="${series}"]`);
    await point.scrollIntoViewIfNeeded();
    const b = (await point.boundingBox())!;
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  // The run open now: images and protocol (the preset's own GETALL is left out of the link).
  const opened = () =>
    page.evaluate(() => {
      const q = new URLSearchParams(location.search);
      return `${q.get('images')} ${q.get('http') ?? 'getall'}`;
    });

  // HTTP/1.1's point at one image, under GETALL's drawn over it.
  await tap(cdp, await centre('1', '1.1'));
  await expect.poll(opened).toBe('1 1.1');
  await expect(ladderPackets(page)).toHaveCount(engine(pointQuery(spec, '1', '1.1')).packets);

  // 12 px right of GETALL's point at two images: off every marker, nearest that one.
  const [gx, gy] = await centre('2', 'getall');
  await tap(cdp, [gx + 12, gy]);
  await expect.poll(opened).toBe('2 getall');
  await expect(ladderPackets(page)).toHaveCount(engine(pointQuery(spec, '2', 'getall')).packets);
});
