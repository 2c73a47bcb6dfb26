// Embeds give the chosen views the room at the sizes the Share builder offers, caption side B with
// what differs, and the builder previews at the size it emits. On a phone the settings are one
// tap away instead of below every view.
import { expect, test } from '@playwright/test';
import { ladderPackets, openLab } from './lab';

async function ladderHeights(page: import('@playwright/test').Page): Promise<number[]> {
  return page
    .locator('[data-side] .ladder-svg')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
}

test('a 560 × 400 ladder embed with one control gives the ladder 180 px or more, inside the frame', async ({
  page,
}) => {
  await page.setViewportSize({ width: 560, height: 400 });
  await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder&controls=nagle');
  await expect(ladderPackets(page).first()).toBeAttached();
  await expect(page.locator('[data-embed] .field[data-key="nagle"]')).toBeVisible();
  const [height] = await ladderHeights(page);
  // Its key's three rows take the rest.
  expect(height).toBeGreaterThanOrEqual(180);
  // With its key it takes the frame's height: ends inside the frame, less than 24 px from its bottom.
  const box = await page.locator('[data-side="a"] .ladder-svg').boundingBox();
  const key = await page.locator('[data-ladder-legend]').boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(key!.y);
  expect(key!.y + key!.height).toBeLessThanOrEqual(400);
  expect(key!.y + key!.height).toBeGreaterThan(400 - 24);
});

test("in a comparison the embed's controls say they change side A", async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto('/?preset=heidemann-odd-final&b.nagle=0&embed=1&view=ladder&controls=nagle');
  const controls = page.getByRole('group', { name: 'Settings of side A' });
  await expect(controls).toBeVisible();
  await expect(controls.locator('.embed-controls-side')).toHaveText('A:');
  // Without a comparison there is one run, and nothing to say.
  await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder&controls=nagle');
  await expect(page.getByRole('group', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.locator('.embed-controls-side')).toHaveCount(0);
});

