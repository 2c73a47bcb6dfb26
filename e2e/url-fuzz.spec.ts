// Random and malformed links never break the page: the heading shows, nothing is thrown, and
// whatever the parser could not read is listed in the problems notice.
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { parseQuery } from '../src/scenario/codec';
import { readLocation } from '../src/ui/state/useScenario';
import { watchPage } from './helpers';

const keys = fc.constantFrom(
  'preset',
  'nagle',
  'b.nagle',
  'delack',
  'rtt',
  'bw',
  'objects',
  'http',
  'conns',
  'loss',
  'window',
  'v',
  't',
  'view',
  'embed',
  'controls',
  'autoplay',
  'note',
  'b.iw',
  'b.preset',
  'bogus',
  'b.',
  '',
  '%',
  '&&',
);
const values = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    'heidemann-odd-final',
    'heidemann-table1-phttp-fix2',
    'ladder,tsp',
    'nagle,flush',
    '-1',
    '1e9',
    'NaN',
    '%zz',
    '<script>',
    '200',
    '',
  ),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -1e6, max: 1e10 }).map(String),
);
const query = fc
  .array(fc.tuple(keys, values), { minLength: 0, maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v.replace(/[#&]/g, encodeURIComponent)}`).join('&'));

const SAMPLES = fc.sample(query, { numRuns: 50, seed: 20261121 });

test('50 random and malformed links each show the lab or the embed, with their problems listed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const watch = watchPage(page);
  for (const q of SAMPLES) {
    await page.goto(`/?${q}`);
    const embed = new URLSearchParams(q).get('embed') === '1';
    await expect(page.locator('h1'), q).toBeVisible();
    if (!embed) await expect(page.locator('h1'), q).toHaveText('Roundtrip');
    const problems = readLocation(`?${q}`).problems.length > 0 || parseQuery(q).problems.length > 0;
    if (problems) await expect(page.locator('[data-problems]'), q).toBeVisible();
    // Either views or the loading/failed line: never an empty main area.
    await expect(page.locator('[data-side="a"] [data-packet], .loading').first(), q).toBeAttached();
    expect(watch.consoleErrors, q).toEqual([]);
  }
  expect(watch.foreignRequests).toEqual([]);
});
