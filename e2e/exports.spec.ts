// Exports: the capture parses to the packets the page shows, with valid checksums (and tshark
// agrees when it is installed, and dissects its HTTP); the traces as text, JSON and HAR; each view
// as a standalone SVG/PNG with the scenario as its title; files named after scenario and view.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { readPcap } from '../src/engine/pcapReader';
import { runEndNs } from '../src/views/timeScale';
import { titleBand, watchPage } from './helpers';
import { engine, ladderPackets, metric, openLab } from './lab';

const QUERY = 'preset=heidemann-odd-final';

/** The size an <img> draws an SVG file at: it renders on its own. */
async function renderedSize(page: Page, svg: string): Promise<{ w: number; h: number }> {
  return page.evaluate(async (text) => {
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    await img.decode();
    return { w: img.naturalWidth, h: img.naturalHeight };
  }, svg);
}

async function exportFile(page: Page, row: string, kind: string): Promise<Download> {
  const menu = page.locator('details.export-menu');
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await menu.locator('summary').focus();
    await page.keyboard.press('Enter');
  }
  const download = page.waitForEvent('download');
  await menu.locator(`${row} [data-export="${kind}"]`).first().click();
  return download;
}

function hasTshark(): boolean {
  return spawnSync('tshark', ['--version'], { stdio: 'ignore' }).status === 0;
}