test('a time-sequence plot embed takes the frame: at 480 × 320 and 800 × 500 its axis ends inside it', async ({
  page,
}) => {
  for (const [width, height] of [
    [480, 320],
    [800, 500],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/?embed=1&view=tsp&cc=cubic&objects=2000000&link=wan&loss=1');
    const plot = page.locator('.tsp-svg').first();
    await expect(plot).toBeVisible();
    const box = (await plot.boundingBox())!;
    // Before, it kept the full page's 240 px and its time axis fell below a 320 px frame.
    expect(box.y + box.height, `${width} × ${height}`).toBeLessThanOrEqual(height);
    expect(box.y + box.height, `${width} × ${height}`).toBeGreaterThan(height - 30);
    expect(box.height).toBeGreaterThanOrEqual(150);
  }
});

test('a time-sequence plot embed fits its cwnd and RTT strips where the plot keeps 220 px, else the plot takes the frame', async ({
  page,
}) => {
  const overflow = () => page.locator('.embed-views').evaluate((el) => el.scrollHeight - el.clientHeight);
  for (const [width, height] of [
    [1024, 640],
    [800, 600],
    [390, 700],
  ]) {
    // The strips had followed the plot below the frame at every size, their title peeking in.
    await page.setViewportSize({ width, height });
    await page.goto('/?preset=heidemann-odd-final&embed=1&view=tsp');
    const strips = page.locator('.cc-chart').first();
    await expect(strips).toBeVisible();
    await expect.poll(overflow, `${width} × ${height}`).toBeLessThanOrEqual(1);
    const [plot, chart] = [
      (await page.locator('.tsp-svg').first().boundingBox())!,
      (await strips.boundingBox())!,
    ];
    expect(chart.y + chart.height, `${width} × ${height}`).toBeLessThanOrEqual(height);
    expect(plot.height, `${width} × ${height}`).toBeGreaterThanOrEqual(220);
  }
  // 800 × 500 leaves the plot too little above its strips: it takes the frame, the strips below.
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto('/?preset=heidemann-odd-final&embed=1&view=tsp');
  await expect(page.locator('.cc-chart').first()).toBeAttached();
  const plot = (await page.locator('.tsp-svg').first().boundingBox())!;
  expect(plot.y + plot.height).toBeLessThanOrEqual(500);
  expect(plot.height).toBeGreaterThan(300);
  expect(await overflow()).toBeGreaterThan(150);
});

for (const width of [320, 375]) {
  test(`a ${width} px phone-wide embed fits its toolbar: no sideways scroll, the clock and speed in view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/?v=1&preset=heidemann-odd-final&embed=1&view=ladder&controls=nagle&note=Try%20it');
    await expect(ladderPackets(page).first()).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const part of [
      '.playback .play',
      '.playback .scrub',
      '.playback .clock',
      '.playback .speed select',
    ]) {
      const box = (await page.locator(part).boundingBox())!;
      expect(box.x, part).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, part).toBeLessThanOrEqual(width);
    }
    // The clock is read whole, not cut at the frame's edge.
    const clock = page.locator('.playback .clock');
    await expect(clock).toHaveText(/^\d+\sms \/ \d+\sms run$/);
    expect(await clock.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });
}

test('an 800 × 500 lesson embed folds the step text into a bar and gives the views 250 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto('/?lesson=the-200ms-mystery&step=1&embed=1&view=ladder');
  await expect(ladderPackets(page).first()).toBeAttached();
  await expect(page.getByRole('button', { name: 'Next step' })).toBeVisible();
  await expect(page.locator('.lesson-text')).toBeHidden();
  const [height] = await ladderHeights(page);
  expect(height).toBeGreaterThanOrEqual(250);
  // The words are one tap away.
  await page.getByRole('button', { name: 'Read step' }).click();
  await expect(page.locator('.lesson-text')).toBeVisible();
});

test('a compare embed captions B with what differs', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto('/?preset=heidemann-odd-final&b.nagle=0&embed=1&view=ladder');
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  await expect(page.locator('[data-side="b"] .side-caption')).toHaveText("B: Nagle's algorithm off");
  await expect(page.locator('[data-side="a"] .side-caption')).toHaveText('A');
});

test('the Share builder previews at the size its code emits, for every size offered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLab(page, 'preset=heidemann-odd-final');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog');
  // The controls list is part of the dialog's own scroll, not a box of its own.
  const list = dialog.locator('.check-list');
  expect(await list.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
  const size = dialog.locator('select[name="embed-size"]');
  const sizes = await size
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(sizes).toEqual(['560x400', '800x500', '1024x640', 'responsive']);
  const frame = dialog.locator('.embed-preview iframe');
  for (const id of sizes) {
    await size.selectOption(id);
    const code = await dialog.locator('[data-copy="embed"] textarea').inputValue();
    const laidOut = await frame.evaluate((el) => [
      (el as HTMLElement).offsetWidth,
      (el as HTMLElement).offsetHeight,
    ]);
    if (id === 'responsive') {
      expect(code).toContain('width: 100%; aspect-ratio: 800 / 500');
      expect(laidOut[0] / laidOut[1]).toBeCloseTo(800 / 500, 1);
      const room = await dialog.locator('.preview-box').evaluate((el) => el.clientWidth);
      expect(laidOut[0]).toBe(room);
    } else {
      const [w, h] = id.split('x').map(Number);
      expect(code).toContain(`width="${w}" height="${h}"`);
      expect(laidOut).toEqual([w, h]);
      // Scaled down to fit the dialog when wider than it, never cut off.
      const shown = await frame.boundingBox();
      const room = await dialog.locator('.preview-box').boundingBox();
      expect(shown!.width).toBeLessThanOrEqual(room!.width + 1);
      expect(shown!.width / shown!.height).toBeCloseTo(w / h, 1);
    }
  }
  // The colours an embed asks for go into the code.
  await dialog.locator('select[name="embed-theme"]').selectOption('dark');
  await expect(dialog.locator('[data-copy="embed"] textarea')).toHaveValue(/theme=dark/);
});

test('on a 375 × 812 phone the Settings button is in the first screen and opens the controls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openLab(page, 'preset=heidemann-odd-final');
  const open = page.getByRole('button', { name: 'Settings', exact: true });
  await expect(open).toBeInViewport();
  await expect(page.locator('#a-nagle')).not.toBeInViewport();
  await open.click();
  await expect(page.locator('#controls h2')).toBeInViewport();
  await page.locator('#a-nagle').click(); // scrolled to within the drawer
  await expect(page.locator('#a-nagle')).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.locator('#controls')).not.toBeInViewport();
  // Still in view after scrolling down the views.
  await page.mouse.wheel(0, 2400);
  await expect(open).toBeInViewport();
  // No text runs out of the page sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** How far the notice's last line reaches below what its box shows (≤ 0: in view), scrolled to `at`. */
async function noticeCut(page: import('@playwright/test').Page, at: 'top' | 'end'): Promise<number> {
  return page.locator('[data-problems]').evaluate((notice, scrollTo) => {
    if (scrollTo === 'end') notice.scrollTop = notice.scrollHeight;
    const shown = notice.getBoundingClientRect();
    const visibleBottom = Math.min(shown.top + notice.clientTop + notice.clientHeight, window.innerHeight);
    const last = [...notice.querySelectorAll('li')].pop()!.getBoundingClientRect();
    return last.bottom - visibleBottom;
  }, at);
}

test('a 640 × 400 embed of a bad link shows its whole notice, and a long one scrolls to its end', async ({
  page,
}) => {
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto('/?v=1&preset=nope&embed=1&t=abc&view=laddr&warp=9');
  await expect(page.locator('[data-problems] li')).toHaveCount(4);
  await expect(ladderPackets(page).first()).toBeAttached();
  // Every line in view as it opens, nothing to scroll to.
  expect(await noticeCut(page, 'top')).toBeLessThanOrEqual(0);
  expect(
    await page.locator('[data-problems]').evaluate((n) => n.scrollHeight - n.clientHeight),
  ).toBeLessThanOrEqual(1);
  // The ladder still shows below it: most of it in the frame, the rest a scroll away.
  const ladder = (await page.locator('[data-side="a"] .ladder-svg').boundingBox())!;
  expect(400 - ladder.y).toBeGreaterThan(120);
  // Dismissed, the views take the room back (less the key's rows under the ladder).
  await page.locator('[data-problems]').getByRole('button', { name: 'Dismiss' }).click();
  await expect
    .poll(async () => (await page.locator('[data-side="a"] .ladder-svg').boundingBox())!.height)
    .toBeGreaterThan(ladder.height + 50);

  // Ten problems: eight listed and a line counting the rest; the notice scrolls, and its last
  // line comes whole into view.
  const bad = Array.from({ length: 9 }, (_, i) => `bogus${i}=${i}`).join('&');
  await page.goto(`/?v=1&preset=nope&embed=1&view=ladder&${bad}`);
  await expect(page.locator('[data-problems] li')).toHaveCount(9);
  await expect(page.locator('[data-problems-more]')).toHaveText('…and 2 more.');
  expect(await noticeCut(page, 'end')).toBeLessThanOrEqual(0);
  const notice = (await page.locator('[data-problems]').boundingBox())!;
  expect(notice.y + notice.height).toBeLessThanOrEqual(400 / 2 + 60);
});

for (const [width, height] of [
  [560, 400],
  [320, 480],
] as const) {
  test(`a ${width} × ${height} waterfall embed scrolls its rows, not the frame as well`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/?preset=nielsen-lan-pipe-first&embed=1&view=waterfall');
    const rows = page.locator('.waterfall-scroll');
    await expect(rows.locator('[data-exchange]').first()).toBeAttached();
    const scrolls = await page.evaluate(() => {
      const over = (e: Element) => e.scrollHeight > e.clientHeight + 1;
      return {
        frame: over(document.querySelector('.embed-views')!),
        rows: over(document.querySelector('.waterfall-scroll')!),
      };
    });
    // 43 rows do not fit: they scroll in their box, and only there.
    expect(scrolls).toEqual({ frame: false, rows: true });
  });
}

test('a 400 × 300 waterfall embed, too short for a box of rows and its legend, scrolls only the frame', async ({
  page,
}) => {
  await page.setViewportSize({ width: 400, height: 300 });
  await page.goto('/?embed=1&view=waterfall');
  const rows = page.locator('.waterfall-scroll');
  await expect(rows.locator('[data-exchange]')).toHaveCount(3);
  const scrolls = await page.evaluate(() => {
    const over = (e: Element) => e.scrollHeight > e.clientHeight + 1;
    return {
      frame: over(document.querySelector('.embed-views')!),
      rows: over(document.querySelector('.waterfall-scroll')!),
    };
  });
  // Before, an 80 px box of rows scrolled inside the scrolling frame, its third row hidden in it.
  expect(scrolls).toEqual({ frame: true, rows: false });
  const box = (await rows.boundingBox())!;
  const last = (await rows.locator('[data-exchange]').last().boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(box.y + box.height);

  // With 55 rows flowing, the time axis docks on the frame's bottom edge, no row showing under it.
  await page.goto('/?embed=1&view=waterfall&preset=kruse-lerc');
  await expect(rows.locator('[data-exchange]').first()).toBeAttached();
  await page.locator('.embed-views').evaluate((e) => e.scrollBy(0, 300));
  const dock = (await page.locator('.waterfall-axis-dock').boundingBox())!;
  expect(Math.abs(dock.y + dock.height - 300)).toBeLessThanOrEqual(0.5);
});

test("a comparison's two ladders side by side in a 640 × 360 frame label the delayed-ACK stall, whole and clear", async ({
  page,
}) => {
  // Each ladder is 290 px wide there: "delayed ACK 184 ms" found no place clear of the arrows
  // beside its band, and the stall the preset is about went unlabelled on both sides.
  await page.setViewportSize({ width: 640, height: 360 });
  await page.goto('/?preset=heidemann-short-initial&b.nagle=0&embed=1&view=ladder');
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  for (const side of ['a', 'b']) {
    const band = page.locator(`[data-side="${side}"] svg.ladder-svg [data-stall="delayed-ack"]`);
    await expect(band).toHaveCount(1);
    expect(await band.getAttribute('data-duration-ms')).toBe('184.379');
    const label = band.locator('.stall-label');
    await expect(label).toHaveText('184\u00a0ms');
    const clash = await label.evaluate((el) => {
      const b = el.getBoundingClientRect();
      const box = el.closest('.ladder-scroll')!.getBoundingClientRect();
      const others = [...el.closest('svg')!.querySelectorAll('text')].filter(
        (t) => t !== el && !el.contains(t),
      );
      const over = others.filter((t) => {
        const o = t.getBoundingClientRect();
        return o.width > 0 && o.left < b.right && o.right > b.left && o.top < b.bottom && o.bottom > b.top;
      });
      return { inside: b.left >= box.left && b.right <= box.right, over: over.map((t) => t.textContent) };
    });
    expect(clash).toEqual({ inside: true, over: [] });
  }
});

test('a comparison in an 800 × 600 frame sets its ladders side by side, each twice as tall; narrower frames keep theirs', async ({
  page,
}) => {
  const boxes = () =>
    page
      .locator('[data-side] .ladder-scroll')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  const layout = async (width: number, height: number, query: string) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/?embed=1&${query}`);
    await expect(ladderPackets(page, 'b').first()).toBeAttached();
    const [a, b] = await boxes();
    return { paired: Math.abs(a.y - b.y) < 1 && b.x > a.x + a.width, heights: [a.height, b.height] };
  };
  // Stacked, each had been 193 px tall: a strip with its labels crowded.
  const wide = await layout(800, 600, 'b.nagle=0');
  expect(wide.paired).toBe(true);
  for (const h of wide.heights) expect(h).toBeGreaterThanOrEqual(380);
  await expect(page.locator('[data-lanes-note]')).toHaveCount(0);
  // A run of four lanes would scroll sideways at half the width: it stays stacked, full width.
  expect((await layout(800, 600, 'preset=nielsen-lan-1.0-first&b.http=1.1')).paired).toBe(false);
  // A 640 × 360 slide pairs them as before; the narrow frames stack them.
  expect((await layout(640, 360, 'b.nagle=0')).paired).toBe(true);
  expect((await layout(400, 300, 'b.nagle=0')).paired).toBe(false);
  expect((await layout(390, 700, 'b.nagle=0')).paired).toBe(false);
});

