// Say what is on screen: the scenario box marks a changed preset and resets it in one click,
// every control carries its schema label and a formatted value, the link's help follows the
// link, a preset's hints apply themselves, and a sweep link opens with the sweep in view.
import { expect, test, type Page } from '@playwright/test';
import { LINKS } from '../src/scenario/links';
import { CONFIG_KEYS } from '../src/scenario/schema';
import { engine, ladderPackets, ladderStalls, openLab } from './lab';

const selectedScenario = (page: Page) => page.locator('#preset-select option:checked');
const search = (page: Page) => page.evaluate(() => window.location.search);

test('a changed preset says "(modified)" and one click resets it', async ({ page }) => {
  await openLab(page, 'preset=heidemann-odd-final');
  await expect(selectedScenario(page)).not.toContainText('(modified)');
  await expect(page.locator('[data-modified]')).toHaveCount(0);

  await page.locator('#a-nagle').uncheck();
  await expect(selectedScenario(page)).toContainText('The odd, short final segment');
  await expect(selectedScenario(page)).toContainText('(modified)');
  await expect(page.locator('[data-modified]')).toContainText("Nagle's algorithm");
  await expect(page.locator('label[for="preset-select"]')).toHaveText('Scenario (modified)');

  await page.getByRole('button', { name: 'Reset to the preset' }).click();
  await expect(selectedScenario(page)).not.toContainText('(modified)');
  await expect(page.locator('[data-modified]')).toHaveCount(0);
  await expect(page.locator('label[for="preset-select"]')).toHaveText('Scenario');
  await expect(page.locator('#a-nagle')).toBeChecked();
  await expect.poll(() => search(page)).not.toContain('nagle');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final').packets);
});

test('a changed default scenario says "(modified)" too, and resets to the defaults', async ({ page }) => {
  await openLab(page);
  await expect(selectedScenario(page)).toContainText('Default');
  await page.locator('#a-delack').selectOption('off');
  await expect(selectedScenario(page)).toHaveText('Default: Yahoo 1996, 10 Mb LAN (modified)');
  // Over another link the default's name ("10 Mb LAN") would be untrue: a custom scenario.
  await page.getByLabel('Link type').selectOption('geo');
  await expect(selectedScenario(page)).toHaveText('Custom scenario');
  await expect(page.locator('label[for="preset-select"]')).toHaveText('Scenario (modified)');
  await expect(page.locator('[data-modified]')).toContainText('Link type');
  await page.getByRole('button', { name: 'Reset to the defaults' }).click();
  await expect(selectedScenario(page)).toHaveText('Default: Yahoo 1996, 10 Mb LAN');
  await expect(page.getByLabel('Link type')).toHaveValue('ethernet10');
  await expect(ladderPackets(page)).toHaveCount(engine('').packets);
});

test("the default's link at another round trip or bandwidth is a custom scenario; a lossy LAN is still the default's", async ({
  page,
}) => {
  // "10 Mb LAN" had named a 250 ms path, and a 1 Mb/s one.
  for (const query of ['rtt=250', 'bw=1000000', 'rtt=250&nagle=0']) {
    await openLab(page, query);
    await expect(selectedScenario(page), query).toHaveText('Custom scenario');
    await expect(page.getByRole('button', { name: 'Reset to the defaults' })).toBeVisible();
  }
  for (const query of ['nagle=0', 'loss=2', 'queue=5', 'mss=536']) {
    await openLab(page, query);
    await expect(selectedScenario(page), query).toHaveText('Default: Yahoo 1996, 10 Mb LAN (modified)');
  }
});

