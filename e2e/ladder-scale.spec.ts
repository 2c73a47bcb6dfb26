// A ladder that reads at any scale: parallel connections share lanes, labels never collide with
// each other or sit under an arrow, packets have plain names, and the view opens (and zooms, and
// shows a stall) framed on what matters.
import { expect, test, type Page } from '@playwright/test';
import { engine, ladderPackets, ladderStalls, openLab } from './lab';
import { focusedText } from './helpers';

/** Most connections the client holds open at once: from its connect to its close. */
function peakOpenConnections(query: string): number {
  const { trace } = engine(query);
  const edges: [number, number][] = [];
  for (const c of trace.connections) {
    const mine = trace.events.filter((e) => e.conn === c.id && e.side === 'client');
    const open = Math.min(...mine.filter((e) => e.kind === 'connect').map((e) => e.atNs));
    const close = Math.max(
      ...mine.filter((e) => ['close', 'reset', 'timeout', 'abort'].includes(e.kind)).map((e) => e.atNs),
    );
    edges.push([open, 1], [close, -1]);
  }
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let peak = 0;
  for (const [, d] of edges) peak = Math.max(peak, (open += d));
  return peak;
}

/** Side A's packet labels (drawn text only) that overlap another label or cross an arrow (but a
 * connection's name on a backdrop: one with no clear spot is drawn over the arrows, not left out). */
async function labelClashes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const svg = document.querySelector('[data-side="a"] svg.ladder-svg')!;
    const labels = [...svg.querySelectorAll<SVGTextElement>('.packet-labels text')].map((t) => ({
      text: t.textContent ?? '',
      box: t.getBBox(),
      backed: t.classList.contains('conn-label') && t.parentElement?.querySelector('.label-backdrop') != null,
    }));
    const shafts = [...svg.querySelectorAll<SVGPathElement>('[data-packet]')].map((p) => {
      const [x0, y0, x1, y1] = (p.getAttribute('d') ?? '')
        .match(/-?\d+(\.\d+)?/g)!
        .slice(0, 4)
        .map(Number);
      return { x0, y0, x1, y1 };
    });
    const inset = 1; // anti-aliasing: a hair of contact is not a clash
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.x + inset < b.x + b.width &&
      b.x + inset < a.x + a.width &&
      a.y + inset < b.y + b.height &&
      b.y + inset < a.y + a.height;
    const crosses = (s: { x0: number; y0: number; x1: number; y1: number }, r: DOMRect) => {
      // Sample the shaft: fine enough for 11 px text.
      for (let i = 0; i <= 200; i++) {
        const x = s.x0 + ((s.x1 - s.x0) * i) / 200;
        const y = s.y0 + ((s.y1 - s.y0) * i) / 200;
        if (x > r.x + inset && x < r.x + r.width - inset && y > r.y + inset && y < r.y + r.height - inset)
          return true;
      }
      return false;
    };
    const clashes: string[] = [];
    labels.forEach((a, i) => {
      labels.slice(i + 1).forEach((b) => {
        if (overlap(a.box, b.box)) clashes.push(`"${a.text}" overlaps "${b.text}"`);
      });
      if (!a.backed && shafts.some((s) => crosses(s, a.box))) clashes.push(`"${a.text}" sits under an arrow`);
    });
    return clashes;
  });
}

const zoomIn = (page: Page) =>
  page.getByRole('toolbar', { name: 'Ladder zoom' }).getByRole('button', { name: 'Zoom in' });

async function labelTexts(page: Page): Promise<string[]> {
  return page.locator('[data-side="a"] .packet-labels text').allTextContents();
}

test('parallel connections share lanes: no more lanes than connections open at once', async ({ page }) => {
  const query = 'preset=nielsen-lan-1.0-first';
  const peak = peakOpenConnections(query);
  expect(peak).toBe(4); // HTTP/1.0 with four connections
  await openLab(page, query);
  const lanes = await page
    .locator('[data-side="a"] [data-lane]')
    .evaluateAll((els) => new Set(els.map((e) => e.getAttribute('data-lane'))).size);
  expect(lanes).toBeGreaterThan(1);
  expect(lanes).toBeLessThanOrEqual(peak);
  // Each connection after the first few is named where it starts.
  await expect(page.locator('[data-side="a"] [data-label="conn"]').first()).toBeAttached();
});