test("a ladder embed's key is whole in the frame, at 640 × 360 and 1024 × 576", async ({ page }) => {
  // The ladder had taken the frame's height and left its key's first row cut in half at the bottom.
  for (const [width, height] of [
    [640, 360],
    [1024, 576],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder');
    await expect(ladderPackets(page).first()).toBeAttached();
    const items = page.locator('[data-ladder-legend] li');
    await expect(items.first()).toBeVisible();
    // Measured after the ladder has been fitted to the key.
    await expect
      .poll(async () => {
        const frame = await page.locator('.embed-views').boundingBox();
        const bottoms = await items.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
        return Math.max(...bottoms) <= Math.min(height, frame!.y + frame!.height);
      }, `${width} × ${height}`)
      .toBe(true);
    // And the ladder still takes the rest of the frame: 178 px of 360, 414 of 576.
    const [ladder] = await ladderHeights(page);
    expect(ladder, `${width} × ${height}`).toBeGreaterThan(height * 0.45);
  }
});

test('an A/B ladder embed in a 640 × 360 frame fits without scrolling, its ladders level and its key whole', async ({
  page,
}) => {
  // The captions "A" and "B: Nagle's algorithm off" had been kept two lines each: with the ladders
  // at their least height the frame scrolled by 15 px, the key's last row below it.
  await page.setViewportSize({ width: 640, height: 360 });
  // The query the Share dialog's embed code gives for this comparison's ladder.
  await page.goto('/?v=1&preset=heidemann-odd-final&b.nagle=0&embed=1&view=ladder');
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  const fit = () =>
    page.evaluate(() => {
      const views = document.querySelector('.embed-views')!;
      const items = [...document.querySelectorAll('[data-ladder-legend] li')];
      return {
        scrolls:
          views.scrollHeight > views.clientHeight || document.documentElement.scrollHeight > innerHeight,
        keyInside: Math.max(...items.map((e) => e.getBoundingClientRect().bottom)) <= innerHeight,
      };
    });
  await expect.poll(fit).toEqual({ scrolls: false, keyInside: true });
  const tops = await page
    .locator('[data-side] .ladder-scroll')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(tops[1]).toBeCloseTo(tops[0], 0);
  // No smaller than before: the least height a ladder is drawn at.
  for (const h of await ladderHeights(page)) expect(h).toBeGreaterThanOrEqual(160);

  // Beside a caption of two lines, the other ladder still starts level with it.
  await page.goto(
    '/?preset=heidemann-odd-final&b.preset=heidemann-short-initial&b.nagle=0&embed=1&view=ladder',
  );
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  await page.setViewportSize({ width: 700, height: 360 });
  const level = () =>
    page.evaluate(() => {
      const [a, b] = [...document.querySelectorAll('[data-side] .ladder-scroll')].map(
        (el) => el.getBoundingClientRect().top,
      );
      const captions = [...document.querySelectorAll('[data-side] .side-caption')].map(
        (el) => el.getBoundingClientRect().height,
      );
      return { level: Math.abs(a - b) < 1, twoLines: Math.max(...captions) > 30 };
    });
  await expect.poll(level).toEqual({ level: true, twoLines: true });
});

test('a ladder embed in a 390 × 700 phone frame fits without scrolling, alone or A over B, its key whole', async ({
  page,
}) => {
  // The frame wraps the ladder's toolbar onto a second row beside its title, which the ladders'
  // height had not counted: A over B scrolled the frame by 22 px, one ladder by 18, the key's last
  // row below the frame.
  await page.setViewportSize({ width: 390, height: 700 });
  for (const query of ['preset=heidemann-odd-final&b.nagle=0', 'preset=heidemann-odd-final']) {
    // The query the Share dialog's embed code gives for this ladder.
    await page.goto(`/?v=1&${query}&embed=1&view=ladder`);
    await expect(ladderPackets(page, query.includes('b.') ? 'b' : 'a').first()).toBeAttached();
    const toolbar = await page.locator('[data-view="ladder"] .panel-tools').boundingBox();
    expect(toolbar!.height, 'two rows of tools').toBeGreaterThan(40);
    const fit = () =>
      page.evaluate(() => {
        const views = document.querySelector('.embed-views')!;
        const items = [...document.querySelectorAll('[data-ladder-legend] li')];
        return {
          scrolls:
            views.scrollHeight > views.clientHeight || document.documentElement.scrollHeight > innerHeight,
          keyInside: Math.max(...items.map((e) => e.getBoundingClientRect().bottom)) <= innerHeight,
        };
      });
    await expect.poll(fit, query).toEqual({ scrolls: false, keyInside: true });
    // The ladders keep the rest of the frame: stacked, each 190 px, well above their least 160.
    const heights = await ladderHeights(page);
    const room = query.includes('b.') ? 185 : 420;
    for (const h of heights) expect(h, query).toBeGreaterThanOrEqual(room);
  }
});

test('a ladder embed fills its frame to the bottom without scrolling, alone or compared, short frames and tall', async ({
  page,
}) => {
  // The ladders' room had allowed a fixed 50 px for the panel's title, toolbar and padding: a frame
  // under 720 px tall pads the panel 10 px less, which then lay unused under it (8 px of a lone
  // ladder's 640 × 360 frame); a 390 px frame wraps the toolbar onto a second row, and it scrolled.
  for (const query of ['preset=heidemann-odd-final', 'preset=heidemann-odd-final&b.nagle=0']) {
    for (const [width, height] of [
      [640, 360],
      [800, 500],
      [1024, 640],
      [390, 700],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.goto(`/?v=1&${query}&embed=1&view=ladder`);
      await expect(ladderPackets(page, query.includes('b.') ? 'b' : 'a').first()).toBeAttached();
      const fit = () =>
        page.evaluate(() => {
          const views = document.querySelector<HTMLElement>('.embed-views')!;
          const panel = document.querySelector<HTMLElement>('#ladder')!;
          const bottom =
            views.getBoundingClientRect().bottom - parseFloat(getComputedStyle(views).paddingBottom);
          const end = panel.getBoundingClientRect().bottom + parseFloat(getComputedStyle(panel).marginBottom);
          return { scrolls: views.scrollHeight > views.clientHeight, unused: Math.round(bottom - end) };
        });
      const where = `${query} at ${width} × ${height}`;
      // What is left under the panel, once the ladders have taken their room (read once, as soon as
      // the frame stopped scrolling, it had caught them mid-fit: 10 px at 1024 × 640): a stacked
      // pair's ladders round down, each by under a pixel, and their captions' room counts a pixel
      // or two more than they take. A frame that scrolls reads as no fit at all.
      await expect
        .poll(async () => {
          const { scrolls, unused } = await fit();
          return scrolls ? Infinity : unused;
        }, where)
        .toBeLessThanOrEqual(query.includes('b.') ? 12 : 4);
    }
  }
});

test('a 640 × 360 embed of two presets captions each by its name alone, the title citing both, and shows its whole key', async ({
  page,
}) => {
  // The title names both presets with their figures; the captions had said them again, two lines
  // each beside the ladders, and the key's last row fell below the frame (it scrolled by 31 px;
  // 11 px of the panel's padding still do, the ladders kept at the least height that names their
  // Nagle stalls).
  await page.setViewportSize({ width: 640, height: 360 });
  await page.goto('/?v=1&preset=heidemann-odd-final&b.preset=heidemann-short-initial&embed=1&view=ladder');
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  await expect(page.locator('.embed-title')).toHaveText(
    'The odd, short final segment (Heidemann Fig. 4) against The short initial segment (Heidemann Fig. 2)',
  );
  const captions = page.locator('[data-side] .side-caption');
  await expect(captions).toHaveText(['A: The odd, short final segment', 'B: The short initial segment']);
  const fit = () =>
    page.evaluate(() => {
      const items = [...document.querySelectorAll('[data-ladder-legend] li')];
      const lines = [...document.querySelectorAll('[data-side] .side-caption')].map((c) =>
        Math.round(c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight)),
      );
      // Its last row ends within a pixel of the frame's bottom (the panel's padding under it scrolls).
      const keyBottom = Math.max(...items.map((e) => e.getBoundingClientRect().bottom));
      return { lines, keyInside: keyBottom <= innerHeight + 1 };
    });
  await expect.poll(fit).toEqual({ lines: [1, 1], keyInside: true });
  // The ladders keep their least height, where each names its Nagle stall.
  for (const h of await ladderHeights(page)) expect(h).toBeGreaterThanOrEqual(160);
  for (const side of ['a', 'b'])
    await expect(
      page.locator(`[data-side="${side}"] svg.ladder-svg text`, { hasText: /^Nagle \d+\sms$/ }),
    ).toHaveCount(1);
  // Opened in the lab, where no title names them, they are cited in full.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?v=1&preset=heidemann-odd-final&b.preset=heidemann-short-initial');
  await expect(page.locator('[data-view="ladder"] .side-caption')).toHaveText([
    'A: The odd, short final segment (Heidemann Fig. 4)',
    'B: The short initial segment (Heidemann Fig. 2)',
  ]);
});

/** How far the embed's views scroll (≤ 0: they fit the frame). */
async function viewsOverflow(page: import('@playwright/test').Page): Promise<number> {
  return page.locator('.embed-views').evaluate((el) => el.scrollHeight - el.clientHeight);
}

test('a 480 × 320 lesson embed keeps the step to a line and shows the ladder, its stalls named', async ({
  page,
}) => {
  // The question, Reveal, Previous / Next and a playback bar of two rows had filled the frame: the
  // ladder began at 297 px, below all but 23 px of it.
  await page.setViewportSize({ width: 480, height: 320 });
  await page.goto('/?lesson=the-200ms-mystery&step=2&embed=1&view=ladder');
  await expect(ladderPackets(page).first()).toBeAttached();
  await expect(page.getByRole('button', { name: 'Next step' })).toBeVisible();
  await expect(page.locator('.lesson-question')).toBeHidden();
  const step = (await page.locator('.lesson').boundingBox())!;
  expect(step.height).toBeLessThanOrEqual(32);
  const ladder = (await page.locator('[data-side="a"] .ladder-svg').boundingBox())!;
  expect(ladder.height).toBeGreaterThanOrEqual(160);
  expect(ladder.y + ladder.height).toBeLessThanOrEqual(320);
  for (const stall of ['delayed-ack', 'nagle']) {
    const label = page.locator(`[data-side="a"] [data-stall="${stall}"] .stall-label`);
    const box = (await label.boundingBox())!;
    expect(box.y + box.height, stall).toBeLessThanOrEqual(320);
  }
  // The question is one tap away.
  await page.getByRole('button', { name: 'Read step' }).click();
  await expect(page.locator('.lesson-question fieldset')).toBeVisible();
  // At 640 × 360 and at the Share dialog's Small size the step, the ladder and its key fit the
  // frame whole (they had scrolled by 104 and 53 px).
  for (const [width, height] of [
    [640, 360],
    [560, 400],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/?lesson=the-200ms-mystery&step=2&embed=1&view=ladder');
    await expect(ladderPackets(page).first()).toBeAttached();
    await expect.poll(() => viewsOverflow(page), `${width} × ${height}`).toBeLessThanOrEqual(0);
    expect((await ladderHeights(page))[0]).toBeGreaterThanOrEqual(160);
  }
});

test('a 480 × 320 time-sequence plot of a queue overflowing keeps its key to two rows and the plot 200 px', async ({
  page,
}) => {
  // The key took a third row (the playhead's words alone on it) and the plot 175 px, its axis
  // down to three ticks.
  await page.setViewportSize({ width: 480, height: 320 });
  await page.goto('/?objects=1000000&link=wan&window=262144&cc=newreno&embed=1&view=tsp');
  const svg = page.locator('svg.tsp-svg').first();
  await expect(svg.locator('.tsp-legend [data-legend="playhead"]')).toBeAttached();
  const rows = await svg
    .locator('.tsp-legend [data-legend]')
    .evaluateAll((gs) => new Set(gs.map((g) => g.getAttribute('transform')!.split(',')[1])).size);
  expect(rows).toBe(2);
  await expect(svg.locator('.tsp-legend [data-legend="playhead"] text')).toHaveText('playhead');
  const box = (await svg.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(200);
  expect(box.y + box.height).toBeLessThanOrEqual(320);
  // The playback bar keeps to one row.
  expect((await page.locator('.embed-toolbar').boundingBox())!.height).toBeLessThanOrEqual(40);
});

test('a 480 × 320 A/B time-sequence plot embed draws each plot to fill the frame under its toolbar', async ({
  page,
}) => {
  // Each plot had been drawn at the least height, 160 px, 64 px between its key and its axis.
  await page.setViewportSize({ width: 480, height: 320 });
  await page.goto('/?v=1&preset=heidemann-odd-final&b.nagle=0&embed=1&view=tsp');
  const plots = page.locator('svg.tsp-svg');
  await expect(plots).toHaveCount(2);
  for (const side of ['a', 'b']) {
    const box = (await page.locator(`[data-tsp-side="${side}"] svg.tsp-svg`).boundingBox())!;
    expect(box.height, side).toBeGreaterThanOrEqual(190);
  }
  const a = (await plots.first().boundingBox())!;
  expect(a.y + a.height).toBeLessThanOrEqual(320);
  // Scrolled to B, its caption and plot are in the frame together.
  await page.locator('[data-tsp-side="b"] .side-caption').evaluate((el) => el.scrollIntoView());
  const caption = (await page.locator('[data-tsp-side="b"] .side-caption').boundingBox())!;
  const b = (await plots.last().boundingBox())!;
  expect(caption.y).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height).toBeLessThanOrEqual(320);
});

test('an A/B ladder embed at the Small size, 560 × 400, sets the ladders side by side, both whole', async ({
  page,
}) => {
  // Stacked at their least height they had been 146 px taller than the frame; the Share dialog's
  // preview said so.
  await page.setViewportSize({ width: 560, height: 400 });
  await page.goto('/?v=1&preset=heidemann-short-initial&b.nagle=0&embed=1&view=ladder');
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  await expect.poll(() => viewsOverflow(page)).toBeLessThanOrEqual(0);
  const [a, b] = await page
    .locator('[data-side] .ladder-scroll')
    .evaluateAll((els) =>
      els.map((el) => ({ ...el.getBoundingClientRect().toJSON(), hidden: el.scrollWidth - el.clientWidth })),
    );
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  expect(b.x).toBeGreaterThan(a.x + a.width);
  // No server a sideways scroll away, and no note asking for one.
  expect([a.hidden, b.hidden]).toEqual([0, 0]);
  await expect(page.locator('[data-lanes-note]')).toHaveCount(0);
  expect(b.x + b.width).toBeLessThanOrEqual(560);
  for (const h of await ladderHeights(page)) expect(h).toBeGreaterThanOrEqual(200);
  // Each names its stalls.
  for (const side of ['a', 'b'])
    await expect(page.locator(`[data-side="${side}"] [data-stall="delayed-ack"] .stall-label`)).toBeVisible();
});

test('640 × 360 ladder embeds of four lanes, of a dense run and of two presets fit without scrolling', async ({
  page,
}) => {
  // Each had scrolled by the panel's card around the ladder (9 to 14 px), its key whole above it.
  await page.setViewportSize({ width: 640, height: 360 });
  for (const query of [
    'preset=nielsen-wan-1.0-first',
    'preset=kruse-lerc',
    'preset=cardwell-loss',
    'preset=heidemann-odd-final&b.preset=heidemann-short-initial',
  ]) {
    await page.goto(`/?v=1&${query}&embed=1&view=ladder`);
    // A dense run's packets are drawn as paths, not one element each.
    await expect(
      page.locator(`[data-side="${query.includes('b.') ? 'b' : 'a'}"] svg.ladder-svg`),
    ).toBeVisible();
    await expect(page.locator('[data-ladder-legend] li').first()).toBeVisible();
    await expect.poll(() => viewsOverflow(page), query).toBeLessThanOrEqual(0);
  }
});

/** An embed as a lecturer's page holds it: an iframe of `width` × `height` on a page of its own. */
async function framed(
  page: import('@playwright/test').Page,
  baseURL: string | undefined,
  query: string,
  width: number,
  height: number,
): Promise<import('@playwright/test').Frame> {
  await page.setViewportSize({ width: width + 40, height: height + 40 });
  await page.setContent(
    `<body style="margin:20px"><iframe src="${baseURL}/?${query}" width="${width}" height="${height}" style="border:0;display:block"></iframe></body>`,
  );
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  await frame.waitForURL(/embed=1/);
  return frame;
}

/** How far the framed embed's views scroll (≤ 0: they fit the frame). */
function frameOverflow(frame: import('@playwright/test').Frame): Promise<number> {
  return frame.locator('.embed-views').evaluate((el) => el.scrollHeight - el.clientHeight);
}

test("a lesson embed shows the panels its link names on every step: the bufferbloat lesson's ladder fits its frame", async ({
  page,
  baseURL,
}) => {
  // Its steps choose the time-sequence plot, timeline and figures: they had replaced the ladder of
  // the link and scrolled the frame by 386 to 716 px at every size.
  for (const [width, height] of [
    [560, 400],
    [800, 500],
    [1024, 640],
    [640, 360],
  ]) {
    const frame = await framed(page, baseURL, 'lesson=bufferbloat&step=1&embed=1&view=ladder', width, height);
    const where = `${width} × ${height}`;
    await expect(frame.locator('[data-side="a"] svg.ladder-svg')).toBeVisible();
    await expect(frame.locator('.embed-views [data-view]'), where).toHaveCount(1);
    await expect.poll(() => frameOverflow(frame), where).toBeLessThanOrEqual(0);
    expect((await frame.locator('[data-side="a"] .ladder-svg').boundingBox())!.height).toBeGreaterThanOrEqual(
      160,
    );
    // The next step keeps it.
    await frame.getByRole('button', { name: 'Next step' }).click();
    await expect(frame.locator('[data-lesson="bufferbloat"]')).toHaveAttribute('data-lesson-step', '2');
    await expect(frame.locator('.embed-views [data-view]'), where).toHaveCount(1);
    await expect(frame.locator('[data-view="ladder"]')).toBeVisible();
    await expect.poll(() => frameOverflow(frame), where).toBeLessThanOrEqual(0);
  }
});

test("a revealed lesson step in an 800 × 500 frame keeps two lines of the answer, and A and B's ladders fit", async ({
  page,
  baseURL,
}) => {
  // The answered question, its choices and the whole answer had taken 271 px of the frame: the
  // ladders began at 415 px and the frame scrolled by 157 px (86 for the bufferbloat lesson).
  for (const query of [
    'lesson=web-from-orbit&step=3&reveal=1&embed=1&view=ladder',
    'lesson=the-200ms-mystery&step=2&reveal=1&embed=1&view=ladder',
  ]) {
    const frame = await framed(page, baseURL, query, 800, 500);
    await expect(frame.locator('[data-side="b"] svg.ladder-svg')).toBeVisible();
    const explain = frame.locator('[data-lesson-explain]');
    await expect(explain).toBeVisible();
    await expect(explain).toContainText('Answer:');
    await expect.poll(() => frameOverflow(frame), query).toBeLessThanOrEqual(0);
    await expect(frame.locator('.lesson-question fieldset')).toBeHidden();
    const lines = await explain.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(Math.round(lines), query).toBeLessThanOrEqual(2);
    for (const box of await frame
      .locator('[data-side] .ladder-svg')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.height, query).toBeGreaterThanOrEqual(180);
      expect(box.y + box.height, query).toBeLessThanOrEqual(500);
    }
    // Read step gives the question and the whole answer.
    await frame.getByRole('button', { name: 'Read step' }).click();
    await expect(frame.locator('.lesson-question fieldset')).toBeVisible();
    expect(await explain.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
  }
});

test('the Figures embed in a 640 × 360 or 480 × 320 frame shows its whole table without scrolling, alone or compared', async ({
  page,
  baseURL,
}) => {
  // The notes under the table (what its columns count, where the page's time ends) had made the
  // frame scroll by 38 px, and by 124 px with B.
  // At 480 × 320 the table alone had been 3 px too tall, its last row on the views' padding.
  for (const [query, width, height] of [
    ['preset=nielsen-lan-1.0-first&embed=1&view=metrics', 640, 360],
    ['preset=nielsen-lan-1.0-first&b.http=1.1&embed=1&view=metrics', 640, 360],
    ['preset=nielsen-lan-1.0-first&embed=1&view=metrics', 480, 320],
  ] as const) {
    const frame = await framed(page, baseURL, query, width, height);
    const rows = frame.locator('[data-metrics] tbody tr');
    await expect(rows.last()).toBeAttached();
    await expect.poll(() => frameOverflow(frame), query).toBeLessThanOrEqual(0);
    const bottom = await rows.last().evaluate((el) => el.getBoundingClientRect().bottom);
    expect(bottom, query).toBeLessThanOrEqual(height);
    await expect(frame.locator('[data-metrics] [data-metric="packets"]')).toHaveText('521');
    // Nor does it scroll sideways: every column in view.
    const sideways = await frame
      .locator('[data-metrics]')
      .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
    expect(sideways, query).toBeLessThanOrEqual(0);
  }
  // The Share dialog's Small frame, where they fit, keeps them.
  const frame = await framed(page, baseURL, 'preset=nielsen-lan-1.0-first&embed=1&view=metrics', 560, 400);
  await expect(frame.locator('[data-metrics-explained]')).toBeVisible();
  await expect.poll(() => frameOverflow(frame)).toBeLessThanOrEqual(0);
});

test('the Figures alone in a 480 × 320 frame: a page loaded five times, and A and B beside the paper, fit whole with no playback bar', async ({
  page,
  baseURL,
}) => {
  // The loads' times under Kruse's table had scrolled the frame by 55 px; A, B, B − A and the
  // paper's column, their cells wrapped to two lines, by 90. The table's rows are set closer in a
  // frame this short, its figures on one line each, and the playback bar, which moves nothing the
  // Figures show (they count the whole run), makes way.
  for (const [query, loads] of [
    ['preset=kruse-lerc&embed=1&view=metrics', true],
    ['preset=nielsen-lan-1.0-first&b.http=1.1&embed=1&view=metrics', false],
    ['preset=nielsen-wan-pipe-first&embed=1&view=metrics', false],
  ] as const) {
    const frame = await framed(page, baseURL, query, 480, 320);
    const rows = frame.locator('[data-metrics] tbody tr');
    await expect(rows).toHaveCount(5);
    await expect.poll(() => frameOverflow(frame), query).toBeLessThanOrEqual(0);
    await expect(frame.locator('.playback')).toHaveCount(0);
    const fit = await frame.locator('[data-metrics]').evaluate((table) => {
      const cells = [...table.querySelectorAll('tbody th, tbody td')];
      const box = table.parentElement!;
      return {
        // Each figure on one line, the table inside its box: nothing a sideways scroll away.
        oneLine: cells.every(
          (c) => c.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(c).lineHeight),
        ),
        sideways: box.scrollWidth - box.clientWidth,
        fontPx: Math.min(...cells.map((c) => parseFloat(getComputedStyle(c).fontSize))),
        lastBottom: table.querySelector('tbody tr:last-child')!.getBoundingClientRect().bottom,
      };
    });
    expect(fit.oneLine, query).toBe(true);
    expect(fit.sideways, query).toBeLessThanOrEqual(0);
    expect(fit.fontPx, query).toBeGreaterThanOrEqual(11);
    expect(fit.lastBottom, query).toBeLessThanOrEqual(320);
    if (loads) {
      // The loads' times stay, whole in the frame.
      const note = frame.locator('[data-loads-note]');
      await expect(note).toContainText('(/LeRC 5.45 s, /acts 3 s, /oufr 6.76 s, /Test 4.64 s, /LeRC 1.77 s)');
      expect(await note.evaluate((el) => el.getBoundingClientRect().bottom), query).toBeLessThanOrEqual(320);
    }
  }
  // Beside a view that follows the playhead, the bar stays.
  const frame = await framed(page, baseURL, 'preset=kruse-lerc&embed=1&view=metrics,ladder', 480, 320);
  await expect(frame.locator('.playback .play')).toBeVisible();
});

test('"where did the time go" alone, or beside the Figures, has no playback bar: neither follows the playhead', async ({
  page,
  baseURL,
}) => {
  // Its parts add up the whole load whatever the playhead: the bar had offered Play and a scrub
  // bar that moved nothing in the frame.
  for (const query of ['embed=1&view=time', 'link=wan&b.nagle=0&embed=1&view=time,metrics']) {
    const frame = await framed(page, baseURL, query, 640, 360);
    await expect(frame.locator('[data-view="time"]'), query).toBeVisible();
    await expect(frame.locator('.playback'), query).toHaveCount(0);
  }
  // Beside the waterfall, which draws up to the playhead, the bar stays.
  const frame = await framed(page, baseURL, 'embed=1&view=time,waterfall', 640, 360);
  await expect(frame.locator('.playback .play')).toBeVisible();
});

test('lessons in a 480 × 320 frame keep the ladder at its least height and its key in the room left, whole rows, scrolling in its box', async ({
  page,
  baseURL,
}) => {
  // The key had sat whole under a ladder already at its least height: the frame scrolled by 24 px
  // (the 200 ms mystery's step 2) and 78 px (from 1997 to today, step 5; 34 px at 640 × 360).
  for (const [query, width, height] of [
    ['lesson=the-200ms-mystery&step=2&embed=1&view=ladder', 480, 320],
    ['lesson=from-1997-to-today&step=5&embed=1&view=ladder', 480, 320],
    ['lesson=from-1997-to-today&step=5&embed=1&view=ladder', 640, 360],
    ['lesson=from-1997-to-today&step=5&embed=1&view=ladder', 560, 400],
    // Four lanes of A beside B's sixteen connections: the note that they scroll sideways takes a
    // second row of the ladder's tools (it had scrolled by 61 px, 19 px left for a key of 80).
    ['lesson=web-from-orbit&step=3&reveal=1&embed=1&view=ladder', 640, 360],
  ] as const) {
    const where = `${query} at ${width} × ${height}`;
    const frame = await framed(page, baseURL, query, width, height);
    await expect(frame.locator('[data-side="a"] svg.ladder-svg')).toBeVisible();
    await expect(frame.locator('[data-ladder-legend] li').first()).toBeVisible();
    await expect.poll(() => frameOverflow(frame), where).toBeLessThanOrEqual(0);
    const ladder = (await frame
      .locator('[data-side="a"] .ladder-svg')
      .evaluate((el) => el.getBoundingClientRect().toJSON())) as DOMRect;
    expect(ladder.height, where).toBeGreaterThanOrEqual(160);
    const key = await frame.locator('.ladder-legend-box').evaluate((box) => {
      const shown = box.getBoundingClientRect();
      const first = box.querySelector('li')!.getBoundingClientRect();
      // The box ends on a whole row: no item is cut across its words.
      const noneCut = [...box.querySelectorAll('li')].every((li) => {
        const r = li.getBoundingClientRect();
        return r.bottom <= shown.bottom + 0.5 || r.top >= shown.bottom - 0.5;
      });
      box.scrollTop = box.scrollHeight;
      const last = [...box.querySelectorAll('li')].pop()!.getBoundingClientRect();
      return {
        firstWhole: first.bottom <= shown.bottom && shown.bottom <= innerHeight,
        noneCut,
        lastReached: last.bottom <= box.getBoundingClientRect().bottom + 0.5,
        fontPx: parseFloat(getComputedStyle(box.querySelector('li')!).fontSize),
      };
    });
    expect(key, where).toEqual({ firstWhole: true, noneCut: true, lastReached: true, fontPx: key.fontPx });
    expect(key.fontPx, where).toBeGreaterThanOrEqual(11);
    // A note that the lanes scroll sideways stays whole above them.
    for (const note of await frame
      .locator('[data-lanes-note]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect)))
      expect(note.y + note.height, where).toBeLessThanOrEqual(ladder.y);
  }
});

test("a revealed lesson step in a 480 × 320 frame turns A and B's ladders like pages: the frame does not scroll", async ({
  page,
  baseURL,
}) => {
  // Stacked at their least height, A over B had scrolled the frame by 259 px (the 200 ms mystery),
  // 257 (pipelining) and 330 (the orbit lesson, its key of many causes), B wholly below it.
  for (const query of [
    'lesson=the-200ms-mystery&step=2&reveal=1&embed=1&view=ladder',
    'lesson=why-pipelining&step=2&reveal=1&embed=1&view=ladder',
    'lesson=web-from-orbit&step=3&reveal=1&embed=1&view=ladder',
    // B's HTTP/3 run drawn after A's: the key had kept its whole height, 84 px past the frame.
    'lesson=from-1997-to-today&step=8&reveal=1&embed=1&view=ladder',
  ]) {
    const frame = await framed(page, baseURL, query, 480, 320);
    await expect(frame.locator('[data-side="b"] svg.ladder-svg')).toBeAttached();
    await expect(frame.locator('[data-ladder-legend] li').first()).toBeVisible();
    await expect.poll(() => frameOverflow(frame), query).toBeLessThanOrEqual(0);
    /** Each ladder's box, and whether it is whole inside the ladders' box and the frame. */
    const shown = () =>
      frame.locator('.ladders').evaluate((box) => {
        const clip = box.getBoundingClientRect();
        return ['a', 'b'].map((side) => {
          const r = box.querySelector(`[data-side="${side}"] .ladder-scroll`)!.getBoundingClientRect();
          return {
            height: Math.round(r.height),
            whole: r.top >= clip.top - 0.5 && r.bottom <= clip.bottom + 0.5 && r.bottom <= innerHeight,
          };
        });
      });
    const [a, b] = await shown();
    expect(a, query).toEqual({ height: 160, whole: true });
    expect(b.whole, query).toBe(false);
    // A row of the key stays whole in the frame, and a note that lanes scroll sideways is above
    // the ladders (frame coordinates).
    const placed = await frame.locator('.ladder-panel').evaluate((panel) => ({
      keyRowBottom: panel.querySelector('[data-ladder-legend] li')!.getBoundingClientRect().bottom,
      ladderTop: panel.querySelector('[data-side="a"] .ladder-scroll')!.getBoundingClientRect().top,
      noteBottom: panel.querySelector('[data-lanes-note]')?.getBoundingClientRect().bottom ?? null,
    }));
    expect(placed.keyRowBottom, query).toBeLessThanOrEqual(320);
    if (placed.noteBottom !== null) expect(placed.noteBottom, query).toBeLessThanOrEqual(placed.ladderTop);
    // A wheel over the ladders turns to B, whole, where A was.
    const box = (await frame.locator('.ladders').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 120);
    await expect.poll(async () => (await shown())[1], query).toEqual({ height: 160, whole: true });
    expect(await frameOverflow(frame), query).toBeLessThanOrEqual(0);
    await expect(frame.locator('[data-side="b"] .side-caption')).toBeVisible();
  }
});

test('"Read step" in a 480 × 320 frame unfolds the step into a card of half the frame that scrolls, the views still in sight', async ({
  page,
  baseURL,
}) => {
  // Its words, question and answer had taken 290 to 307 px of the frame: the views got 4 px and
  // Previous / Next lay past the frame's bottom, out of reach.
  for (const query of [
    'lesson=the-200ms-mystery&step=2&embed=1&view=ladder',
    'lesson=the-200ms-mystery&step=2&reveal=1&embed=1&view=ladder',
    'lesson=web-from-orbit&step=3&reveal=1&embed=1&view=ladder',
  ]) {
    const frame = await framed(page, baseURL, query, 480, 320);
    await expect(frame.locator('[data-side="a"] svg.ladder-svg')).toBeVisible();
    await frame.getByRole('button', { name: 'Read step' }).click();
    await expect(frame.locator('.lesson-question fieldset')).toBeVisible();
    const card = frame.locator('.lesson');
    const sizes = await card.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      bottom: el.getBoundingClientRect().bottom,
      scrolls: el.scrollHeight > el.clientHeight,
      views: document.querySelector('.embed-views')!.clientHeight,
    }));
    expect(sizes.height, query).toBeLessThanOrEqual(161);
    expect(sizes.bottom, query).toBeLessThanOrEqual(320);
    expect(sizes.scrolls, query).toBe(true);
    // The views keep the ladder's tools and the top of the ladder in sight.
    expect(sizes.views, query).toBeGreaterThanOrEqual(80);
    // Scrolled to its end, the card shows Previous / Next whole, inside the frame.
    await card.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const next = await frame.getByRole('button', { name: 'Next step' }).evaluate((el) => {
      const r = el.getBoundingClientRect();
      const clip = el.closest('.lesson')!.getBoundingClientRect();
      return r.top >= clip.top && r.bottom <= clip.bottom && r.bottom <= innerHeight;
    });
    expect(next, query).toBe(true);
    // Folded again, the step keeps its line and the views their room.
    await frame.getByRole('button', { name: 'Hide step text' }).click();
    await expect.poll(() => frameOverflow(frame), query).toBeLessThanOrEqual(0);
  }
});