test('no control is labelled with a raw key, with every setting shown', async ({ page }) => {
  const raw = new Set(CONFIG_KEYS.flatMap((k) => [k, k.charAt(0).toUpperCase() + k.slice(1)]));
  const seen = new Set<string>();
  // Between them these show every setting: pipelining, compression, repeated loads and a custom
  // page on one; HTTP/1.0 connections and the pm-images page on the other; HTTP/2's window and
  // TLS 1.2's False Start on the third; a server process pool and revalidation on the fourth;
  // HTTP/3's window on the fifth; Kruse's loop of pages (several loads of a Kruse page) on the sixth.
  for (const query of [
    'preset=nielsen-lan-pipe-gzip-first&loads=2&page=custom',
    'preset=pm-remote-2544&http=1.0',
    'http=2&tls=1.2',
    'sprocs=4&visit=revalidate',
    'http=3',
    'preset=kruse-acts',
  ]) {
    await openLab(page, query);
    for (const key of await page
      .locator('.controls [data-key]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-key')!)))
      seen.add(key);
    const labels = await page
      .locator('.controls label, .controls [aria-label]')
      .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim()));
    expect(labels.length).toBeGreaterThan(40);
    for (const text of labels) {
      const name = text.replace(/\s*\(.*\)$/, '').replace(/ slider$/, '');
      expect(raw.has(text) || raw.has(name), text).toBe(false);
    }
  }
  expect([...seen].sort()).toEqual([...CONFIG_KEYS].sort());
});

test('numbers are shown formatted in their unit', async ({ page }) => {
  await openLab(page);
  await expect(page.locator('[data-key="bw"] [data-readout]')).toHaveText("10 Mb/s (the link's)");
  await expect(page.locator('[data-key="window"] [data-readout]')).toHaveText('16 KB');
  await expect(page.locator('[data-key="delackms"] [data-readout]')).toHaveText('200 ms (inherited)');
  await page.getByLabel('Link type').selectOption('ppp28k');
  await expect(page.locator('[data-key="bw"] [data-readout]')).toHaveText("28.8 kb/s (the link's)");
  await page.locator('#a-bw').fill('1544000');
  await expect(page.locator('[data-key="bw"] [data-readout]')).toHaveText('1.54 Mb/s');
});

test("the link type's help describes the link chosen", async ({ page }) => {
  await openLab(page);
  const help = page.locator('[data-key="link"] [data-value-help]');
  const text = (key: string) => LINKS.find((l) => l.key === key)!.help;
  await expect(help).toHaveText(text('ethernet10'));
  await page.getByLabel('Link type').selectOption('geo');
  await expect(help).toHaveText(text('geo'));
  await expect(help).not.toHaveText(text('ethernet10'));
  const describedBy = await page.getByLabel('Link type').getAttribute('aria-describedby');
  expect(describedBy?.split(' ')).toContain(await help.getAttribute('id'));
});

test('a "Try next" button applies its settings', async ({ page }) => {
  await openLab(page, 'preset=heidemann-odd-final');
  await expect(ladderStalls(page, 'nagle').first()).toBeAttached();
  const hint = page.locator('[data-preset-info] [data-try="nagle.server=0"]');
  await expect(hint).toContainText('Turn Nagle off on the server');
  await hint.getByRole('button', { name: 'Try it' }).click();
  await expect(page.locator('#a-nagle-server')).toHaveValue('0');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-odd-final&nagle.server=0').packets);
  await expect(ladderStalls(page, 'nagle')).toHaveCount(0);
  await expect(selectedScenario(page)).toContainText('(modified)');
  await expect.poll(() => search(page)).toContain('nagle.server=0');
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a sweep link opens with the sweep in view (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/?sweep=kruse-fig2');
    await expect(page.locator('[data-sweep-point]')).toHaveCount(16, { timeout: 30_000 });
    await expect(page.locator('[data-panel="sweep"]')).toBeInViewport();
    await expect(page.locator('[data-panel="sweep"]')).toContainText('Response time against connections');
  });
}

test('the header has a Sweep entry that opens the sweep panel in view', async ({ page }) => {
  await openLab(page, 'preset=heidemann-odd-final');
  await expect(page.locator('[data-panel="sweep"]')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Page' }).getByRole('button', { name: 'Sweep' }).click();
  await expect(page.locator('[data-panel="sweep"]')).toBeInViewport();
  await expect(page.locator('[data-panel="sweep"]')).toContainText('Ready-made sweeps');
  await expect.poll(() => search(page)).toContain('sweep');
  // Pressed again after scrolling away, it brings the panel back into view.
  await page.locator('[data-side="a"] [data-packet]').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 3000);
  await expect(page.locator('[data-panel="sweep"]')).not.toBeInViewport();
  await page.getByRole('navigation', { name: 'Page' }).getByRole('button', { name: 'Sweep' }).click();
  await expect(page.locator('[data-panel="sweep"]')).toBeInViewport();
});
