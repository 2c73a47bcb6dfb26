// "Where did the time go" stays readable in a comparison at any width: a part of a bar is named
// only where it is wide enough to hold its name, and each figure keeps its unit on its line.
import { expect, test } from '@playwright/test';
import { openLab } from './lab';
import { runQuery } from '../src/scenario';

for (const width of [1440, 390]) {
  test(`at ${width} px a comparison's breakdown cuts no part's name and splits no figure from its unit`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // B's page (17 ms) is a tenth of A's (190 ms): its bar is narrow.
    await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
    const view = page.locator('[data-view="time"]');
    await view.scrollIntoViewIfNeeded();
    await expect(view.locator('[data-breakdown="b"]')).toHaveCount(1);
    const named = await view
      .locator('.breakdown-part:not(:empty)')
      .evaluateAll((parts) =>
        parts.map((p) => ({ text: p.textContent, cut: p.scrollWidth > p.clientWidth + 1 })),
      );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => p.cut)).toEqual([]);
    const lines = await view.locator('.legend-figure').evaluateAll((figures) =>
      figures.map((f) => {
        const range = document.createRange();
        range.selectNodeContents(f);
        return {
          text: f.textContent,
          lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
        };
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.lines !== 1)).toEqual([]);
  });
}

test('on a phone a part is named only as far as its width allows: no figure is cut', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  // Microscape over the WAN with loss: moving data is 43% of a 250 px bar, too narrow for
  // "moving data 5.57 s" (which had shown as "moving data 5....") but wide enough for its name.
  await openLab(page, 'preset=nielsen-wan-1.1-first&loss=3&seed=9');
  const view = page.locator('[data-view="time"]');
  await view.scrollIntoViewIfNeeded();
  const parts = await view.locator('.breakdown-part').evaluateAll((els) =>
    els.map((p) => ({
      cause: p.getAttribute('data-cause'),
      text: p.textContent,
      cut: p.scrollWidth > p.clientWidth + 1,
    })),
  );
  expect(parts.filter((p) => p.cut)).toEqual([]);
  expect(parts.find((p) => p.cause === 'transfer')?.text).toBe('moving data');
  expect(parts.find((p) => p.cause === 'rto')?.text).toMatch(/^RTO \d/);
});

for (const width of [1280, 390]) {
  test(`at ${width} px a comparison's two bars are drawn on one scale`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // A 1.22 s, B 2.22 s: both wait 212 ms on a delayed ACK. The longer bar had been cut short to
    // leave room for its time and the shorter had not (188.9 against 255.9 px at 390).
    await openLab(page, 'link=wan&b.loss=3');
    const view = page.locator('[data-view="time"]');
    await view.scrollIntoViewIfNeeded();
    await expect(view.locator('[data-breakdown="b"]')).toHaveCount(1);
    const pxPerMs = await view
      .locator('.breakdown-bar')
      .evaluateAll((bars) =>
        bars.map((bar) => bar.getBoundingClientRect().width / Number(bar.getAttribute('data-page-ms'))),
      );
    expect(pxPerMs).toHaveLength(2);
    expect(pxPerMs[1] / pxPerMs[0]).toBeCloseTo(1, 1);
    const delayedAck = await view
      .locator('.breakdown-part[data-cause="delayed-ack"]')
      .evaluateAll((parts) => parts.map((p) => p.getBoundingClientRect().width));
    expect(delayedAck).toHaveLength(2);
    expect(Math.abs(delayedAck[0] - delayedAck[1])).toBeLessThan(2);
    // The longer bar and its time fit the row.
    const fits = await view
      .locator('.breakdown-row')
      .evaluateAll((rows) => rows.map((row) => row.scrollWidth <= row.clientWidth + 1));
    expect(fits).toEqual([true, true]);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`under forced colours (${colorScheme}) the bar's parts and the legend's swatches keep their colours`, async ({
    page,
  }) => {
    // Forced colours blank an element's own background to the system Canvas: the bar had become
    // one empty box and each swatch an empty square.
    await page.emulateMedia({ forcedColors: 'active', colorScheme });
    await openLab(page);
    const view = page.locator('[data-view="time"]');
    await view.scrollIntoViewIfNeeded();
    const canvas = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.background = 'Canvas';
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    const fills = (selector: string) =>
      view.locator(selector).evaluateAll((els) =>
        els.map((e) => ({
          cause: e.closest('[data-cause]')?.getAttribute('data-cause'),
          fill: getComputedStyle(e).backgroundColor,
          ink: getComputedStyle(e).color,
        })),
      );
    const parts = await fills('.breakdown-part');
    const swatches = await fills('.swatch');
    // The default page's 522 ms: Nagle, delayed ACK, think times, handshake, moving data.
    expect(parts.length).toBeGreaterThanOrEqual(5);
    expect(parts.filter((p) => p.fill === canvas)).toEqual([]);
    expect(new Set(parts.map((p) => p.fill)).size).toBe(parts.length);
    // Each swatch is its part's colour, and a part's name keeps a colour of its own on it.
    expect(swatches.map((s) => s.fill)).toEqual(
      swatches.map((s) => parts.find((p) => p.cause === s.cause)?.fill),
    );
    expect(parts.filter((p) => p.ink === p.fill)).toEqual([]);
  });
}