test("the Figures of a page loaded five times, A beside B, in a 480 × 320 frame: the loads' note scrolls in its own box, the frame does not", async ({
  page,
  baseURL,
}) => {
  // The note says what the loads took for A and again for B: under the table it had scrolled the
  // frame by 47 px.
  const query = 'preset=kruse-lerc&b.conns=8&embed=1&view=metrics';
  const frame = await framed(page, baseURL, query, 480, 320);
  await expect(frame.locator('[data-metrics] tbody tr')).toHaveCount(5);
  await expect(frame.locator('[data-loads="b"]')).toBeAttached();
  await expect.poll(() => frameOverflow(frame)).toBeLessThanOrEqual(0);
  const fit = await frame.locator('[data-loads-note]').evaluate((note) => {
    const box = note.getBoundingClientRect();
    const line = parseFloat(getComputedStyle(note).lineHeight);
    // Its first line: with each load's page named beside its time, B's list runs on past it.
    const bLoads = note.querySelector('[data-loads="b"] [data-metric-loads]')!.getClientRects()[0];
    return {
      bottom: box.bottom,
      scrolls: note.scrollHeight > note.clientHeight,
      // Whole lines: none cut across its words at the box's edge.
      lines: note.clientHeight / line,
      bLoadsShown: bLoads.top >= box.top && bLoads.bottom <= box.bottom + 0.5,
      tableBottom: document.querySelector('[data-metrics] tbody tr:last-child')!.getBoundingClientRect()
        .bottom,
    };
  });
  expect(fit.bottom).toBeLessThanOrEqual(320);
  expect(fit.tableBottom).toBeLessThanOrEqual(fit.bottom);
  expect(fit.scrolls).toBe(true);
  expect(Math.abs(fit.lines - Math.round(fit.lines))).toBeLessThan(0.05);
  expect(fit.lines).toBeGreaterThanOrEqual(4);
  // B's loads' times begin in the first screen of the note.
  expect(fit.bLoadsShown).toBe(true);
});

