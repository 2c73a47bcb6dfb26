// Today's protocols on screen: what the panels' notes say matches what the runs draw.
import { expect, test } from '@playwright/test';
import { openLab } from './lab';
import { formatDuration, shownNs, UNIT_SPACE } from '../src/views/format';

const tspNote = (page: import('@playwright/test').Page) => page.locator('#tsp .panel-note');

test("the time-sequence plot's note names an advertised-window line only where the run draws one", async ({
  page,
}) => {
  await openLab(page, 'preset=langley-quic');
  await expect(page.locator('[data-view="tsp"] [data-series="window"]')).toHaveCount(0);
  await expect(tspNote(page)).toContainText('ACK frames');
  await expect(tspNote(page)).not.toContainText('advertised window');

  await openLab(page, 'http=2');
  await expect(page.locator('[data-view="tsp"] [data-series="window"]').first()).toBeAttached();
  await expect(tspNote(page)).toContainText('the dashed line is ACK + advertised window');

  // HTTP/2 against HTTP/3: the note says which lines belong to which transport.
  await openLab(page, 'http=2&b.http=3');
  await expect(tspNote(page)).toContainText('over TCP bars are segments');
  await expect(tspNote(page)).toContainText('over QUIC bars are the CRYPTO and STREAM bytes');
});

test("the ladder's note gives the one-way delay as the rest of the page writes a time", async ({ page }) => {
  await openLab(page, 'preset=dukkipati-iw10');
  await expect(page.locator('#ladder .panel-note')).toContainText('its slope the 50 ms one-way delay');
  await openLab(page, '');
  await expect(page.locator('#ladder .panel-note')).toContainText('its slope the 0.175 ms one-way delay');
});

test("compared over two links, the ladder's note gives each side's rate and one-way delay", async ({
  page,
}) => {
  await openLab(page, 'preset=heidemann-odd-final&b.link=geo');
  const note = page.locator('#ladder .panel-note');
  await expect(note).toContainText('serialization at 10 Mb/s (A) and 1.54 Mb/s (B)');
  await expect(note).toContainText('its slope the 0.175 ms (A) and 280 ms (B) one-way delay');
  // Over one link, once.
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
  await expect(note).toContainText('serialization at 10 Mb/s, its slope the 0.175 ms one-way delay');
});

test("a burst's label counts its data segments and its bare ACKs apart (IW10's first flight)", async ({
  page,
}) => {
  // The server's flight under IW10: the ACK of the request, the header segment and eight full
  // segments; the 320-byte tail waits a round trip for Nagle. "10 segments" read as the window.
  await openLab(page, 'preset=dukkipati-iw10');
  const bursts = page.locator('[data-side="a"] .packet-labels [data-label="burst"]');
  await expect(bursts.filter({ hasText: '9 segments, 11.6 KB + 1 ACK' })).toHaveCount(1);
  await expect(bursts.filter({ hasText: /^10 segments/ })).toHaveCount(0);
});

test('compared, the stall callout says it speaks of run A', async ({ page }) => {
  // CUBIC against BBR on the long fat path: the callout names A's delayed-ACK stall and A's page
  // time (1.22 s), while B's page took 1.42 s.
  await openLab(page, 'cc=cubic&b.cc=bbr&link=longfat&loss=1');
  const callout = page.locator('[data-callout]');
  await expect(callout.locator('[data-callout-side="a"]')).toHaveText('A:');
  await expect(callout).toContainText(/^A: The server waited \d+\sms for a delayed ACK/);
  await openLab(page, 'http=2&b.http=3');
  await expect(callout).toContainText(/^A: No long stall: the page took/);
  await openLab(page, 'http=2');
  await expect(callout.locator('[data-callout-side]')).toHaveCount(0);
});