for (const [name, query, fold] of [
  ['HTTP/1.0 x 4 on the LAN', 'preset=nielsen-lan-1.0-first', false],
  ['pipelined over the modem', 'preset=nielsen-ppp-pipe-first', false],
  ['100 KB over GEO', 'link=geo&objects=100000', false],
  ['three loads, folded', 'preset=kruse-acts', true],
] as const) {
  test(`labels neither overlap nor sit under arrows: ${name}`, async ({ page }) => {
    await openLab(page, query);
    if (fold) await page.getByLabel('Fold idle gaps').check();
    await expect.poll(() => labelTexts(page).then((t) => t.length)).toBeGreaterThan(0);
    expect(await labelClashes(page)).toEqual([]);
    // Zoomed in, more packets get their own label, still without a clash.
    for (let i = 0; i < 3; i++) await zoomIn(page).click();
    await expect.poll(() => labelTexts(page).then((t) => t.length)).toBeGreaterThan(3);
    expect(await labelClashes(page)).toEqual([]);
  });
}

test('packets are named in plain words, and tcpdump lines are one toggle away', async ({ page }) => {
  await openLab(page);
  const texts = await labelTexts(page);
  expect(texts).toContain('SYN');
  expect(texts.some((t) => t.startsWith('GET /'))).toBe(true);
  expect(texts.some((t) => t === 'data 1460 B' || t.startsWith('200 OK ('))).toBe(true);
  expect(texts.some((t) => /^ACK \d+$/.test(t))).toBe(true);
  await page.getByLabel('tcpdump labels').check();
  const raw = await labelTexts(page);
  expect(
    raw.some(
      (t) => /^P? ?\d+:\d+\(\d+\) ack \d+$/.test(t) || /^\. \d+:\d+\(\d+\)/.test(t) || /^P \d+:/.test(t),
    ),
  ).toBe(true);
  expect(raw).not.toContain('SYN');
  // The link says so, and reopens with tcpdump's names; unchecked, the key goes.
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('labels=tcpdump');
  await page.goto(await page.evaluate(() => window.location.href));
  await expect(page.getByLabel('tcpdump labels')).toBeChecked();
  await expect.poll(async () => (await labelTexts(page)).includes('SYN')).toBe(false);
  await page.getByLabel('tcpdump labels').uncheck();
  await expect.poll(() => page.evaluate(() => window.location.search)).not.toContain('labels=');
  await expect.poll(async () => (await labelTexts(page)).includes('SYN')).toBe(true);
});

/** The part of side A's ladder on screen, in page coordinates. */
async function ladderView(page: Page) {
  return (await page.locator('[data-side="a"] .ladder-scroll').boundingBox())!;
}

test('the default page opens folded, the handshake spread out and the stall band in view', async ({
  page,
}) => {
  await openLab(page);
  await expect(page.getByLabel('Fold idle gaps')).toBeChecked();
  const view = await ladderView(page);
  const stall = (await ladderStalls(page, 'delayed-ack').first().locator('rect').boundingBox())!;
  expect(stall.y).toBeGreaterThanOrEqual(view.y);
  expect(stall.y + stall.height).toBeLessThanOrEqual(view.y + view.height);
  // Unfolded, the first six packets (handshake, request, first data) would share a few pixels.
  const first = await Promise.all([0, 5].map((i) => ladderPackets(page).nth(i).boundingBox()));
  expect(first[1]!.y - first[0]!.y).toBeGreaterThan(60);
});