/** The ladder's box in the page or frame: where its drawing ends, and how tall it is drawn. */
function ladderBox(where: import('@playwright/test').Page | import('@playwright/test').Frame) {
  return where.locator('[data-side="a"] .ladder-svg').evaluate((el) => ({
    bottom: el.getBoundingClientRect().bottom,
    height: el.getBoundingClientRect().height,
  }));
}

// The usual video size. The number of connections on three rows beside the HTTP mode had left
// 85 px of the ladder in view, the rest an inner scroll away; one setting on three rows had set
// the ladder's end 11 px past the frame's bottom.
for (const [query, controls] of [
  ['preset=nielsen-wan-1.0-first&embed=1&view=ladder&controls=http,conns', ['http', 'conns']],
  ['preset=heidemann-odd-final&embed=1&view=ladder&controls=rtt', ['rtt']],
] as const) {
  test(`a 560 × 315 ladder embed with ${controls.length === 1 ? 'a control' : 'two controls'} keeps the ladder whole in the frame, at its least height or more (${controls.join(', ')})`, async ({
    page,
    baseURL,
  }) => {
    for (const inFrame of [false, true]) {
      let where: import('@playwright/test').Page | import('@playwright/test').Frame = page;
      if (inFrame) where = await framed(page, baseURL, `v=1&${query}`, 560, 315);
      else {
        await page.setViewportSize({ width: 560, height: 315 });
        await page.goto(`/?v=1&${query}`);
      }
      const label = inFrame ? 'in an iframe' : 'as the page';
      // A dense run's packets are drawn as paths, not one element each: its key says it is drawn.
      await expect(where.locator('[data-ladder-legend] li').first(), label).toBeAttached();
      await expect.poll(() => ladderBox(where).then((b) => b.bottom), label).toBeLessThanOrEqual(315);
      const { height } = await ladderBox(where);
      expect(height, label).toBeGreaterThanOrEqual(160);
      await expect
        .poll(() => where.locator('.embed-views').evaluate((el) => el.scrollHeight - el.clientHeight), label)
        .toBeLessThanOrEqual(0);
      // Each setting is in view, or a click away behind the Settings button.
      const settings = where.getByRole('button', { name: `Settings (${controls.length})` });
      if (controls.length > 1) await settings.click();
      else await expect(settings).toHaveCount(0);
      for (const key of controls)
        await expect(where.locator(`[data-embed] .field[data-key="${key}"]`), label).toBeInViewport();
    }
  });
}

