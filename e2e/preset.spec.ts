// Heidemann's odd, short final segment: Nagle holds a 13-byte tail about 170 ms, visible in the
// ladder and the time-sequence plot; switching Nagle off removes it from both.
import { expect, test } from '@playwright/test';
import { PRESETS } from '../src/scenario';
import { PRESET_TEXTS } from '../src/scenario/presetTexts';
import { keepTimesTogether } from '../src/views/format';
import { pageTimeNs } from '../src/engine/metrics';
import { engine, ladderStalls, openLab, tspStalls } from './lab';

declare global {
  /** What the preset's box said when it first appeared (set by a test's init script). */
  var firstPresetStory: string | undefined;
}

test('heidemann-odd-final shows a ~170 ms Nagle stall in both views, and Nagle off removes it', async ({
  page,
}) => {
  const expected = engine('preset=heidemann-odd-final').longestStallMs('nagle');
  expect(expected).toBeGreaterThan(140);
  expect(expected).toBeLessThan(200);
  await openLab(page, 'preset=heidemann-odd-final');

  for (const stalls of [ladderStalls(page, 'nagle'), tspStalls(page, 'nagle')]) {
    await expect(stalls).toHaveCount(1);
    const ms = Number(await stalls.first().getAttribute('data-duration-ms'));
    expect(ms).toBeCloseTo(expected, 1);
    expect(ms).toBeGreaterThan(140);
    expect(ms).toBeLessThan(200);
  }
  await expect(page.locator('[data-preset-info]')).toContainText('166.4 ms');

  await page.locator('#a-nagle').uncheck();

  await expect(ladderStalls(page, 'nagle')).toHaveCount(0);
  await expect(tspStalls(page, 'nagle')).toHaveCount(0);
});

test("a preset link opens with its story; the default page fetches none of the presets' words", async ({
  page,
}) => {
  const { explanation, tryNext } = PRESET_TEXTS['heidemann-short-initial'];
  // The words load apart from the page, but a preset link waits for them before its first
  // render: the box above the views never grows under the reader.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const info = document.querySelector('[data-preset-info]');
      if (!info) return;
      globalThis.firstPresetStory = info.textContent ?? '';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await openLab(page, 'preset=heidemann-short-initial');
  expect(await page.evaluate(() => globalThis.firstPresetStory)).toContain(keepTimesTogether(explanation));

  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.js')) scripts.add(r.url());
  });
  await openLab(page);
  expect(scripts.size).toBeGreaterThan(0);
  for (const url of scripts)
    expect((await (await page.request.get(url)).text()).includes(explanation), url).toBe(false);
  // Chosen afterwards, a preset's story arrives a moment later.
  await page.locator('#preset-select').selectOption('heidemann-short-initial');
  await expect(page.locator('[data-preset-info]')).toContainText(explanation);
  await expect(page.locator(`[data-preset-info] [data-try="${tryNext[0].settings}"]`)).toBeVisible();
});