test('"Show the stall" frames the stall in the middle of the ladder and outlines it', async ({ page }) => {
  await openLab(page);
  await page.getByRole('button', { name: 'Show the stall' }).click();
  const focused = page.locator('[data-side="a"] [data-stall][data-focused]');
  await expect(focused).toHaveCount(1);
  await expect(focused).toHaveAttribute('data-stall', 'delayed-ack');
  const view = await ladderView(page);
  await expect
    .poll(async () => (await focused.locator('rect').boundingBox())!.height)
    .toBeGreaterThan(view.height * 0.25);
  // The stall's centre in the ladder's box, both read together: the button also scrolls the page
  // to the stall, which moves the box and the band alike while it runs.
  const centreShare = async () => {
    const [box, now] = [(await focused.locator('rect').boundingBox())!, await ladderView(page)];
    return (box.y + box.height / 2 - now.y) / now.height;
  };
  await expect.poll(centreShare).toBeGreaterThan(1 / 3);
  await expect.poll(centreShare).toBeLessThan(2 / 3);
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`"Show the stall" scrolls the page to the outlined stall and its label (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openLab(page);
    // The callout's button sits above the ladder: on a phone the whole ladder lies below the fold,
    // on a laptop the stall's band starts at its bottom edge.
    await page.getByRole('button', { name: 'Show the stall' }).click();
    const focused = page.locator('[data-side="a"] [data-stall][data-focused]');
    await expect(focused).toHaveCount(1);
    await expect(focused.locator('.stall-label')).toHaveCount(1);
    // The part of the screen the page shows: below the sticky playback bar (on a wide screen), above
    // the settings bar (on a narrow one).
    const shown = () =>
      page.evaluate(() => {
        const dock = document.querySelector('.playback-dock')!.getBoundingClientRect();
        const bar = document.querySelector('.settings-bar')?.getBoundingClientRect();
        return {
          top: Math.max(0, dock.bottom),
          bottom: bar && bar.height > 0 ? bar.top : window.innerHeight,
        };
      });
    // The band and its label, as one box, scrolled (smoothly) into what the page shows.
    await expect
      .poll(async () => {
        const box = (await focused.boundingBox())!;
        const { top, bottom } = await shown();
        return box.y >= top && box.y + box.height <= bottom && box.x >= 0 && box.x + box.width <= width;
      })
      .toBe(true);
  });
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`"Show the stall" late in a long run: the stall named, the playhead's time between its ticks (${width} px)`, async ({
    page,
  }) => {
    // A median 2024 page, five loads pipelined over a lossy WAN: the stall is the server's 148 ms
    // cwnd wait at 113.6 s of a 148 s run. On a phone its band had no label, and the playhead at
    // its end read "114 s" between the ticks "113.7 s" and "113.8 s", above the axis's own "114 s".
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    const wait = { timeout: 30_000 };
    await page.goto('/?page=almanac24&http=1.1pipe&loads=5&link=wan&loss=1');
    // Not openLab: the whole run is drawn as one dense band, no packet of its own.
    await expect(page.locator('[data-side="a"] svg.ladder-svg')).toBeAttached(wait);
    await expect(page.locator('[data-fix-checking]')).toHaveCount(0, wait);
    await expect(page.locator('[data-panel-loading]')).toHaveCount(0, wait);
    await page.getByRole('button', { name: 'Show the stall' }).click();
    const focused = page.locator('[data-side="a"] [data-stall][data-focused]');
    await expect(focused).toHaveAttribute('data-stall', 'cwnd');
    await expect(focused.locator('.stall-label')).toHaveText(/^cwnd\s?148\sms$/);
    const svg = page.locator('[data-side="a"] svg.ladder-svg');
    // As the ticks write their times, to the millisecond in a view under 5 s; the clock to the
    // hundredth of a second.
    await expect(svg.locator('.playhead-label')).toHaveText('113.757 s');
    await expect(page.locator('.playback .clock')).toHaveText('113.76\u00a0s / 148\u00a0s run');
    // The two ticks above and below the playhead's label hold its time between them.
    const { at, ticks } = await svg.evaluate((el) => {
      const middle = (t: Element) => {
        const r = t.getBoundingClientRect();
        return (r.top + r.bottom) / 2;
      };
      return {
        at: middle(el.querySelector('.playhead-label')!),
        ticks: [...el.querySelectorAll('.ladder-axis .tick-label')].map((t) => ({
          y: middle(t),
          s: Number.parseFloat(t.textContent!),
        })),
      };
    });
    const above = ticks.filter((t) => t.y < at).at(-1)!;
    const below = ticks.find((t) => t.y > at)!;
    expect([above.s, below.s]).toEqual([113.7, 113.8]);
  });
}

/** Once the page, scrolled from `fromY`, has come to rest: a smooth scroll passes on its way
 * through places the page does not stay at. */