// The same at the usual video size for a lone time-sequence plot: with the HTTP mode and the
// number of connections in the toolbar, its time axis had fallen below the frame.
test('a 560 × 315 time-sequence plot embed with two controls folds them and keeps its axis in the frame', async ({
  page,
  baseURL,
}) => {
  const query = 'v=1&preset=nielsen-wan-1.0-first&embed=1&view=tsp&controls=http,conns';
  for (const inFrame of [false, true]) {
    let where: import('@playwright/test').Page | import('@playwright/test').Frame = page;
    if (inFrame) where = await framed(page, baseURL, query, 560, 315);
    else {
      await page.setViewportSize({ width: 560, height: 315 });
      await page.goto(`/?${query}`);
    }
    const label = inFrame ? 'in an iframe' : 'as the page';
    const plot = where.locator('.tsp-svg').first();
    await expect(plot, label).toBeVisible();
    await expect
      .poll(() => plot.evaluate((el) => el.getBoundingClientRect().bottom), label)
      .toBeLessThanOrEqual(315);
    expect(await plot.evaluate((el) => el.getBoundingClientRect().height), label).toBeGreaterThanOrEqual(150);
    // The settings are a click away.
    await where.getByRole('button', { name: 'Settings (2)' }).click();
    for (const key of ['http', 'conns'])
      await expect(where.locator(`[data-embed] .field[data-key="${key}"]`), label).toBeInViewport();
  }
});

