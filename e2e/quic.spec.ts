// HTTP/3 in the lab: the ladder draws a QUIC run's datagrams, names them by their QUIC packets and
// frames, shows the tcpdump-style UDP line on focus, and the Export menu offers a qlog.
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';
import { engine, ladderPackets, openLab } from './lab';

test('an HTTP/3 run draws its datagrams named by QUIC packets and frames, and exports a qlog', async ({
  page,
}) => {
  const watch = watchPage(page);
  const expected = engine('http=3&link=geo');
  await openLab(page, 'http=3&link=geo');
  await expect(ladderPackets(page)).toHaveCount(expected.packets);
  const labels = page.locator('.packet-labels text');
  await expect(labels.filter({ hasText: 'Initial[CRYPTO]' }).first()).toBeVisible();
  await expect(labels.filter({ hasText: /Handshake\[CRYPTO\]/ }).first()).toBeVisible();
  await expect(labels.filter({ hasText: /1-RTT\[.*STREAM 0/ }).first()).toBeAttached();
  await ladderPackets(page).first().focus();
  await expect(page.locator('.packet-tip')).toContainText(
    'client.3199 > server.443: UDP, length 1200 [Initial #0 CRYPTO PADDING]',
  );
  // TCP knobs do not apply to QUIC: their group is gone.
  await expect(page.locator('[data-group="tcp"]')).toHaveCount(0);
  await page.locator('details.export-menu summary').click();
  const download = page.waitForEvent('download');
  await page.locator('[data-export="qlog"]').click();
  // Named for the protocol as ALPN has it, not a bare "3"; .sqlog, as the qlog draft names a
  // JSON-SEQ qlog.
  expect((await download).suggestedFilename()).toBe('roundtrip-geo-h3.sqlog');
  const text = await (await download).createReadStream().then(async (stream) => {
    let out = '';
    for await (const chunk of stream) out += chunk;
    return out;
  });
  expect(text.startsWith('\u001e{"qlog_version":"0.3"')).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
});

test('an HTTP/2 run has no qlog to export', async ({ page }) => {
  await openLab(page, 'http=2');
  await page.locator('details.export-menu summary').click();
  await expect(page.locator('[data-export="har"]')).toHaveCount(1);
  await expect(page.locator('[data-export="qlog"]')).toHaveCount(0);
  await expect(page.locator('[data-group="tcp"]')).toHaveCount(1);
});

test("an HTTP/3 run's figures say their IP bytes include UDP/IP headers, not TCP/IP ones", async ({
  page,
}) => {
  await openLab(page, 'http=3&link=wan');
  await expect(page.locator('[data-metrics-explained]')).toContainText('IP bytes include the UDP/IP headers');
  await openLab(page, 'http=2&link=wan&b.http=3');
  await expect(page.locator('[data-metrics-explained]')).toContainText('TCP/IP (UDP/IP for HTTP/3) headers');
});

test('an HTTP/3 window (h3window) shows QUIC flow control: the limit line, the frames, the stall, and the fix', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openLab(page, 'http=3&link=lte&objects=400000&h3window=32768&zoom=440,520');
  // The knob is in the settings while HTTP/3 is chosen.
  await expect(page.getByLabel('HTTP/3 window', { exact: false }).first()).toHaveValue('32768');
  const callout = page.locator('[data-callout]');
  await expect(callout).toContainText('Flow-control window spent');
  // The plot draws the limit as its dashed line, and says what it is.
  const tsp = page.locator('[data-panel="tsp"]');
  await expect(tsp.locator('[data-series="window"]').first()).toBeAttached();
  await expect(tsp).toContainText(
    "the dashed line how far the client's flow-control limits let the server send",
  );
  // The client's packets name the limits they carry (the link zooms onto a round trip of them).
  await expect(
    page.locator('.packet-labels text').filter({ hasText: 'MAX_STREAM_DATA 0' }).first(),
  ).toBeAttached();
  // The callout's fix is a larger window, and it removes the stall.
  await callout.getByRole('button', { name: 'Try HTTP/3 window: 512 KB' }).click();
  await expect(page).toHaveURL(/h3window=524288/);
  await expect(callout).not.toContainText('Flow-control window spent');
  // Without the key, a browser's window: no limit line, no frames.
  await openLab(page, 'http=3&link=lte&objects=400000');
  await expect(page.locator('[data-panel="tsp"] [data-series="data"]').first()).toBeAttached();
  await expect(page.locator('[data-panel="tsp"] [data-series="window"]')).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
});