async function scrollRest(page: Page, fromY: number) {
  let last = fromY;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const resting = y !== fromY && y === last;
        last = y;
        return resting;
      },
      { intervals: [400], timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * After "Show the stall" (or B's), what is whole in the part of the screen the page shows: below
 * the sticky playback bar (on a wide screen), above the settings bar (on a narrow one).
 */
async function shownAfterShowStall(page: Page, side: 'a' | 'b') {
  return page.evaluate((side) => {
    const dock = document.querySelector('.playback-dock')!.getBoundingClientRect();
    const bar = document.querySelector('.settings-bar')?.getBoundingClientRect();
    const top = Math.max(0, dock.bottom);
    const bottom = bar && bar.height > 0 ? bar.top : window.innerHeight;
    const whole = (r: DOMRect) => r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
    const figure = document.querySelector(`[data-side="${side}"]`)!;
    const view = figure.querySelector('.ladder-scroll')!.getBoundingClientRect();
    // The hosts' names head the ladder: the view's time runs below them.
    const heads = Math.max(
      ...[...figure.querySelectorAll('.lane-head')].map((h) => h.getBoundingClientRect().bottom),
    );
    const inLadder = (r: DOMRect) => r.top >= heads && r.bottom <= view.bottom && r.left >= view.left;
    const label = figure.querySelector('[data-focused] .stall-label')?.getBoundingClientRect();
    const toolbar = document.querySelector('.ladder-panel .panel-tools')!.getBoundingClientRect();
    const caption = figure.querySelector('figcaption')?.getBoundingClientRect();
    const title = document.getElementById('ladder-title')!.getBoundingClientRect();
    // What heads the screen has air above it (on a phone B's caption had sat on the top edge).
    const heading = [title, toolbar, caption].filter((r) => r !== undefined && whole(r));
    return {
      air: heading.length > 0 && Math.min(...heading.map((r) => r!.top)) >= top + 6,
      title: whole(title),
      toolbar: whole(toolbar),
      // Whole in view, or wholly out of it: never half under the bar.
      toolbarNotCut: whole(toolbar) || toolbar.bottom <= top + 0.5,
      caption: !caption || whole(caption),
      label: !!label && whole(label) && inLadder(label),
      // Every stall label drawn whole in the ladder, none under the hosts' names.
      // ...and beside its band's part in view (one running in from above the view had its label
      // drawn as far below that part as the band's whole height, beside the next stall).
      everyLabel: [...figure.querySelectorAll('.stall-label')].every((l) => {
        const r = l.getBoundingClientRect();
        const band = l.closest('[data-stall]')!.querySelector('rect')!.getBoundingClientRect();
        return (
          inLadder(r) && r.top < Math.min(band.bottom, view.bottom) && r.bottom > Math.max(band.top, heads)
        );
      }),
    };
  }, side);
}

for (const [width, height, query] of [
  [1280, 800, ''],
  [390, 844, ''],
  [1280, 800, 'objects=30000000&link=wan&loss=1'],
] as const) {
  test(`"Show the stall" leaves the ladder's title, toolbar and the stall's label whole below the playback bar (${width} px${query && `, ${query}`})`, async ({
    page,
  }) => {
    // A 30 MB run takes seconds to simulate, and its fixes as long to check.
    test.setTimeout(120_000);
    const wait = { timeout: 60_000 };
    await page.setViewportSize({ width, height });
    await page.goto(`/?${query}`);
    // Not openLab: the long run is drawn as one dense band, no packet of its own.
    await expect(page.locator('[data-side="a"] svg.ladder-svg')).toBeAttached(wait);
    await expect(page.locator('[data-fix-checking]')).toHaveCount(0, wait);
    await expect(page.locator('[data-panel-loading]')).toHaveCount(0, wait);
    const fromY = await page.evaluate(() => window.scrollY);
    await page.getByRole('button', { name: 'Show the stall' }).click();
    await expect(page.locator('[data-side="a"] [data-focused] .stall-label')).toHaveCount(1);
    await scrollRest(page, fromY);
    // Centred on the band, the page had left the title and the Zoom buttons half under the bar
    // (1280 px), and a stall's label at the view's top cut to its last letters under "server"
    // (390 px).
    expect(await shownAfterShowStall(page, 'a')).toEqual({
      air: true,
      title: true,
      toolbar: true,
      toolbarNotCut: true,
      caption: true,
      label: true,
      everyLabel: true,
    });
  });
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`"Show B's stall" lands on B's ladder, its caption and the stall's label whole below the playback bar (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openLab(page, 'b.nagle=0');
    const fromY = await page.evaluate(() => window.scrollY);
    await page.getByRole('button', { name: "Show B's stall" }).click();
    await expect(page.locator('[data-side="b"] [data-focused] .stall-label')).toHaveCount(1);
    await scrollRest(page, fromY);
    // A and B are stacked: B's stall lies a ladder below the panel's title, which cannot share the
    // screen with it; B's caption says whose ladder it is, and no toolbar is left half under the bar.
    const { air, caption, label, toolbarNotCut, everyLabel } = await shownAfterShowStall(page, 'b');
    expect({ air, caption, label, toolbarNotCut, everyLabel }).toEqual({
      air: true,
      caption: true,
      label: true,
      toolbarNotCut: true,
      everyLabel: true,
    });
  });
}

async function viewNs(page: Page, which: 'start' | 'mid' | 'end'): Promise<number> {
  return Number(await page.locator('[data-side="a"] svg.ladder-svg').getAttribute(`data-view-${which}-ns`));
}

test('zooming keeps the middle of the view where it was, and the overview frames it', async ({ page }) => {
  await openLab(page);
  const end = await viewNs(page, 'end');
  const middle = await viewNs(page, 'mid');
  await expect(page.locator('[data-overview-window]')).toHaveCount(0);
  await zoomIn(page).click();
  await expect.poll(() => viewNs(page, 'end')).toBeLessThan(end);
  expect(Math.abs((await viewNs(page, 'mid')) - middle)).toBeLessThan(end * 0.005);
  const zoomedEnd = await viewNs(page, 'end');
  await zoomIn(page).click();
  await expect.poll(() => viewNs(page, 'end')).toBeLessThan(zoomedEnd);
  expect(Math.abs((await viewNs(page, 'mid')) - middle)).toBeLessThan(end * 0.005);
  await expect(page.locator('[data-side="a"] [data-overview-window]')).toHaveCount(1);
});

test('a run of several page loads marks where each load starts', async ({ page }) => {
  const query = 'preset=kruse-acts&conns=1';
  const { trace } = engine(query);
  // Kruse's browser went round four pages, ending on the preset's own: five loads.
  expect(trace.loads.length).toBe(5);
  await openLab(page, query);
  const marks = page.locator('[data-side="a"] [data-load]');
  await expect(marks).toHaveCount(4);
  await expect(marks.nth(0)).toContainText('load 2');
  await expect(marks.nth(3)).toContainText('load 5');
  // One page loaded again: the number alone, no page under it.
  await openLab(page, 'loads=3&link=wan');
  await expect(marks).toHaveText(['load 2', 'load 3']);
  await expect(page.locator('[data-side="a"] [data-load] .load-page')).toHaveCount(0);
});

test('a run too dense to tell arrows apart is one band with a note; zooming in brings each packet back', async ({
  page,
}) => {
  // About 2,000 packets over a 540-pixel view: over three arrows a pixel.
  const query = 'objects=1950000';
  expect(engine(query).trace.packets.length).toBeGreaterThan(1800);
  await page.goto(`/?${query}`);
  const note = page.locator('[data-side="a"] .dense-note');
  await expect(note).toContainText('zoom in');
  await expect(ladderPackets(page)).toHaveCount(0);
  // Above the plot, in the headings' band: inside it, it had covered the first packets and a
  // stall's label. It ends above the hosts' names, which head the plot.
  const noteBox = (await note.boundingBox())!;
  const hostBox = (await page.locator('[data-side="a"] .lane-head').first().boundingBox())!;
  expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(hostBox.y + 1);
  for (let i = 0; i < 3; i++) await zoomIn(page).click();
  await expect(ladderPackets(page).first()).toBeAttached();
  await expect(page.locator('[data-side="a"] .dense-note')).toHaveCount(0);
  // A page of a few hundred packets is drawn packet by packet from the start.
  await openLab(page, 'page=microscape&http=1.0&conns=4');
  await expect(page.locator('[data-side="a"] .dense-note')).toHaveCount(0);
});

test('a bulk transfer of thousands of packets plays back without repainting its whole band each frame', async ({
  page,
}) => {
  // 30 MB over the WAN with 1% loss: over 30,000 packets, fifty to a pixel row of the ladder.
  // Drawn as one path of every packet sent, clipped at the playhead, the band was repainted
  // whole each frame: it played at 5 frames a second.
  const query = 'objects=30000000&flush=none&link=wan&loss=1&window=65535';
  const packets = engine(query).packets;
  expect(packets).toBeGreaterThan(30000);
  await page.goto(`/?${query}`);
  await expect(page.locator('[data-side="a"] .dense-note')).toContainText(`${packets} packets`);
  const band = () =>
    page.evaluate(() => {
      const paths = [...document.querySelectorAll('[data-side="a"] svg.ladder-svg path')].filter(
        (p) => (p.getAttribute('d') ?? '').split('M').length > 100,
      );
      const clip = (p: Element) => p.closest('[clip-path]')?.getAttribute('clip-path');
      return {
        arrows: paths.reduce((n, p) => n + p.getAttribute('d')!.split('M').length - 1, 0),
        atPlayhead: paths.filter((p) => clip(p) === 'url(#ladder-clip-a)').length,
        pieces: paths.length,
      };
    });
  // The whole run: arrows that fall on the same pixels are drawn a few times, not fifty.
  const whole = await band();
  expect(whole.arrows).toBeGreaterThan(1000);
  expect(whole.arrows).toBeLessThan(packets / 4);
  // Halfway: only the piece the playhead crosses is clipped at it (the rest keep still).
  await page.locator('.playback input[type=range]').fill('500');
  const half = await band();
  expect(half.pieces).toBeGreaterThan(1);
  expect(half.atPlayhead).toBeLessThanOrEqual(1);
  expect(half.arrows).toBeLessThan(whole.arrows);
});

test('on a phone, the dense-band note and the name of a connection starting at the top do not overlap', async ({
  page,
}) => {
  // Kruse's page over eight connections in shared lanes: at 390 px the run is one band, and
  // "connection 1", named above its lane's headings, had been written over "1454 packets: zoom in".
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?preset=kruse-oufr&conns=8');
  const note = page.locator('[data-side="a"] .dense-note');
  await expect(note).toContainText('zoom in');
  const first = page.locator('[data-side="a"] .conn-label', { hasText: /^connection 1$/ });
  await expect(first).toBeAttached();
  // Once the page has settled: one run read the two overlapping while the page was still loading,
  // its retry did not.
  const overlap = async () => {
    const a = (await note.boundingBox())!;
    const b = (await first.boundingBox())!;
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  await expect.poll(overlap, { message: 'the dense-band note overlaps "connection 1"' }).toBe(false);
});

/** Side A's drawn stall labels that leave the ladder's visible box or touch a time-axis label. */
async function stallLabelFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-side="a"] .ladder-scroll')!.getBoundingClientRect();
    const svg = document.querySelector('[data-side="a"] svg.ladder-svg')!;
    const rectOf = (el: Element) => el.getBoundingClientRect();
    const axis = [...svg.querySelectorAll('.tick-label, .fold-label, .playhead-label')].map(rectOf);
    const inset = 1;
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left + inset < b.right &&
      b.left + inset < a.right &&
      a.top + inset < b.bottom &&
      b.top + inset < a.bottom;
    const faults: string[] = [];
    for (const label of svg.querySelectorAll('.stall-label')) {
      const r = rectOf(label);
      const text = label.textContent ?? '';
      if (r.left < box.left || r.right > box.right) faults.push(`"${text}" runs past the ladder's edge`);
      if (axis.some((a) => overlap(a, r))) faults.push(`"${text}" covers a time-axis label`);
    }
    return faults;
  });
}