// Two ladders paired in a short frame, A of four lanes (and B of sixteen): each box's column had
// taken its ladder's whole width (828 px in a 382 px half at 800 × 450), so A's lanes ran under B
// and past the frame's edge, and A's sideways scroll sat under B, out of reach.
for (const query of [
  'v=1&page=microscape&http=1.0&b.http=1.1&embed=1&view=ladder',
  'v=1&preset=kruse-acts&b.conns=16&embed=1&view=ladder',
  'v=1&page=microscape&http=1.0&b.http=1.1&embed=1&view=ladder,waterfall',
]) {
  test(`paired ladders of several lanes each keep to their half of the frame and scroll sideways in it (${query})`, async ({
    page,
    baseURL,
  }) => {
    for (const [width, height] of [
      [560, 400],
      [640, 360],
      [700, 420],
      [800, 450],
    ]) {
      for (const inFrame of [false, true]) {
        let where: import('@playwright/test').Page | import('@playwright/test').Frame = page;
        if (inFrame) where = await framed(page, baseURL, query, width, height);
        else {
          await page.setViewportSize({ width, height });
          await page.goto(`/?${query}`);
        }
        const label = `${width} × ${height} ${inFrame ? 'in an iframe' : 'as the page'}`;
        await expect(where.locator('[data-side="b"] .ladder-svg'), label).toBeVisible();
        await expect(where.locator('.ladders--side-by-side'), label).toBeVisible();
        const sides = await where.locator('[data-side]').evaluateAll((boxes) =>
          boxes.map((box) => {
            const right = (el: Element) => Math.round(el.getBoundingClientRect().right);
            const scroll = box.querySelector('.ladder-scroll')!;
            return {
              left: Math.round(box.getBoundingClientRect().left),
              right: right(box),
              caption: right(box.querySelector('.side-caption')!),
              scroll: right(scroll),
            };
          }),
        );
        const [a, b] = sides;
        // Each caption and ladder ends inside its own half; B's ends inside the frame.
        for (const side of sides) {
          expect(side.caption, label).toBeLessThanOrEqual(side.right);
          expect(side.scroll, label).toBeLessThanOrEqual(side.right);
        }
        expect(a.right, label).toBeLessThan(b.left);
        expect(b.right, label).toBeLessThanOrEqual(width);
        // A's lanes are a sideways scroll away inside its half, and its last lane, scrolled to,
        // is A's to touch (not under B).
        const reach = await where.locator('[data-side="a"] .ladder-scroll').evaluate((box) => {
          const overflow = box.scrollWidth - box.clientWidth;
          box.scrollLeft = overflow;
          const r = box.getBoundingClientRect();
          const hit = document.elementFromPoint(r.right - 6, r.top + r.height / 2);
          return { overflow, atEnd: box.scrollLeft >= overflow - 1, mine: box.contains(hit) };
        });
        expect(reach.overflow, label).toBeGreaterThan(200);
        expect(reach, label).toMatchObject({ atEnd: true, mine: true });
      }
    }
  });
}