test("compared, the callout gives B's page time against A's and names B's stall", async ({ page }) => {
  // CUBIC against BBR on the long fat path: B's time (1.42 s) had been only in the breakdown.
  await openLab(page, 'cc=cubic&b.cc=bbr&link=longfat&loss=1');
  const line = page.locator('[data-callout] [data-callout-b]');
  await expect(line.locator('[data-callout-side]')).toHaveText('B:');
  const pageMs = async (side: 'a' | 'b') =>
    Number(await page.locator(`[data-breakdown="${side}"] [data-page-ms]`).getAttribute('data-page-ms'));
  await expect(page.locator('[data-breakdown="b"] [data-page-ms]')).toHaveCount(1, { timeout: 20_000 });
  const [a, b] = [await pageMs('a'), await pageMs('b')];
  // The same figure as B's breakdown, and the difference from A's, in the words the page uses.
  expect(Number(await line.locator('[data-page-ns]').getAttribute('data-page-ns')) / 1e6).toBeCloseTo(b, 3);
  // The difference of the two times as written, so the figures on screen add up.
  const diff = formatDuration(Math.abs(shownNs(b * 1e6) - shownNs(a * 1e6))).replace(UNIT_SPACE, ' ');
  await expect(line).toContainText(`${diff} ${b > a ? 'more' : 'less'} than A`);
  await expect(line).toContainText(
    /^B: The server waited \d+\sms for a delayed ACK — try Header flush: none \(.+, medians of 5 loss draws\)\. With its own losses, the page took 1\.\d\d\ss/,
  );
  // Its button frames B's stall on B's ladder, not A's.
  await line.getByRole('button', { name: "Show B's stall" }).click();
  await expect(page.locator('[data-side="b"] [data-stall][data-focused]')).toHaveAttribute(
    'data-stall',
    'delayed-ack',
  );
  await expect(page.locator('[data-side="a"] [data-stall][data-focused]')).toHaveCount(0);
  // A run with no long stall says so, with its time.
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
  await expect(line).toContainText(
    /^B: No long stall\. The page took 17\sms, 173\sms less than A \(Nagle: 173\sms less on B\)\.$/,
  );
  // Not compared, no B.
  await openLab(page, 'preset=heidemann-odd-final');
  await expect(page.locator('[data-callout]')).toBeVisible();
  await expect(line).toHaveCount(0);
});

test("compared, B's line names what moved B's time, and a change B does not run is said so", async ({
  page,
}) => {
  // TLS 1.3 against 1.2 on the papers' hosts: B is 200 ms slower, its handshake 20 ms shorter, but
  // the request written behind its Finished waits on Nagle. The line had blamed Nagle in general.
  // Runs of a 2024 page: seconds each, B's fix tried after.
  test.setTimeout(120_000);
  await page.goto('/?page=almanac24&link=broadband&http=1.1&tls=1.2&b.tls=1.3');
  const line = page.locator('[data-callout] [data-callout-b]');
  await expect(line.getByRole('button', { name: "Try Nagle's algorithm: off on B" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(line).toContainText(
    /The page took 9\.45\ss, 200\sms more than A \(Nagle: 220\sms more on B; TLS: 20\sms less\); 6\.18\ss of it went to Nagle stalls\./,
  );
  // BBR under HTTP/3 is not run (QUIC brings its own NewReno): the heading and the line say so.
  await page.goto('/?page=almanac24&link=lte&http=3&loss=1&b.cc=bbr');
  const why = "not used: HTTP/3 runs over QUIC, with RFC 9002's recovery and NewReno";
  await expect(line).toContainText(
    `the page took 10.34\u00a0s, as A did: B's change does nothing here (${why})`,
    { timeout: 60_000 },
  );
  await expect(page.locator('[data-view="ladder"] [data-side="b"] .side-caption')).toHaveText(
    `B: Congestion control: BBR v1 (${why})`,
  );
  await expect(line).not.toContainText('as long as A');
});

test("the time-sequence plot's last tick label ends inside the plot", async ({ page }) => {
  // 800 px wide, the 700 ms label sat on the plot's edge, centred, and lost its last letter.
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto('/?preset=nielsen-lan-pipe-first&embed=1&view=tsp');
  const plot = page.locator('[data-view="tsp"] svg').first();
  await expect(plot.locator('.tick-label').first()).toBeAttached();
  const outside = await plot.evaluate((svg) => {
    const edge = svg.getBoundingClientRect().right;
    return [...svg.querySelectorAll('.tick-label')]
      .filter((t) => t.getBoundingClientRect().right > edge + 0.5)
      .map((t) => t.textContent);
  });
  expect(outside).toEqual([]);
});