test("an HTTP/3 run's wait for a lost tail is QUIC's probe timeout (PTO), not TCP's RTO", async ({
  page,
}) => {
  // Microscape over LTE at 5% loss: the server's lost tails wait for their probe timeout
  // (RFC 9002 6.2). The ladder, its key and "where did the time go" had called them RTO.
  const query = 'http=3&link=lte&page=microscape&loss=5&seed=4';
  const { stalls } = engine(query).trace;
  expect(stalls.filter((s) => s.cause === 'pto').length).toBeGreaterThan(0);
  expect(stalls.filter((s) => s.cause === 'rto')).toEqual([]);
  await openLab(page, query);
  const labels = await page.locator('[data-view="ladder"] .stall-label').allTextContents();
  expect(labels.some((t) => /^PTO \d/.test(t))).toBe(true);
  expect(labels.filter((t) => t.includes('RTO'))).toEqual([]);
  const key = page.locator('[data-view="ladder"] [data-ladder-legend]');
  await expect(key.locator('[data-cause="pto"]')).toHaveText('PTO: probe timeout');
  await expect(key.locator('[data-cause="rto"]')).toHaveCount(0);
  const view = page.locator('[data-view="time"]');
  await view.scrollIntoViewIfNeeded();
  await expect(view.locator('.breakdown-part[data-cause="pto"]')).toHaveCount(1);
  await expect(view.locator('.breakdown-part[data-cause="rto"]')).toHaveCount(0);
  await expect(view).toContainText('probe timeout');
  await expect(view).not.toContainText('retransmission timeout');
});

test('an HTTP/3 packet declared lost by the time threshold waits on the loss timer, not the PTO', async ({
  page,
}) => {
  // The same run: one lost packet had too few later ones acknowledged for the packet threshold,
  // and QUIC waited 9/8 of a round trip before resending it (RFC 9002 6.1.2), no probe sent. Its
  // 9 ms band had read "PTO 9 ms".
  const query = 'http=3&link=lte&page=microscape&loss=5&seed=4';
  const waits = engine(query).trace.stalls.filter((s) => s.cause === 'loss-timer');
  expect(waits.map((s) => Math.round((s.endNs - s.startNs) / 1e5) / 10)).toEqual([9.2]);
  await openLab(page, `${query}&zoom=1560,1700`); // the loss timer's wait, then a PTO's
  const labels = await page.locator('[data-view="ladder"] .stall-label').allTextContents();
  // A label on two lines (name, then figure) reads as one text run here.
  expect(labels.filter((t) => t.startsWith('loss timer'))).toEqual([
    expect.stringMatching(/^loss timer ?9\.2\sms$/),
  ]);
  expect(labels.filter((t) => t.startsWith('PTO'))).toEqual([expect.stringMatching(/^PTO ?87\sms$/)]);
  const key = page.locator('[data-view="ladder"] [data-ladder-legend]');
  await expect(key.locator('[data-cause="loss-timer"]')).toHaveText(
    'loss timer: waiting out the reordering window (time threshold)',
  );
  await expect(key.locator('[data-cause="pto"]')).toHaveText('PTO: probe timeout');
  const view = page.locator('[data-view="time"]');
  await view.scrollIntoViewIfNeeded();
  await expect(view.locator('.breakdown-part[data-cause="loss-timer"]')).toHaveCount(1);
  await expect(view.locator('.breakdown-part[data-cause="pto"]')).toHaveCount(1);
});
