import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';

/**
 * The budget of the JavaScript the default page fetches before its first picture, gzipped at
 * level 9: 115 KB (the README's performance table). Counted as `npm run bench:ui` counts it
 * (scripts/bench-ui.mjs, jsBeforeFirstPicture): scripts whose request started before the first
 * redraw's mark.
 */
const FIRST_LOAD_BUDGET_BYTES = 115 * 1024;

test('the default page fetches no more JavaScript before its first picture than its budget', async ({
  page,
}) => {
  const responses = new Map<string, Response>();
  page.on('response', (response) => {
    const name = new URL(response.url()).pathname.split('/').pop()!;
    if (name.endsWith('.js')) responses.set(name, response);
  });
  await page.goto('/');
  await page.waitForFunction(() => (window.roundtripPerf?.redraws ?? 0) > 0, null, { timeout: 60_000 });
  const names = await page.evaluate(() => {
    const painted = performance.getEntriesByName('roundtrip:redraw')[0].startTime;
    return performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime < painted)
      .map((r) => new URL(r.name).pathname.split('/').pop()!)
      .filter((n) => n.endsWith('.js'));
  });
  const files = [...new Set(names)];
  // The page's own scripts and the engine it runs the first page with.
  expect(files.some((n) => n.startsWith('index-'))).toBe(true);
  expect(files.some((n) => n.startsWith('runCore-'))).toBe(true);
  let bytes = 0;
  for (const name of files) bytes += gzipSync(await responses.get(name)!.body(), { level: 9 }).length;
  expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});