test('the gallery lists presets by paper with their published and simulated figures', async ({ page }) => {
  await openLab(page);
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  const card = page.locator('[data-preset="heidemann-short-initial"]');
  await expect(card).toContainText('Heidemann 1997');
  await expect(card).toContainText('185.736 ms'); // as the paper's trace prints it (to the microsecond)
  await expect(card.locator('td.within, td.outside')).toHaveCount(1);
  await card.getByRole('button', { name: 'Load' }).click();
  await expect(page.locator('[data-preset-info="heidemann-short-initial"]')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toContain('preset=heidemann-short-initial');
});

test("every gallery card shows only its own preset's published figures", async ({ page }) => {
  await openLab(page);
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  const cards = page.locator('dialog.gallery article.preset-card');
  await expect(cards).toHaveCount(PRESETS.length);
  const shown = await cards.evaluateAll((els) =>
    els.map((card) => ({
      id: card.getAttribute('data-preset')!,
      rows: [...card.querySelectorAll('table.figures tbody tr')].map((row) => ({
        figure: row.getAttribute('data-figure'),
        label: row.querySelector('th')!.textContent!,
        paper: row.querySelector('td')!.textContent!,
      })),
    })),
  );
  for (const { id, rows } of shown) {
    const published = PRESETS.find((p) => p.id === id)!.published;
    // One row per figure of this preset (its own paper row), in order, and nothing else.
    expect(rows.length, id).toBe(published.length);
    rows.forEach((row, i) => {
      const f = published[i];
      expect(row.figure, `${id} row ${i}`).toBe(f.figure);
      expect(row.label.startsWith(f.label), `${id}: "${row.label}" is "${f.label}"`).toBe(true);
      // As printed in the paper: Nielsen's 0.97 s is not "1 s"; number and unit held together
      // by a no-break space (a narrow card had wrapped "over 50 %" before the "%").
      expect(row.paper, `${id}: ${f.label}`).toContain(`${f.value}\u00a0${f.unit}`);
    });
  }
});

test('a simulated figure has as many decimals as the paper printed', async ({ page }) => {
  await openLab(page, 'preset=nielsen-lan-apache-1.0-first');
  const seconds = page.locator('[data-preset-info] table.figures tr[data-figure="elapsed_s"]');
  await expect(seconds.locator('td').first()).toHaveText('0.72 s'); // Nielsen Table 5
  // Ours to two decimals too, a trailing zero kept (0.60 s, not 0.6 s beside 0.72 s).
  await expect(seconds.locator('td').nth(1)).toHaveText(/^\d\.\d\d\u00a0s ✓ within$/);
  const bytes = page.locator('[data-preset-info] table.figures tr[data-figure="payload_bytes"] td');
  await expect(bytes.nth(1)).toHaveText(/^\d+\u00a0bytes/); // beside a whole number, no ".0"
  // The bound to the figure's decimals too: 5% of 216289 bytes, the paper rows' bound, is not ±10814.45 bytes.
  await openLab(page, 'preset=nielsen-lan-1.0-first');
  await expect(page.locator('[data-preset-info] tr[data-figure="payload_bytes"] th')).toHaveText(
    'payload bytes (Nielsen Table 4) (±10814 bytes)',
  );
  await expect(page.locator('[data-preset-info] tr[data-figure="packets"] th')).toHaveText(
    'packets (Nielsen Table 4) (±51 packets)',
  );
  // Our count is whole beside the paper's mean of 510.2: no "521.0 packets".
  await expect(page.locator('[data-preset-info] tr[data-figure="packets"] td').nth(1)).toHaveText(
    /^\d+\u00a0packets ✓ within$/,
  );
});

test("a figure the model cannot bring within the paper's bound says it is a known difference, and why", async ({
  page,
}) => {
  await openLab(page, 'preset=nielsen-wan-apache-pipe-revalidate');
  const row = (figure: string) =>
    page.locator(`[data-preset-info] table.figures tr[data-figure="${figure}"] td`).nth(1);
  // Nielsen Table 7: 0.86 s; the model's 0.63 s is 27% short, beyond the 25% the rows are held to.
  await expect(row('elapsed_s')).toHaveText(/^0\.\d\d\u00a0s ~ a known difference$/);
  // The bound beside the figure is the one it is judged by (the preset's wider ±0.26 s had read as
  // a contradiction of the verdict), and the reason is on the card, not in a hover title only.
  await expect(
    page.locator('[data-preset-info] table.figures tr[data-figure="elapsed_s"] .figure-reason'),
  ).toHaveText(' (±0.21\u00a0s)');
  const known = page.locator('[data-preset-info] [data-known-difference="elapsed_s"]');
  await expect(known.locator('summary')).toHaveText(
    "Known difference in seconds (Nielsen Table 7): beyond the ±0.21\u00a0s the paper's rows are held to, and allowed ±0.26\u00a0s here",
  );
  await expect(known.getByText('a retransmission, whose round trips')).toBeHidden();
  await known.locator('summary').click();
  await expect(
    known.getByText(
      /^0\.63 s more than on the LAN .*a retransmission, whose round trips the loss-free model does not spend\.$/,
    ),
  ).toBeVisible();
  // Packets and payload bytes are known differences too (each with its own reason); overhead is within.
  await expect(page.locator('[data-preset-info] [data-known-difference]')).toHaveCount(3);
  await expect(row('overhead_pct')).toHaveText(/✓ within$/);
  // Changed by the reader, the run is not held to the paper's figure, which is for the preset.
  await openLab(page, 'preset=nielsen-wan-1.1-first&loss=3&seed=6');
  await expect(row('packets')).toHaveText(/^261\u00a0packets$/);
  await expect(row('packets').locator('.verdict')).toHaveCount(0);
});

test("a changed preset's comparison figure is the changed scenario's", async ({ page }) => {
  // A sweep's point at 15 images over the old protocol had shown the preset's own 10-image cut
  // (67.6 %) under "This run".
  const at15 = (q: string) => pageTimeNs(engine(`preset=pm-remote-2544&images=15&${q}`).trace);
  const old = at15('http=1.0&conns=1');
  const cut = (100 * (old - at15('http=getall'))) / old;
  await openLab(page, 'preset=pm-remote-2544&images=15&http=1.0&conns=1');
  await expect(page.locator('[data-preset-info] tr[data-figure="reduction_pct"] td').nth(1)).toHaveText(
    `${cut.toFixed(1)}\u00a0%`,
  );
});

test("a Try next the settings already hold reads as applied, with the way back, and the paper's figure is no verdict on it", async ({
  page,
}) => {
  // The paper's own fix, as the link (and the 200 ms mystery's fourth step) opens it.
  await openLab(page, 'preset=heidemann-odd-final&nagle.server=0');
  const info = page.locator('[data-preset-info]');
  const hint = info.locator('[data-try="nagle.server=0"]');
  await expect(hint).toHaveAttribute('data-try-applied', '');
  await expect(hint).toContainText('Applied: Turn Nagle off on the server');
  await expect(info.getByRole('button', { name: 'Try it' })).toHaveCount(0);
  await expect(info.locator('.try-next')).not.toContainText('Try next');
  // 0 ms beside the paper's 166.4 ms, neither within nor outside: the figure is the preset's.
  const cell = info.locator('table.figures tr[data-figure="longest_stall_ms:nagle"] td').nth(1);
  await expect(cell).toHaveText('0 ms');
  await expect(info.locator('td.outside, td.within')).toHaveCount(0);
  await expect(info.locator('[data-figures-note]')).toContainText(
    "The paper's figures are for the preset's own settings",
  );

  // Side by side: the preset as A (its stall), the change as B (none).
  await hint.getByRole('button', { name: 'Compare with the preset' }).click();
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('b.nagle.server=0');
  await expect(page.locator('[data-side="a"] [data-stall="nagle"]').first()).toBeAttached();
  await expect(page.locator('[data-side="b"] [data-stall="nagle"]')).toHaveCount(0);
  // B runs the hint: trying it on A too would leave two runs alike, so it is not offered.
  await expect(hint).toContainText('Side B runs this.');
  await expect(info.getByRole('button', { name: 'Try it' })).toHaveCount(0);
  await expect(cell).toHaveText(/ms ✓ within$/);

  // Back to the preset: the hint is offered again, and the run within the paper's figure.
  await openLab(page, 'preset=heidemann-odd-final&nagle.server=0');
  await hint.getByRole('button', { name: 'Back to the preset' }).click();
  await expect.poll(() => page.evaluate(() => window.location.search)).not.toContain('nagle.server');
  await expect(hint).not.toHaveAttribute('data-try-applied', '');
  await expect(hint.getByRole('button', { name: 'Try it' })).toBeVisible();
  await expect(cell).toHaveText(/ms ✓ within$/);
  await expect(info.locator('[data-figures-note]')).toHaveCount(0);
  await expect(info.locator('.try-next')).toContainText('Try next');
});

test('compared, a hint is tried on A alone: the button says so and B runs as before', async ({ page }) => {
  // B flushes with the body and follows A on the server's Nagle. Trying the hint had turned the
  // server's Nagle off on B too, under a button that named no side.
  await openLab(page, 'preset=heidemann-odd-final&b.flush=none');
  const hint = page.locator('[data-preset-info] [data-try="nagle.server=0"]');
  const pageMsB = page.locator('[data-breakdown="b"] [data-page-ms]');
  await expect(pageMsB).toHaveCount(1, { timeout: 20_000 });
  const before = await pageMsB.getAttribute('data-page-ms');
  // The paper's figures are set beside A's run, and the table says so.
  await expect(page.locator('[data-preset-info] table.figures')).toContainText('Paper vs run A');
  await hint.getByRole('button', { name: 'Try it on A' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('nagle.server')).toBe('0');
  expect(new URL(page.url()).searchParams.get('b.nagle.server')).toBe('auto');
  await expect(hint).toHaveAttribute('data-try-applied', '');
  await expect(page.locator('[data-side="a"] [data-stall="nagle"]')).toHaveCount(0);
  await expect(pageMsB).toHaveAttribute('data-page-ms', before!);
  // B's page is the engine's, with the server's Nagle on.
  const b = engine('preset=heidemann-odd-final&flush=none');
  expect(Math.abs(Number(before) - b.elapsedS * 1000)).toBeLessThan(1);
  // Without B, the hint's button names no side.
  await openLab(page, 'preset=heidemann-odd-final');
  await expect(hint.getByRole('button', { name: 'Try it', exact: true })).toBeVisible();
  await expect(page.locator('[data-preset-info] table.figures')).toContainText('Paper vs this run');
});

test.describe('a long preset title the closed scenario menu cuts', () => {
  const long = PRESETS.find((p) => p.id === 'nielsen-wan-pipe-gzip-revalidate')!;
  for (const touch of [true, false]) {
    const width = touch ? 390 : 1280;
    test(`is read whole under the menu (${touch ? '390 px touch screen' : '1280 px'})`, async ({
      browser,
    }) => {
      // The closed menu had shown "HTTP/1.1 pipelined, deflated HTML, WAN, r", with no hover to
      // show the rest on a touch screen.
      const page = await browser.newPage({
        viewport: { width, height: touch ? 844 : 900 },
        ...(touch ? { hasTouch: true, isMobile: true } : {}),
      });
      const open = async (query: string) => {
        await page.goto(`/?${query}`);
        if (touch) await page.getByRole('button', { name: 'Settings', exact: true }).click();
        await expect(page.locator('#preset-select')).toBeVisible();
      };
      await open(`preset=${long.id}`);
      const select = page.locator('#preset-select');
      // The menu cuts it: its text is wider than the menu.
      const cutPx = await select.evaluate((el) => {
        const span = document.body.appendChild(document.createElement('span'));
        span.style.font = getComputedStyle(el).font;
        span.style.whiteSpace = 'pre';
        span.textContent = (el as HTMLSelectElement).selectedOptions[0].text;
        const w = span.getBoundingClientRect().width;
        span.remove();
        return w - el.clientWidth;
      });
      expect(cutPx).toBeGreaterThan(0);
      const whole = page.locator('[data-whole-name]');
      await expect(whole).toHaveText(long.title);
      await expect(whole).toBeVisible();
      // Wrapped inside the settings, not cut or overflowing the screen.
      // (Measured together: the settings slide in on a phone.)
      const measure = () =>
        whole.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const menu = document.getElementById('preset-select')!.getBoundingClientRect();
          return {
            left: box.left - menu.left,
            right: menu.right - box.right,
            height: box.height,
            overflows: el.scrollWidth > el.clientWidth || box.right > window.innerWidth,
          };
        });
      await expect.poll(async () => (await measure()).overflows).toBe(false);
      const fit = await measure();
      expect(fit.left).toBeGreaterThanOrEqual(-1);
      expect(fit.right).toBeGreaterThanOrEqual(-1);
      expect(fit.height).toBeGreaterThan(30); // two lines or more
      // A name the menu shows whole is not said twice.
      await open('preset=heidemann-odd-final');
      const fits = await select.evaluate((el) => {
        const span = document.body.appendChild(document.createElement('span'));
        span.style.font = getComputedStyle(el).font;
        span.textContent = (el as HTMLSelectElement).selectedOptions[0].text;
        const w = span.getBoundingClientRect().width;
        span.remove();
        return w < el.clientWidth - 40;
      });
      await expect(page.locator('[data-whole-name]')).toHaveCount(fits ? 0 : 1);
      await open('');
      await expect(page.locator('[data-whole-name]')).toHaveCount(0);
      await page.close();
    });
  }
});
