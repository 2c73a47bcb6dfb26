// A redeploy while a lab tab is open: two builds (A, then B) deployed one after the other under a
// sub-path. The tab still running A keeps every one of its files after B's service worker has
// taken over (the server no longer has them), a visit after the deploy runs one build only, both
// tabs announce the new version, and reloading keeps the scenario and runs B.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { watchPage } from './helpers';
import { engine, ladderPackets } from './lab';
import { servePages, type PagesServer } from './pagesServer';

const BASE = '/course/roundtrip/';
const QUERY = 'preset=heidemann-odd-final&nagle=0';
const LATER = 'preset=heidemann-short-initial';

let root = '';
const dirs = { A: '', B: '' };
let deployed: 'A' | 'B' = 'A';
let server: PagesServer;

function build(release: 'A' | 'B'): string {
  const out = join(root, release);
  const run = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, ROUNDTRIP_BASE_PATH: BASE, VITE_ROUNDTRIP_RELEASE: release },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return out;
}

const assets = (release: 'A' | 'B') => readdirSync(join(dirs[release], 'assets')).sort();

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'roundtrip-deploys-'));
  dirs.A = build('A');
  dirs.B = build('B');
  server = await servePages(BASE, () => dirs[deployed]);
});

test.afterAll(async () => {
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The build a page runs (its label) and the asset files it has loaded so far. */
async function loaded(page: Page) {
  return page.evaluate(() => ({
    release: document.documentElement.dataset.release,
    assets: performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.includes('/assets/'))
      .map((p) => p.slice(p.lastIndexOf('/') + 1)),
  }));
}

test('a redeploy never mixes builds, and the old tab learns of the new version', async ({ context }) => {
  const url = `${server.origin}${BASE}`;
  const old = await context.newPage();
  const watchOld = watchPage(old);
  await old.goto(`${url}?${QUERY}`);
  await expect(ladderPackets(old)).toHaveCount(engine(QUERY).packets);
  await old.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => old.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect((await loaded(old)).release).toBe('A');

  // Deploy B: A's own files are gone from the server.
  deployed = 'B';
  const onlyA = assets('A').filter((f) => !assets('B').includes(f));
  expect(onlyA.some((f) => f.startsWith('SweepPanel-') && f.endsWith('.js'))).toBe(true);
  for (const f of onlyA) expect((await fetch(`${url}assets/${f}`)).status).toBe(404);

  // A second tab visits: B's worker installs, takes over every tab; both say a new version is ready.
  const visitor = await context.newPage();
  const watchVisitor = watchPage(visitor);
  await visitor.goto(`${url}?${LATER}`);
  await expect(ladderPackets(visitor)).toHaveCount(engine(LATER).packets);
  const notice = (page: Page) =>
    page.getByRole('status').filter({ hasText: 'A new version of Roundtrip is ready' });
  await expect(notice(visitor)).toBeVisible({ timeout: 20_000 });
  await expect(notice(old)).toBeVisible();
  const visit = await loaded(visitor);
  const ofBuild = (release: 'A' | 'B', files: string[]) => files.every((f) => assets(release).includes(f));
  expect(ofBuild(visit.release as 'A' | 'B', visit.assets), JSON.stringify(visit)).toBe(true);

  // The old tab still gets every one of its build's files, byte for byte, and its lazy panel opens.
  const served = await old.evaluate(
    (files) =>
      Promise.all(files.map((f) => fetch(`./assets/${f}`).then(async (r) => [r.status, await r.text()]))),
    assets('A'),
  );
  expect(served.map(([status]) => status)).toEqual(assets('A').map(() => 200));
  expect(served.map(([, text]) => text)).toEqual(
    assets('A').map((f) => readFileSync(join(dirs.A, 'assets', f), 'utf8')),
  );
  await old.locator('summary', { hasText: 'Panels' }).click();
  await old.getByRole('checkbox', { name: 'Sweep' }).check();
  await expect(old.getByLabel('x axis')).toBeVisible();
  const oldLoads = await loaded(old);
  expect(oldLoads.release).toBe('A');
  expect(ofBuild('A', oldLoads.assets), JSON.stringify(oldLoads)).toBe(true);

  // Reload from the notice: the same address (scenario and panels), build B only. The address
  // bar takes a view change after a pause (a burst is one write), so wait for it first.
  await expect(old).toHaveURL(/view=[^&]*sweep/);
  const address = old.url();
  await notice(old).getByRole('button', { name: 'Reload' }).click();
  await expect.poll(async () => (await loaded(old)).release).toBe('B');
  expect(old.url()).toBe(address);
  await expect(ladderPackets(old)).toHaveCount(engine(QUERY).packets);
  await expect(old.getByLabel('x axis')).toBeVisible();
  const fresh = await loaded(old);
  expect(fresh.release).toBe('B');
  expect(ofBuild('B', fresh.assets), JSON.stringify(fresh)).toBe(true);
  await expect(notice(old)).toHaveCount(0);

  // Once no tab runs A, its cache goes.
  await visitor.reload();
  await expect(ladderPackets(visitor)).toHaveCount(engine(LATER).packets);
  expect((await loaded(visitor)).release).toBe('B');
  await expect.poll(() => old.evaluate(async () => (await caches.keys()).length)).toBe(1);
  expect([...watchOld.consoleErrors, ...watchVisitor.consoleErrors]).toEqual([]);
});

test('a tab left open alone learns of a deploy when the student comes back to it', async ({ context }) => {
  // The browser looks for a new service worker only when a page loads: with no other tab to
  // load one, the open tab never said a new version was ready.
  deployed = 'A';
  const url = `${server.origin}${BASE}`;
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${url}?${QUERY}`);
  await expect(ladderPackets(page)).toHaveCount(engine(QUERY).packets);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  deployed = 'B';
  const notice = page.getByRole('status').filter({ hasText: 'A new version of Roundtrip is ready' });
  await page.waitForTimeout(1000);
  await expect(notice).toHaveCount(0);
  // The student comes back to the tab.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(notice).toBeVisible({ timeout: 20_000 });
  expect((await loaded(page)).release).toBe('A');
  expect(watch.consoleErrors).toEqual([]);
});