for (const [name, query] of [
  ['server think beside the pipelined WAN run', 'preset=nielsen-wan-pipe-first'],
  ['delayed ACK in the SPDY run', 'preset=wang-spdy'],
  ['handshake beside the 0 ms tick', 'preset=heidemann-short-initial'],
  ['cwnd in the ladder embed', 'v=1&preset=heidemann-odd-final&embed=1&view=ladder&controls=nagle'],
] as const) {
  test(`stall labels are whole inside the ladder, clear of the time axis: ${name}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openLab(page, query);
    await expect(page.locator('[data-side="a"] .stall-label').first()).toBeAttached();
    expect(await stallLabelFaults(page)).toEqual([]);
  });
}

test("the ladder's Zoom out is off while the whole run is in view, as the plot's is, and on once zoomed in", async ({
  page,
}) => {
  // Pressed with the whole run in view it had done nothing, beside a Fit already greyed out.
  await openLab(page, 'link=ppp28k&objects=200000&flush=none');
  const tools = page.getByRole('toolbar', { name: 'Ladder zoom' });
  const zoomOut = tools.getByRole('button', { name: 'Zoom out' });
  const svg = page.locator('[data-side="a"] svg.ladder-svg');
  const wholeStart = Number(await svg.getAttribute('data-view-start-ns'));
  const wholeEnd = Number(await svg.getAttribute('data-view-end-ns'));
  await expect(zoomOut).toBeDisabled();
  await expect(tools.getByRole('button', { name: 'Fit' })).toBeDisabled();
  await zoomIn(page).click();
  await expect(zoomOut).toBeEnabled();
  await expect
    .poll(
      async () =>
        Number(await svg.getAttribute('data-view-end-ns')) -
        Number(await svg.getAttribute('data-view-start-ns')),
    )
    .toBeLessThan(0.6 * (wholeEnd - wholeStart));
  await zoomOut.click();
  // Back to the whole run, where it goes off again.
  await expect(zoomOut).toBeDisabled();
  await expect.poll(async () => Number(await svg.getAttribute('data-view-start-ns'))).toBe(wholeStart);
  expect(Number(await svg.getAttribute('data-view-end-ns'))).toBe(wholeEnd);
});

test("on a phone, an HTTP/3 server's two overlapping think times are labelled once", async ({ page }) => {
  // It thinks about the two images' streams at once, 0.1 ms apart: each band had had its label,
  // "server think 2 ms" written twice, one under the other.
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page, 'http=3');
  const labels = page.locator('[data-side="a"] svg.ladder-svg .stall-label');
  await expect(labels.first()).toBeAttached();
  const texts = (await labels.allTextContents())
    .map((t) => t.replace(/\s/g, ' '))
    .filter((t) => t.startsWith('server think'));
  // The think before the HTML and the one before the images.
  expect(texts).toEqual(['server think 2 ms', 'server think 2 ms']);
  const tops = await labels
    .filter({ hasText: 'server think' })
    .evaluateAll((ls) => ls.map((l) => l.getBoundingClientRect().top));
  expect(Math.abs(tops[1] - tops[0])).toBeGreaterThan(100);
});

test('Fit and Zoom out, turned off by their own press, hand focus to Zoom in', async ({ page }) => {
  await openLab(page);
  const tools = page.getByRole('toolbar', { name: 'Ladder zoom' });
  for (const [name, key] of [
    ['Fit', 'Enter'],
    ['Zoom out', ' '],
  ]) {
    await zoomIn(page).focus();
    await page.keyboard.press('Enter');
    const button = tools.getByRole('button', { name, exact: true });
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press(key);
    await expect(button).toBeDisabled();
    await expect(zoomIn(page)).toBeFocused();
    expect(await focusedText(page)).toBe('Zoom in');
  }
});

test('a stall label with no place clear of the arrows is drawn above them, on its halo', async ({ page }) => {
  // HTTP/2 over LTE on a phone: the flow-control waits sit where dense bursts cross every place
  // beside them. Drawn with the bands, under the arrows, they had read "▪control 61 ms".
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page, 'page=microscape&link=lte&http=2&stack=linux&nagle=0&window=1048576');
  const svg = page.locator('[data-side="a"] svg.ladder-svg');
  await expect(svg.locator('[data-stall="flow-control"] .stall-label').first()).toBeVisible();
  const drawn = await svg.evaluate((el) => {
    const packets = el.querySelector('.packets')!;
    return [...el.querySelectorAll<SVGTextElement>('text.stall-label[id]')].map((label) => {
      const copy = el.querySelector(`use[href="#${CSS.escape(label.id)}"]`);
      return {
        text: label.textContent,
        aboveArrows: !!copy && !!(packets.compareDocumentPosition(copy) & Node.DOCUMENT_POSITION_FOLLOWING),
      };
    });
  });
  expect(drawn.filter((d) => d.text?.startsWith('flow control')).length).toBeGreaterThan(0);
  for (const d of drawn) expect(d, d.text ?? '').toMatchObject({ aboveArrows: true });
});
