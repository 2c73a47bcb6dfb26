// Static hosting as on GitHub Pages: the build served under a sub-path (/some-repo/) loads and
// runs, a missing address leads back to the app keeping the scenario, and once loaded the app
// works offline (service worker).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';
import { engine, ladderPackets } from './lab';
import { servePages, type PagesServer } from './pagesServer';

const BASE = '/some-repo/';

let dir = '';
let server: PagesServer;
let origin = '';

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roundtrip-pages-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, ROUNDTRIP_BASE_PATH: BASE },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  server = await servePages(BASE, () => dir);
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const QUERY = 'preset=heidemann-odd-final&nagle=0';

test('the build runs under a sub-path, and a missing address leads back to the app', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto(`${origin}${BASE}?${QUERY}`);
  await expect(page.locator('h1')).toHaveText('Roundtrip');
  await expect(ladderPackets(page)).toHaveCount(engine(QUERY).packets);

  await page.goto(`${origin}${BASE}no/such/page?${QUERY}`);
  // The app may already have written its canonical address (v=1 first) by the time this looks.
  await expect(page).toHaveURL(new URL(`${origin}${BASE}?${QUERY}`).href.replace('?', '?v=1&'), {
    timeout: 15_000,
  });
  await expect(ladderPackets(page)).toHaveCount(engine(QUERY).packets);
  expect(watch.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);

  // Without scripts, the 404 page still offers a plain link to the app.
  const html = readFileSync(join(dir, '404.html'), 'utf8');
  expect(html).toContain(`<a id="to-app" href="${BASE}">`);
  expect(html).not.toMatch(/<script>(?!<)/);
});

test('once loaded, the app works offline from its service worker', async ({ page, context }) => {
  const watch = watchPage(page);
  await page.goto(`${origin}${BASE}?${QUERY}`);
  await expect(ladderPackets(page).first()).toBeAttached();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The worker's code waited for the first picture (it is not needed for it).
  const [drawnAt, workerCodeAt] = await page.evaluate(() => [
    performance.getEntriesByName('roundtrip:redraw')[0]?.startTime,
    performance.getEntriesByType('resource').find((r) => /\/UpdateNotice-[^/]*\.js$/.test(r.name))?.startTime,
  ]);
  expect(workerCodeAt).toBeGreaterThan(drawnAt!);

  await context.setOffline(true);
  await page.goto(`${origin}${BASE}?preset=heidemann-odd-final`);
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final').packets);
  await context.setOffline(false);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test('offline, on a host that varies its files by Origin, the app reloads and its panels open', async ({
  page,
  context,
}) => {
  // A CDN or `vite preview` answers `Vary: Origin`; a module script is asked for with an Origin,
  // its precached copy was not: matched on the header too, every script missed the cache, the
  // panels not loaded yet failed to open, and a reload came up blank.
  const varying = await servePages(BASE, () => dir, { vary: 'Origin' });
  try {
    const url = `${varying.origin}${BASE}`;
    const watch = watchPage(page);
    await page.goto(`${url}?${QUERY}`);
    await expect(ladderPackets(page)).toHaveCount(engine(QUERY).packets);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this scenario' });
    await expect(share.locator('[data-copy="embed"] textarea')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(`${url}?preset=heidemann-odd-final`);
    await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final').packets);
    await page.getByRole('button', { name: 'Lessons', exact: true }).click();
    await expect(page.locator('[data-lesson-card]').first()).toBeVisible();
    await context.setOffline(false);
    expect(watch.consoleErrors).toEqual([]);
  } finally {
    await varying.close();
  }
});
