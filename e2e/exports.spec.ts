// Exports: the capture parses to the packets the page shows, with valid checksums (and tshark
// agrees when it is installed); the traces as text and JSON; each view as a standalone SVG/PNG.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { readPcap } from '../src/engine/pcapReader';
import { watchPage } from './helpers';
import { engine, metric, openLab } from './lab';

const QUERY = 'preset=heidemann-odd-final';

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
  expect(download.suggestedFilename()).toBe('roundtrip.pcap');
  const path = testInfo.outputPath('roundtrip.pcap');
  await download.saveAs(path);
  const capture = readPcap(new Uint8Array(readFileSync(path)));
  expect(capture.records).toHaveLength(shown);
  expect(capture.records.filter((r) => !r.ip.checksumOk || !r.tcp.checksumOk)).toEqual([]);

  if (hasTshark()) {
    const out = spawnSync('tshark', ['-r', path], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    expect(out.stdout.trim().split('\n')).toHaveLength(shown);
  }
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test('the trace downloads as tcpdump text and as JSON', async ({ page }, testInfo) => {
  const watch = watchPage(page);
  await openLab(page, QUERY);
  const run = engine(QUERY);
  const text = await exportFile(page, '[data-export-side="a"]', 'tcpdump');
  expect(text.suggestedFilename()).toBe('roundtrip.txt');
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
  expect(svgDownload.suggestedFilename()).toBe('roundtrip-ladder.svg');
  await svgDownload.saveAs(testInfo.outputPath('ladder.svg'));
  const svg = readFileSync(testInfo.outputPath('ladder.svg'), 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect((svg.match(/data-packet="/g) ?? []).length).toBe(engine(QUERY).packets);
  // Styles from the page's stylesheet are written onto the elements.
  expect(svg).toMatch(/<path[^>]*data-packet="0"[^>]*style="[^"]*stroke:/);
  // It renders on its own: an <img> loads it with the ladder's size.
  const size = await page.evaluate(async (text) => {
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    await img.decode();
    return { w: img.naturalWidth, h: img.naturalHeight };
  }, svg);
  expect(size.w).toBeGreaterThan(300);
  expect(size.h).toBeGreaterThan(300);

  const png = await exportFile(page, '[data-export-view="ladder"]', 'png');
  expect(png.suggestedFilename()).toBe('roundtrip-ladder.png');
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