test('an embed of the ladder and another view shows both in a slide-sized frame: the ladder shares its height', async ({
  page,
  baseURL,
}) => {
  // The ladder had taken the whole frame's height and pushed the other view below it: "where did
  // the time go" began at y = 906 of a 1600 × 900 frame, the time-sequence plot alike.
  for (const [query, other] of [
    [
      'v=1&preset=heidemann-table1-phttp&embed=1&view=ladder,time&controls=nagle&theme=dark',
      '[data-view="time"]',
    ],
    ['v=1&preset=langley-quic&embed=1&view=ladder,tsp', 'svg.tsp-svg'],
  ] as const) {
    for (const [width, height] of [
      [1600, 900],
      [960, 600],
    ]) {
      const where = `${query} at ${width} × ${height}`;
      const frame = await framed(page, baseURL, query, width, height);
      const ladder = frame.locator('[data-side="a"] svg.ladder-svg');
      await expect(ladder, where).toBeVisible();
      await expect(frame.locator(other).first(), where).toBeVisible();
      // Measured once the lazily loaded view has taken its place and the ladder its share.
      await expect
        .poll(async () => {
          const boxes = await Promise.all([ladder.boundingBox(), frame.locator(other).first().boundingBox()]);
          // The frame sits 20 px into the page (framed).
          return boxes.every((b) => b !== null && b.y >= 20 && b.y + b.height <= 20 + height + 0.5);
        }, where)
        .toBe(true);
      // The ladder still takes what is left: no less than 160 px.
      expect((await ladder.boundingBox())!.height, where).toBeGreaterThanOrEqual(160);
    }
  }
});

test("an embed's views grow with the frame: a slide's labels are drawn larger, still clear of each other, and hover finds its packet", async ({
  page,
}) => {
  // At 1600 × 900 the ladder's labels had been drawn 11 px, as at 720 × 480.
  const labels = () =>
    page.locator('[data-side="a"] .packet-label').evaluateAll((els) => {
      const rects = els.map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
      let overlaps = 0;
      for (const [i, a] of rects.entries())
        for (const b of rects.slice(i + 1))
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
            overlaps++;
      // The size a reader sees: the label's font size times the zoom it is drawn under.
      const el = els[0] as Element & { currentCSSZoom?: number };
      return {
        count: rects.length,
        overlaps,
        px: parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom ?? 1),
      };
    });
  for (const [width, height, least, most] of [
    [1600, 900, 16, 17],
    [1280, 800, 13.5, 14.5],
    [960, 600, 11, 11],
  ] as const) {
    const where = `${width} × ${height}`;
    await page.setViewportSize({ width, height });
    await page.goto('/?v=1&preset=heidemann-table1-phttp&embed=1&view=ladder,time&controls=nagle');
    await expect(ladderPackets(page).first(), where).toBeAttached();
    await expect.poll(async () => (await labels()).count, where).toBeGreaterThan(5);
    const seen = await labels();
    expect(seen.px, where).toBeGreaterThanOrEqual(least);
    expect(seen.px, where).toBeLessThanOrEqual(most);
    expect(seen.overlaps, where).toBe(0);
  }
  // Drawn zoomed, the pointer still finds the packet under it: the middle of the first request's arrow.
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/?v=1&preset=heidemann-table1-phttp&embed=1&view=ladder,time');
  const request = page.locator('[data-side="a"] [data-packet]').nth(3);
  await expect(request).toBeAttached();
  const box = (await request.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('.packet-tip')).toContainText('client.');
  await expect(page.locator('.packet-tip')).toContainText(': P 1:53(52)');
});
