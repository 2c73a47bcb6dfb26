import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';
import { scriptsBeforeFirstPicture } from '../scripts/first-picture.mjs';

/**
 * The budget of the JavaScript the default page fetches before its first picture, gzipped at
 * level 9: 115 KB (the README's performance table). Counted as `npm run bench:ui` counts it
 * (scripts/first-picture.mjs): scripts whose request started before the first redraw's mark.
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
  const files = await scriptsBeforeFirstPicture(page, '/');
  // The page's own scripts and the engine it runs the first page with.
  expect(files.some((n) => n.startsWith('index-'))).toBe(true);
  expect(files.some((n) => n.startsWith('runCore-'))).toBe(true);
  let bytes = 0;
  for (const name of files) bytes += gzipSync(await responses.get(name)!.body(), { level: 9 }).length;
  expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});