test('the pcap download holds exactly the packets the page counts, every checksum valid', async ({
  page,
}, testInfo) => {
  const watch = watchPage(page);
  await openLab(page, QUERY);
  const shown = await metric(page, 'packets');
  expect(shown).toBe(engine(QUERY).packets);

  const download = await exportFile(page, '[data-export-side="a"]', 'pcap');
  expect(download.suggestedFilename()).toBe('heidemann-odd-final.pcap');
  const path = testInfo.outputPath('roundtrip.pcap');
  await download.saveAs(path);
  const capture = readPcap(new Uint8Array(readFileSync(path)));
  expect(capture.records).toHaveLength(shown);
  expect(capture.records.filter((r) => !r.ip.checksumOk || !r.tcp.checksumOk)).toEqual([]);

  if (hasTshark()) {
    const out = spawnSync('tshark', ['-r', path], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    expect(out.stdout.trim().split('\n')).toHaveLength(shown);
    // The payload is HTTP: the page's two GETs and their two responses.
    const http = spawnSync(
      'tshark',
      ['-r', path, '-Y', 'http', '-T', 'fields', '-e', 'http.request.method', '-e', 'http.response.code'],
      {
        encoding: 'utf8',
      },
    );
    expect(
      http.stdout
        .trim()
        .split('\n')
        .map((l) => l.trim()),
    ).toEqual(['GET', '200', 'GET', '200']);
  }
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test("a capture taken at the server holds what the server saw, on the HAR's clock", async ({
  page,
}, testInfo) => {
  const query = 'link=wan&loss=2&capture=server';
  const watch = watchPage(page);
  await openLab(page, query);
  const shown = await metric(page, 'packets');
  expect(shown).toBe(30); // of 31 sent: the client's lost GET never reached the server
  const download = await exportFile(page, '[data-export-side="a"]', 'pcap');
  expect(download.suggestedFilename()).toMatch(/-captureserver\.pcap$/);
  const path = testInfo.outputPath('server.pcap');
  await download.saveAs(path);
  const capture = readPcap(new Uint8Array(readFileSync(path)));
  expect(capture.records).toHaveLength(shown);
  expect(capture.records.reduce((n, r) => n + r.ip.totalLength, 0)).toBe(15_667);
  // The client's packets at the moment they reached the server: its SYN a one-way delay in.
  const { trace } = engine(query);
  const syn = trace.packets.find((p) => p.dir === 'c2s')!;
  expect(capture.records[0].ip.src).toBe('10.0.0.1');
  expect(capture.records[0].tsNs).toBe(Math.round(syn.arriveNs! / 1000) * 1000);

  const har = await exportFile(page, '[data-export-side="a"]', 'har');
  await har.saveAs(testInfo.outputPath('server.har'));
  const started = JSON.parse(readFileSync(testInfo.outputPath('server.har'), 'utf8')).log.pages[0]
    .startedDateTime;
  expect(started).toBe('1997-01-01T00:00:00.000000Z');
  expect(capture.records[0].seconds).toBe(Date.parse(started) / 1000);

  if (hasTshark()) {
    // Wireshark's analysis is right at the server: no needless resend, no duplicate ACK.
    const out = spawnSync(
      'tshark',
      ['-r', path, '-Y', 'tcp.analysis.spurious_retransmission || tcp.analysis.duplicate_ack'],
      { encoding: 'utf8' },
    );
    expect(out.status).toBe(0);
    expect(out.stdout.trim()).toBe('');
    const all = spawnSync('tshark', ['-r', path, '-t', 'ad'], { encoding: 'utf8' });
    expect(all.stdout.trim().split('\n')).toHaveLength(shown);
    expect(all.stdout).toContain('1997-01-01 00:00:00.');
  }
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test("an encrypted run's capture says Wireshark will show records, not HTTP; a lossy one's marks its drops", async ({
  page,
}, testInfo) => {
  const watch = watchPage(page);
  const notes = () => page.locator('details.export-menu [data-export-note="a"]').allTextContents();
  const openMenu = async () => {
    await page.locator('details.export-menu summary').click();
    await expect(page.locator('details.export-menu [data-export="pcap"]').first()).toBeVisible();
  };
  await openLab(page, 'tls=1.3');
  await openMenu();
  expect(await notes()).toEqual([
    'Encrypted: the payloads are filler standing in for ciphertext, so Wireshark shows TLS records, not HTTP, and no key log can decrypt them.',
  ]);

  await openLab(page, 'http=3');
  await openMenu();
  expect((await notes())[0]).toContain('Wireshark shows QUIC packets, not HTTP');

  await openLab(page, QUERY); // cleartext, nothing lost: nothing to say
  await openMenu();
  expect(await notes()).toEqual([]);

  // The ladder's two dropped packets, in the file with a comment each, as its note says.
  const lossy = 'loss=3&seed=4';
  await openLab(page, lossy);
  expect(await notes()).toEqual([]); // the menu closed on the new run
  await openMenu();
  expect(await notes()).toEqual([
    'The 2 packets the network dropped are in the capture, as on the ladder, marked by a comment Wireshark shows (pcapng). To see what one host saw, set Run › Capture point.',
  ]);
  const download = await exportFile(page, '[data-export-side="a"]', 'pcap');
  expect(download.suggestedFilename()).toBe('roundtrip-ethernet10-http1.1-loss3-seed4.pcapng');
  const path = testInfo.outputPath('lossy.pcapng');
  await download.saveAs(path);
  const capture = readPcap(new Uint8Array(readFileSync(path)));
  expect(capture.format).toBe('pcapng');
  expect(capture.records).toHaveLength(engine(lossy).packets);
  expect(capture.records.filter((r) => r.comment !== null).map((r) => r.comment)).toEqual([
    'dropped by the link: never arrived',
    'dropped by the link: never arrived',
  ]);
  expect(watch.consoleErrors).toEqual([]);
});

test('the trace downloads as tcpdump text and as JSON', async ({ page }, testInfo) => {
  const watch = watchPage(page);
  await openLab(page, QUERY);
  const run = engine(QUERY);
  const text = await exportFile(page, '[data-export-side="a"]', 'tcpdump');
  expect(text.suggestedFilename()).toBe('heidemann-odd-final.txt');
  await text.saveAs(testInfo.outputPath('trace.txt'));
  const lines = readFileSync(testInfo.outputPath('trace.txt'), 'utf8').trim().split('\n');
  expect(lines).toHaveLength(run.packets);
  const json = await exportFile(page, '[data-export-side="a"]', 'json');
  await json.saveAs(testInfo.outputPath('trace.json'));
  const trace = JSON.parse(readFileSync(testInfo.outputPath('trace.json'), 'utf8'));
  expect(trace.packets).toHaveLength(run.packets);
  expect(watch.consoleErrors).toEqual([]);
});

test('the ladder exports as a standalone SVG with its packet arrows, and as a PNG', async ({
  page,
}, testInfo) => {
  const watch = watchPage(page);
  await openLab(page, QUERY);
  const svgDownload = await exportFile(page, '[data-export-view="ladder"]', 'svg');
  expect(svgDownload.suggestedFilename()).toBe('heidemann-odd-final-ladder.svg');
  await svgDownload.saveAs(testInfo.outputPath('ladder.svg'));
  const svg = readFileSync(testInfo.outputPath('ladder.svg'), 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect((svg.match(/data-packet="/g) ?? []).length).toBe(engine(QUERY).packets);
  // A title band names the scenario as the gallery does, then its key settings; the preset's id
  // stays on the name for a machine, as in the file's name.
  const titles = [...svg.matchAll(/<text[^>]*data-export-title[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  expect(titles[0]).toBe('The odd, short final segment (Heidemann Fig. 4)');
  expect(titles.slice(1).join(' ')).toContain('link=ethernet10 http=1.1 nagle=1');
  expect(svg).toMatch(/<text [^>]*data-preset="heidemann-odd-final">The odd, short final segment/);
  // Styles from the page's stylesheet are written onto the elements.
  expect(svg).toMatch(/<path[^>]*data-packet="0"[^>]*style="[^"]*stroke:/);
  // It renders on its own: an <img> loads it with the ladder's size.
  const size = await renderedSize(page, svg);
  expect(size.w).toBeGreaterThan(300);
  expect(size.h).toBeGreaterThan(300);

  const png = await exportFile(page, '[data-export-view="ladder"]', 'png');
  expect(png.suggestedFilename()).toBe('heidemann-odd-final-ladder.png');
  await png.saveAs(testInfo.outputPath('ladder.png'));
  const bytes = readFileSync(testInfo.outputPath('ladder.png'));
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  expect(bytes.readUInt32BE(16)).toBe(2 * size.w);

  // The breakdown, drawn with HTML on the page, is redrawn as SVG.
  const time = await exportFile(page, '[data-export-view="time"]', 'svg');
  await time.saveAs(testInfo.outputPath('time.svg'));
  expect(readFileSync(testInfo.outputPath('time.svg'), 'utf8')).toMatch(
    /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<rect/,
  );
  await expect(page.locator('.export-status')).toHaveText(/Saved/);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test('file names carry the scenario and the view, so two exports never share one', async ({ page }) => {
  await openLab(page, 'link=geo&http=1.1&nagle=0&view=ladder,tsp,waterfall,time');
  const names = [];
  for (const [row, kind] of [
    ['[data-export-side="a"]', 'pcap'],
    ['[data-export-side="a"]', 'har'],
    ['[data-export-view="ladder"]', 'svg'],
    ['[data-export-view="ladder"]', 'png'],
    ['[data-export-view="tsp"]', 'svg'],
    ['[data-export-view="waterfall"]', 'svg'],
    ['[data-export-view="time"]', 'svg'],
  ])
    names.push((await exportFile(page, row, kind)).suggestedFilename());
  expect(names).toEqual([
    'roundtrip-geo-http1.1-nagle0.pcap',
    'roundtrip-geo-http1.1-nagle0.har',
    'roundtrip-geo-http1.1-nagle0-ladder.svg',
    'roundtrip-geo-http1.1-nagle0-ladder.png',
    'roundtrip-geo-http1.1-nagle0-tsp.svg',
    'roundtrip-geo-http1.1-nagle0-waterfall.svg',
    'roundtrip-geo-http1.1-nagle0-time.svg',
  ]);
});

test('the HAR download is HAR 1.2 JSON with an entry per object', async ({ page }, testInfo) => {
  const watch = watchPage(page);
  await openLab(page, QUERY);
  const download = await exportFile(page, '[data-export-side="a"]', 'har');
  expect(download.suggestedFilename()).toBe('heidemann-odd-final.har');
  await download.saveAs(testInfo.outputPath('run.har'));
  const har = JSON.parse(readFileSync(testInfo.outputPath('run.har'), 'utf8'));
  expect(har.log.version).toBe('1.2');
  expect(har.log.creator.name).toBe('Roundtrip');
  expect(har.log.pages).toHaveLength(1);
  expect(har.log.pages[0].title).toMatch(/^The odd, short final segment \(Heidemann Fig\. 4\): /);
  expect(har.log.entries.map((e: { request: { url: string } }) => e.request.url)).toEqual([
    'http://server.example:8080/',
    'http://server.example:8080/o01',
  ]);
  for (const e of har.log.entries) {
    expect(e.response.status).toBe(200);
    expect(e.time).toBeGreaterThan(0);
  }
  // The page's file is the command line's, byte for byte: same URLs, headers, title and times.
  const cli = spawnSync('node_modules/.bin/tsx', ['src/cli/sim.ts', QUERY, '--format', 'har'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(cli.status).toBe(0);
  expect(readFileSync(testInfo.outputPath('run.har'), 'utf8')).toBe(cli.stdout);
  await expect(page.locator('.export-status')).toHaveText('Saved the HAR.');
  expect(watch.consoleErrors).toEqual([]);
});

test("the time-sequence plot's picture carries its cwnd and RTT strips, as the page shows them", async ({
  page,
}, testInfo) => {
  // A lecturer's slide had got the plot without the strips under it.
  await openLab(page, 'link=wan&loss=2&objects=60000&flush=none&window=65535&view=ladder,tsp');
  const download = await exportFile(page, '[data-export-view="tsp"]', 'svg');
  await download.saveAs(testInfo.outputPath('tsp.svg'));
  const svg = readFileSync(testInfo.outputPath('tsp.svg'), 'utf8');
  expect(svg).toContain('data-series="cwnd"');
  expect(svg).toContain('data-cc-strip="cwnd"');
  expect(svg).toContain('data-cc-strip="rtt"');
  // It renders on its own, as tall as the plot and its strips.
  const figure = (await page.locator('[data-tsp-side="a"]').boundingBox())!;
  const size = await renderedSize(page, svg);
  expect(size.h).toBeGreaterThan(figure.height * 0.9);
});

test("a long transfer's time-sequence plot picture carries the rug of ticks that marks its resends", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000); // 11,000 packets to simulate
  await page.goto('/?objects=10000000&flush=none&link=wan&loss=1&window=65535&view=tsp');
  const onPage = page.locator('[data-tsp-side="a"] svg.tsp-svg [data-rug="retransmit"] path');
  await expect(onPage.first()).toBeAttached({ timeout: 60_000 });
  const ticks = (d: string[]) => d.join('').match(/M/g)?.length ?? 0;
  const shown = ticks(await onPage.evaluateAll((ps) => ps.map((p) => p.getAttribute('d') ?? '')));
  expect(shown).toBeGreaterThan(20);
  const download = await exportFile(page, '[data-export-view="tsp"]', 'svg');
  await download.saveAs(testInfo.outputPath('tsp.svg'));
  const svg = readFileSync(testInfo.outputPath('tsp.svg'), 'utf8');
  const rug = svg.match(/<g[^>]*data-rug="retransmit"[^>]*>([\s\S]*?)<\/g>/)?.[1] ?? '';
  expect(ticks([...rug.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]))).toBe(shown);
});

test("a comparison's breakdown picture is headed by both presets' titles, as the page captions them", async ({
  page,
}, testInfo) => {
  await openLab(page, 'preset=heidemann-table1-phttp&b.preset=heidemann-table1-phttp-fix2&view=ladder,time');
  const download = await exportFile(page, '[data-export-view="time"]', 'svg');
  expect(download.suggestedFilename()).toBe(
    'heidemann-table1-phttp-vs-b-heidemann-table1-phttp-fix2-time.svg',
  );
  await download.saveAs(testInfo.outputPath('time.svg'));
  const svg = readFileSync(testInfo.outputPath('time.svg'), 'utf8');
  const names = [...svg.matchAll(/<text[^>]*font-weight="bold"[^>]*data-preset="([^"]*)">([^<]*)<\/text>/g)];
  expect(names.map((m) => [m[1], m[2]])).toEqual([
    ['heidemann-table1-phttp', 'A: P-HTTP with both problems (Heidemann Table 1)'],
    ['heidemann-table1-phttp-fix2', 'B: P-HTTP with both fixes (Heidemann Table 1)'],
  ]);
  // Each side's settings line says all it differs in: B's had read as A's but for nagle=0, though
  // B also stops flushing its headers alone (P-HTTP's own flush=headers is the default).
  const lines: string[] = [];
  let named = false; // a long name wraps onto bold lines of its own
  for (const line of titleBand(svg)) {
    if (line.bold && !named) lines.push('');
    else if (!line.bold) lines[lines.length - 1] += ` ${line.text}`;
    named = line.bold;
  }
  const [a, b] = lines.map((l) => l.trim().split(' '));
  expect(b.filter((s) => !a.includes(s))).toEqual(['nagle=0', 'flush=none']);
  expect(a.filter((s) => !b.includes(s))).toEqual(['nagle=1']);
});

test("a comparison's pictures are named as one, by B's difference, and each side's title names its connections", async ({
  page,
}, testInfo) => {
  // The comparison's breakdown had been saved as roundtrip-ethernet10-http1.0-time.svg, the single
  // run's name, and A's line had left out its 4 connections (only B's changed 16 was named).
  await openLab(page, 'http=1.0&conns=4&b.conns=16&view=ladder,time');
  const time = await exportFile(page, '[data-export-view="time"]', 'svg');
  expect(time.suggestedFilename()).toBe('roundtrip-ethernet10-http1.0-vs-b-conns16-time.svg');
  await time.saveAs(testInfo.outputPath('time.svg'));
  const band = titleBand(readFileSync(testInfo.outputPath('time.svg'), 'utf8'));
  expect(band).toEqual([
    { bold: true, text: 'A: Roundtrip' },
    {
      bold: false,
      text: 'page=yahoo96 visit=first link=ethernet10 http=1.0 conns=4 nagle=1 delack=bsd iw=2',
    },
    { bold: true, text: 'B: Roundtrip' },
    {
      bold: false,
      text: 'page=yahoo96 visit=first link=ethernet10 http=1.0 conns=16 nagle=1 delack=bsd iw=2',
    },
  ]);
  const ladderA = await exportFile(page, '[data-export-view="ladder"]:has-text("(A)")', 'png');
  expect(ladderA.suggestedFilename()).toBe('roundtrip-ethernet10-http1.0-vs-b-conns16-a-ladder.png');
  const ladderB = await exportFile(page, '[data-export-view="ladder"]:has-text("(B)")', 'svg');
  expect(ladderB.suggestedFilename()).toBe('roundtrip-ethernet10-http1.0-vs-b-conns16-b-ladder.svg');
});

test("a custom sweep's picture names the scenario it swept, in its title and its file name", async ({
  page,
}, testInfo) => {
  // Over the WAN and over LTE both had been "Custom sweep over the current scenario", saved as
  // sweep-conns-by-window.svg.
  for (const link of ['wan', 'lte']) {
    await page.goto(
      `/?link=${link}&http=1.0&sweep=custom:x=conns:1,4,8,16;series=window:8192,16384;y=load_s`,
    );
    await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await page.locator('#sweep [data-sweep-export="svg"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`roundtrip-${link}-http1.0-sweep-conns-by-window.svg`);
    await file.saveAs(testInfo.outputPath(`sweep-${link}.svg`));
    const band = titleBand(readFileSync(testInfo.outputPath(`sweep-${link}.svg`), 'utf8'));
    expect(band.map((l) => l.text).join(' ')).toBe(
      'Page load (s) against Connections, one line per Socket buffer (bytes) Custom sweep over this scenario ' +
        `Roundtrip page=yahoo96 visit=first link=${link} http=1.0 nagle=1 delack=bsd iw=2`,
    );
    expect(band.find((l) => l.text === 'Roundtrip')?.bold).toBe(true);
  }
});

test("each side's picture in a comparison is titled A: or B:, as the breakdown's is", async ({
  page,
}, testInfo) => {
  // B is A with Nagle off: the same preset, so the same bold title on both slides, told apart
  // only by "nagle=0" in the settings line under it.
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0&view=ladder,waterfall');
  const bold = (svg: string) =>
    [...svg.matchAll(/<text[^>]*font-weight="bold"[^>]*data-preset="([^"]*)">([^<]*)<\/text>/g)].map((m) => [
      m[1],
      m[2],
    ]);
  for (const [view, side] of [
    ['ladder', 'A'],
    ['ladder', 'B'],
    ['waterfall', 'B'],
  ] as const) {
    const download = await exportFile(page, `[data-export-view="${view}"]:has-text("(${side})")`, 'svg');
    await download.saveAs(testInfo.outputPath(`${view}-${side}.svg`));
    const svg = readFileSync(testInfo.outputPath(`${view}-${side}.svg`), 'utf8');
    expect(bold(svg)).toEqual([
      ['heidemann-odd-final', `${side}: The odd, short final segment (Heidemann Fig. 4)`],
    ]);
    expect(svg).toContain(side === 'A' ? 'nagle=1' : 'nagle=0');
  }
  // A picture of one run alone keeps its title as it is.
  await openLab(page, QUERY);
  const alone = await exportFile(page, '[data-export-view="ladder"]', 'svg');
  await alone.saveAs(testInfo.outputPath('alone.svg'));
  expect(bold(readFileSync(testInfo.outputPath('alone.svg'), 'utf8'))).toEqual([
    ['heidemann-odd-final', 'The odd, short final segment (Heidemann Fig. 4)'],
  ]);
});

test("a comparison's ladder picture of one side is drawn on that side's own run, not the shared axis", async ({
  page,
}, testInfo) => {
  // On the page B's 29 ms run shares A's 590 ms axis; its picture alone had been a sliver over a
  // blank "run end" band ticked at 192, 390, 400 and 589 ms, A's times.
  // Paused past B's end (at A's 100 ms), so the picture keeps a playhead: at the run's end it has none.
  await openLab(page, 'preset=heidemann-table1-phttp&b.preset=heidemann-table1-phttp-fix2&t=100');
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  const pageB = page.locator('[data-view="ladder"] [data-side="b"] svg.ladder-svg');
  const endB = Number(await pageB.locator('[data-run-end-ns]').getAttribute('data-run-end-ns'));
  const endShared = Number(await pageB.getAttribute('data-view-end-ns'));
  expect(endShared).toBeGreaterThan(10 * endB);
  const packetsB = await ladderPackets(page, 'b').count();

  for (const kind of ['svg', 'png'] as const) {
    const download = await exportFile(page, '[data-export-view="ladder"]:has-text("(B)")', kind);
    expect(download.suggestedFilename()).toMatch(new RegExp(`-ladder\\.${kind}$`));
    if (kind === 'png') break;
    await download.saveAs(testInfo.outputPath('b-ladder.svg'));
    const svg = readFileSync(testInfo.outputPath('b-ladder.svg'), 'utf8');
    // B's run fills the picture: its axis ends where B's run does, with no "run end" band.
    const viewEnd = Number(/data-view-end-ns="(\d+)"/.exec(svg)![1]);
    expect(Math.abs(viewEnd - endB)).toBeLessThan(endB * 0.01);
    expect(svg).not.toContain('run-end-mark');
    // Its ticks are B's times, none of A's.
    const ticks = [...svg.matchAll(/class="tick-label"[^>]*>([\d.]+) ms</g)].map((m) => Number(m[1]));
    expect(ticks.length).toBeGreaterThan(3);
    expect(Math.max(...ticks)).toBeLessThanOrEqual(endB / 1e6);
    expect(Math.max(...ticks)).toBeGreaterThan((endB / 1e6) * 0.6);
    // Every packet of B's, and the playhead at B's end, not pinned below the picture.
    expect((svg.match(/data-packet="/g) ?? []).length).toBe(packetsB);
    expect(Number(/data-playhead="" data-t-ns="(\d+)"/.exec(svg)![1])).toBeLessThanOrEqual(endB);
  }
  await expect(page.locator('.export-status')).toHaveText(/Saved the PNG/);
  // The page keeps the shared axis.
  expect(Number(await pageB.getAttribute('data-view-end-ns'))).toBe(endShared);
});

test("a comparison's waterfall picture of one side is drawn on that side's own run, as its ladder's is", async ({
  page,
}, testInfo) => {
  // On the page B's 17 ms run (Nagle off) shares A's 190 ms axis; its picture alone had kept A's
  // ticks (50, 100, 150 ms), B's bars a sliver at their left.
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0&t=10');
  const pageB = page.locator('[data-view="waterfall"] [data-waterfall-side="b"] svg.waterfall-svg');
  await expect(pageB).toBeAttached();
  const endB = runEndNs(engine('preset=heidemann-odd-final&nagle=0').trace);
  const endShared = Number(await pageB.getAttribute('data-view-end-ns'));
  expect(endShared).toBeGreaterThan(10 * endB);
  const ticksOf = (svg: string) =>
    [...svg.matchAll(/class="tick-label"[^>]*>([\d.]+) ms</g)].map((m) => Number(m[1]));
  const exported = async (side: 'A' | 'B') => {
    const download = await exportFile(page, `[data-export-view="waterfall"]:has-text("(${side})")`, 'svg');
    await download.saveAs(testInfo.outputPath(`${side}-waterfall.svg`));
    return readFileSync(testInfo.outputPath(`${side}-waterfall.svg`), 'utf8');
  };
  const svgB = await exported('B');
  expect(Math.abs(Number(/data-view-end-ns="(\d+)"/.exec(svgB)![1]) - endB)).toBeLessThan(endB * 0.01);
  const ticksB = ticksOf(svgB);
  expect(ticksB.length).toBeGreaterThan(3);
  expect(Math.max(...ticksB)).toBeLessThanOrEqual(endB / 1e6);
  expect(Math.max(...ticksB)).toBeGreaterThan((endB / 1e6) * 0.6);
  // Every exchange of B's, and the playhead where the page's stands (10 ms, inside B's run).
  expect((svgB.match(/data-exchange="/g) ?? []).length).toBe(await pageB.locator('[data-exchange]').count());
  expect(svgB).toContain('data-cursor=""');
  // Its 0.65 ms between the two responses, a sliver of A's axis folded on the page, keeps its length.
  expect(svgB).not.toContain('data-fold-label');
  // A's picture keeps A's own run, which is the page's axis.
  const svgA = await exported('A');
  expect(Number(/data-view-end-ns="(\d+)"/.exec(svgA)![1])).toBe(endShared);
  // The page keeps the shared axis, so the two read across.
  expect(Number(await pageB.getAttribute('data-view-end-ns'))).toBe(endShared);
});

test("a comparison's time-sequence plot picture of one side is drawn on that side's own run, as its ladder's is", async ({
  page,
}, testInfo) => {
  // On the page the shorter run shares the longer one's time axis: B's 17 ms (Nagle off) under
  // A's 190 ms ticks, A's 190 ms under short-initial's 1.96 s (folded, ticked to 350 ms). Its
  // picture alone had kept those ticks, its segments and strips crowded at their left.
  const cases = [
    ['preset=heidemann-odd-final&b.nagle=0', 'b', 'preset=heidemann-odd-final&nagle=0'],
    ['preset=heidemann-odd-final&b.preset=heidemann-short-initial', 'a', 'preset=heidemann-odd-final'],
  ] as const;
  // The plot's and its strips' time ticks in ms (the RTT strip's own values, also in ms, are not).
  const timeTicks = (svg: string) =>
    [
      ...svg.matchAll(
        /<g transform="translate\([\d.]+,\s*0\)"[^>]*>\s*<line[^>]*(?:\/>|><\/line>)\s*<text[^>]*>([\d.]+) (ms|s)</g,
      ),
    ].map((m) => Number(m[1]) * (m[2] === 's' ? 1000 : 1));
  const yTicks = (svg: string) => [...svg.matchAll(/data-y-tick="([\d.]+)"/g)].map((m) => Number(m[1]));
  const segments = (svg: string) =>
    (/<path d="([^"]*)"[^>]*data-segments="data"/.exec(svg)![1].match(/M/g) ?? []).length;
  for (const [query, side, sideQuery] of cases) {
    // Paused at 10 ms, inside both runs, so the pictures keep the playhead.
    await openLab(page, `${query}&t=10&view=ladder,tsp`);
    const onPage = page.locator(`[data-view="tsp"] [data-tsp-side="${side}"] svg.tsp-svg`);
    await expect(onPage).toBeAttached();
    const endMs = runEndNs(engine(sideQuery).trace) / 1e6;
    const pageSvg = await onPage.evaluate((svg) => svg.outerHTML);
    expect(Math.max(...timeTicks(pageSvg)), query).toBeGreaterThan(1.5 * endMs);
    const download = await exportFile(
      page,
      `[data-export-view="tsp"]:has-text("(${side.toUpperCase()})")`,
      'svg',
    );
    await download.saveAs(testInfo.outputPath(`${side}-tsp.svg`));
    const svg = readFileSync(testInfo.outputPath(`${side}-tsp.svg`), 'utf8');
    // Its time axis is its own run's, in the plot and in the strips under it.
    const ticks = timeTicks(svg);
    expect(ticks.length, query).toBeGreaterThan(6);
    expect(Math.max(...ticks), query).toBeLessThanOrEqual(endMs);
    expect(Math.max(...ticks), query).toBeGreaterThan(endMs * 0.6);
    // Its sequence axis is the side's own, as on the page; its segments, strips and playhead all there.
    expect(yTicks(svg), query).toEqual(yTicks(pageSvg));
    expect(segments(svg), query).toBe(segments(pageSvg));
    expect(segments(svg), query).toBeGreaterThan(0);
    expect(svg).toContain('data-cc-strip="cwnd"');
    expect(svg).toContain('data-cursor=""');
    // The page keeps the shared axis, so the two read across.
    expect(Math.max(...timeTicks(await onPage.evaluate((s) => s.outerHTML)))).toBeGreaterThan(1.5 * endMs);
  }
});

test("the ladder's and the waterfall's pictures carry their keys; each side of a comparison keys its own stalls", async ({
  page,
}, testInfo) => {
  // A handout's waterfall had six shades and outlines of blue and nothing saying which phase each
  // was; the ladder's arrows and bands had no key either.
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
  const texts = async (row: string, file: string) => {
    const download = await exportFile(page, row, 'svg');
    await download.saveAs(testInfo.outputPath(file));
    const svg = readFileSync(testInfo.outputPath(file), 'utf8');
    return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  };
  const waterfall = await texts('[data-export-view="waterfall"]:has-text("(A)")', 'waterfall.svg');
  for (const phase of ['connecting', 'request on the wire', 'waiting for the first byte', 'receiving'])
    expect(waterfall).toContain(phase);
  const nagle = "Nagle's algorithm holding a short segment";
  const ladderA = await texts('[data-export-view="ladder"]:has-text("(A)")', 'a-ladder.svg');
  for (const row of ['data segment', 'pure ACK', 'SYN, FIN or RST', nagle]) expect(ladderA).toContain(row);
  // B, with Nagle off, has no Nagle stall: its picture's key does not name one.
  const ladderB = await texts('[data-export-view="ladder"]:has-text("(B)")', 'b-ladder.svg');
  expect(ladderB).toContain('data segment');
  expect(ladderB).not.toContain(nagle);
});

test('a picture taken at the run’s end goes without the playhead and its key; one paused mid-run keeps them', async ({
  page,
}, testInfo) => {
  // On a slide the playhead at the end was one more line beside the page-loaded mark, and a key
  // row for it ("where playback has reached") that says nothing in a still picture.
  const marks = async (view: string) => {
    const download = await exportFile(page, `[data-export-view="${view}"]`, 'svg');
    await download.saveAs(testInfo.outputPath(`${view}.svg`));
    const svg = readFileSync(testInfo.outputPath(`${view}.svg`), 'utf8');
    return {
      drawn: /data-playhead|data-cursor/.test(svg),
      keyed: svg.includes('playhead: where playback has reached'),
    };
  };
  await openLab(page, 'preset=heidemann-odd-final&view=ladder,tsp,waterfall');
  for (const view of ['ladder', 'tsp', 'waterfall'])
    expect(await marks(view), view).toEqual({ drawn: false, keyed: false });
  await openLab(page, 'preset=heidemann-odd-final&view=ladder,tsp,waterfall&t=10');
  expect(await marks('ladder')).toEqual({ drawn: true, keyed: false }); // the ladder names its time, no key row
  for (const view of ['tsp', 'waterfall'])
    expect(await marks(view), view).toEqual({ drawn: true, keyed: true });
});

test("the ladder's picture names the burst bracket in its key only where it draws one", async ({
  page,
}, testInfo) => {
  const BRACKET = 'packets too close to label one by one, and their count';
  const keyOf = async (query: string, file: string) => {
    await openLab(page, query);
    const download = await exportFile(page, '[data-export-view="ladder"]', 'svg');
    await download.saveAs(testInfo.outputPath(file));
    return readFileSync(testInfo.outputPath(file), 'utf8');
  };
  const kruse = await keyOf('preset=kruse-lerc', 'kruse-ladder.svg');
  expect(kruse).toContain('burst-bracket');
  expect(kruse).toContain(BRACKET);
  // The default page draws no bracket: its picture's key says nothing of one.
  const plain = await keyOf('', 'default-ladder.svg');
  expect(plain).toContain('data segment');
  expect(plain).not.toContain(BRACKET);
});

test("the breakdown's picture of a page loaded three times says which load it gives, as the panel does", async ({
  page,
}, testInfo) => {
  // It had shown "Nagle 180 ms ... 200 ms" alone: a reader could not tell it was the last load of three.
  await openLab(page, 'loads=3&view=ladder,time');
  const note = (await page.locator('[data-view="time"] .note > span').first().textContent())!.trim();
  expect(note).toMatch(/^Load 3 of 3, from 722\sms to 922\sms; all 3 loads took 922\sms/);
  const download = await exportFile(page, '[data-export-view="time"]', 'svg');
  await download.saveAs(testInfo.outputPath('time.svg'));
  const svg = readFileSync(testInfo.outputPath('time.svg'), 'utf8');
  const lines = [...svg.matchAll(/<text[^>]*data-load-note[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  expect(lines.join(' ')).toBe(note);
});