test("over a satellite, HTTP/2 is charged no head-of-line blocking while its link is full, and HTTP/3's 3x limit has its own part", async ({
  page,
}) => {
  // The 2024 page with today's hosts: A had shown "HOL 5.05 s" of 16.3 s, though the server sent
  // at the full link rate all through and B, over HTTP/3, took 16.57 s; B's 574 ms wait on the 3x
  // limit had been counted as handshake (1.14 s), with no part of its own.
  const today = 'page=almanac24&link=geo&stack=linux&nagle=0&window=1048576&h2window=6291456';
  await page.goto(`/?${today}&http=2&b.http=3`);
  const view = page.locator('[data-view="time"]');
  await view.scrollIntoViewIfNeeded();
  const a = view.locator('[data-breakdown="a"]');
  const b = view.locator('[data-breakdown="b"]');
  await expect(b.locator('.breakdown-bar')).toHaveAttribute('data-page-ms', /^1657\d/);
  await expect(a.locator('[data-cause="hol-blocking"]')).toHaveCount(0);
  const ms = async (row: typeof a, cause: string) =>
    Number(await row.locator(`.breakdown-part[data-cause="${cause}"]`).getAttribute('data-breakdown-ms'));
  const { trace } = runQuery(`${today}&http=3`);
  const [wait] = trace.stalls.filter((s) => s.cause === 'amplification');
  const [handshake] = trace.stalls.filter((s) => s.cause === 'handshake');
  expect(await ms(b, 'amplification')).toBeCloseTo((wait.endNs - wait.startNs) / 1e6, 3);
  expect(await ms(b, 'amplification')).toBeGreaterThan(570);
  expect(await ms(b, 'handshake')).toBeCloseTo(
    (handshake.endNs - handshake.startNs - (wait.endNs - wait.startNs)) / 1e6,
    3,
  );
  await expect(view.locator('.legend [data-cause="amplification"]')).toContainText(
    'anti-amplification limit',
  );
  // Neither headline blames head-of-line blocking.
  await expect(page.locator('.callout-text').first()).not.toContainText('head-of-line');
});

test("the callout names B's wait on HTTP/3's 3x limit, with a smaller certificate as its fix", async ({
  page,
}) => {
  // The default page over a satellite: the 3x limit held the server's first flight 574 ms,
  // half of B's handshake. B's line had said "The connection handshake took 1.14 s".
  await openLab(page, 'link=geo&http=2&b.http=3');
  const line = page.locator('[data-callout-b]');
  await expect(line).toContainText(
    "B: The server waited 574 ms on QUIC's anti-amplification limit: until the client's address is validated, it may send at most three times the bytes it has received (RFC 9000 8.1)",
  );
  await expect(line).toContainText('574 ms of it went to 3x limit stalls');
  await expect(line.getByRole('button', { name: /^Try Certificate chain/ })).toBeVisible();
});
