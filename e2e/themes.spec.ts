// Light and dark: the page follows the system's scheme, a link's theme= wins, a bad value is
// reported; every main view colour reads against its background in both themes (WCAG contrast);
// reduced motion shows the final state instead of animating; the focused packet has a ring.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { engine, openLab, playheadNs } from './lab';

/** WCAG 2 relative luminance and contrast ratio of two CSS colours, computed in the page. */
async function contrasts(page: Page, pairs: [string, string][]): Promise<Record<string, number>> {
  return page.evaluate((list) => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const rgb = (colour: string) => {
      probe.style.color = colour;
      return (getComputedStyle(probe).color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    };
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r, g, b]: number[]) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const out: Record<string, number> = {};
    for (const [fg, bg] of list) {
      const [hi, lo] = [luminance(rgb(fg)), luminance(rgb(bg))].sort((x, y) => y - x);
      out[`${fg} on ${bg}`] = Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
    }
    probe.remove();
    return out;
  }, pairs);
}

async function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
    const alpha = getComputedStyle(document.body).backgroundColor.startsWith('rgba') ? 0 : 1;
    // A transparent body shows the root's background.
    const [R, G, B] =
      alpha === 0 && r === 0 && g === 0 && b === 0
        ? (getComputedStyle(document.documentElement).backgroundColor.match(/[\d.]+/g) ?? []).map(Number)
        : [r, g, b];
    return (0.2126 * R + 0.7152 * G + 0.0722 * B) / 255;
  });
}

test.describe('dark system scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('the page is dark; the header menu can switch it to light and back to the system', async ({
    page,
  }) => {
    await openLab(page, 'preset=heidemann-odd-final');
    expect(await bodyLuminance(page)).toBeLessThan(0.15);
    const theme = page.getByLabel('Theme');
    await theme.selectOption('light');
    expect(await bodyLuminance(page)).toBeGreaterThan(0.85);
    await page.reload();
    await expect(page.locator('[data-packet]').first()).toBeAttached();
    expect(await bodyLuminance(page)).toBeGreaterThan(0.85); // remembered
    await page.getByLabel('Theme').selectOption('system');
    expect(await bodyLuminance(page)).toBeLessThan(0.15);
  });

  test("stall bands take the dark fill of their cause's row (scenario/stallCauses.ts)", async ({ page }) => {
    await openLab(page, 'link=wan&loss=8&objects=20000&seed=3');
    const fill = (cause: string) =>
      page
        .locator(`[data-stall="${cause}"] > rect`)
        .first()
        .evaluate((el) => getComputedStyle(el).fill);
    expect(await fill('rto')).toBe('rgb(139, 128, 230)'); // #8b80e6: the light #332288 would vanish
    expect(await fill('cwnd')).toBe('rgb(0, 114, 178)'); // #0072B2 reads on both backgrounds
    // The callout's edge names its cause in the same colour as the cause's bands.
    const callout = page.locator('[data-callout]');
    const cause = (await callout.getAttribute('data-cause'))!;
    expect(await callout.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe(await fill(cause));
    await page.getByLabel('Theme').selectOption('light');
    expect(await fill('rto')).toBe('rgb(51, 34, 136)');
  });

  test("an SVG exported from the dark page carries the light theme's colours", async ({ page }, testInfo) => {
    await openLab(page, 'preset=heidemann-odd-final');
    const menu = page.locator('details.export-menu');
    await menu.locator('summary').click();
    const download = page.waitForEvent('download');
    await menu.locator('[data-export-view="ladder"] [data-export="svg"]').first().click();
    await (await download).saveAs(testInfo.outputPath('ladder.svg'));
    const svg = readFileSync(testInfo.outputPath('ladder.svg'), 'utf8');
    // The SYN's arrow in the light theme's near-black (#111111), not the dark theme's light grey.
    expect(svg).toMatch(/<path[^>]*data-packet="0"[^>]*style="[^"]*stroke:\s*rgb\(17, 17, 17\)/);
    // And the page itself is still dark afterwards.
    expect(await bodyLuminance(page)).toBeLessThan(0.15);
  });

  test('theme=light in an embed link wins over the dark system', async ({ page }) => {
    await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder');
    await expect(page.locator('[data-packet]').first()).toBeAttached();
    expect(await bodyLuminance(page)).toBeLessThan(0.15);
    await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder&theme=light');
    await expect(page.locator('[data-packet]').first()).toBeAttached();
    expect(await bodyLuminance(page)).toBeGreaterThan(0.85);
  });
});

test.describe('light system scheme', () => {
  test.use({ colorScheme: 'light' });

  test('the page is light; theme=dark in an embed link wins', async ({ page }) => {
    await openLab(page, 'preset=heidemann-odd-final');
    expect(await bodyLuminance(page)).toBeGreaterThan(0.85);
    await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder&theme=dark');
    await expect(page.locator('[data-packet]').first()).toBeAttached();
    expect(await bodyLuminance(page)).toBeLessThan(0.15);
  });

  test("the header's Theme choice on a link with theme= goes into the link, so a reload and Share keep it", async ({
    page,
  }) => {
    await openLab(page, 'preset=heidemann-odd-final&theme=dark');
    const theme = page.getByLabel('Theme');
    await expect(theme).toHaveValue('dark');
    await theme.selectOption('light');
    expect(await bodyLuminance(page)).toBeGreaterThan(0.85);
    // The link had kept theme=dark: reloaded (or shared), the page was dark again, the choice lost.
    const search = () => page.evaluate(() => window.location.search);
    await expect.poll(search).toBe('?v=1&preset=heidemann-odd-final&theme=light');
    await page.reload();
    await expect(page.locator('[data-packet]').first()).toBeAttached();
    await expect(theme).toHaveValue('light');
    expect(await bodyLuminance(page)).toBeGreaterThan(0.85);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.locator('[data-copy="link"] input')).toHaveValue(/theme=light$/);
    await page.keyboard.press('Escape');
    // System takes the key away; a link without one keeps none, whatever is chosen.
    await theme.selectOption('system');
    await expect.poll(search).toBe('?v=1&preset=heidemann-odd-final');
    await theme.selectOption('dark');
    await page.waitForTimeout(300);
    expect(await search()).toBe('?v=1&preset=heidemann-odd-final');
  });

  test('an unknown theme is reported and the system scheme applies', async ({ page }) => {
    await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder&theme=purple');
    await expect(page.locator('.notice')).toContainText('theme="purple": must be light or dark');
    expect(await bodyLuminance(page)).toBeGreaterThan(0.85);
  });
});

const TEXT = ['--ink', '--ink-soft', '--accent', '--good', '--bad', '--error', '--playhead'];
const GRAPHICS = [
  '--packet-data',
  '--packet-ack',
  '--packet-control',
  '--packet-retransmit',
  '--playhead',
  '--tsp-ack',
  '--tsp-window',
  '--tsp-cwnd',
  '--tsp-queue-drop',
  '--ink', // lifelines, axes
  '--focus',
  '--field-line', // form field borders
  ...Array.from({ length: 8 }, (_, i) => `--conn-${i + 1}`), // waterfall connections
];
const v = (name: string) => `var(${name})`;

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test(`the views' colours have WCAG contrast in the ${scheme} theme`, async ({ page }) => {
      await openLab(page, 'preset=heidemann-odd-final');
      // Text: 4.5:1 on the panels (--card), the page (--paper) and the tinted boxes.
      const text = await contrasts(page, [
        ...TEXT.flatMap((t): [string, string][] => [
          [v(t), v('--card')],
          [v(t), v('--paper')],
        ]),
        [v('--ink'), v('--tint')],
        [v('--ink'), v('--warn-bg')],
        [v('--ink'), v('--override-bg')],
        [v('--accent-ink'), v('--accent')],
      ]);
      for (const [pair, ratio] of Object.entries(text)) expect(ratio, pair).toBeGreaterThanOrEqual(4.5);
      // Graphics (arrows, lines, the playhead, the focus ring): 3:1 on the panels.
      const graphics = await contrasts(
        page,
        GRAPHICS.map((g): [string, string] => [v(g), v('--card')]),
      );
      for (const [pair, ratio] of Object.entries(graphics)) expect(ratio, pair).toBeGreaterThanOrEqual(3);
      // The views draw with the table: a data arrow's stroke is the theme's data colour.
      const [drawn, table] = await page.evaluate(() => {
        const arrow = document.querySelector('[data-packet]')!;
        const probe = document.createElement('span');
        probe.style.color = 'var(--packet-control)';
        document.body.append(probe);
        return [getComputedStyle(arrow).stroke, getComputedStyle(probe).color];
      });
      expect(drawn).toBe(table); // the first packet is the SYN
      // And the two themes differ: the background is dark only in the dark theme.
      const lum = await bodyLuminance(page);
      if (scheme === 'dark') expect(lum).toBeLessThan(0.15);
      else expect(lum).toBeGreaterThan(0.85);
    });
  });
}

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('autoplay shows the end of the run at once and stays there; no transitions', async ({ page }) => {
    const { endNs } = engine('preset=heidemann-odd-final');
    await page.goto('/?preset=heidemann-odd-final&embed=1&view=ladder&autoplay=1&t=0');
    await expect(page.locator('[data-packet]').first()).toBeAttached();
    // Animated, the run would take about a second; instead it never plays.
    for (const waitMs of [200, 600]) {
      await page.waitForTimeout(waitMs);
      expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0); // no retrying
      expect(await playheadNs(page)).toBe(endNs);
    }
    const transitions = await page.evaluate(
      () =>
        [...document.querySelectorAll('*')].filter((el) => {
          const style = getComputedStyle(el);
          return style.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
        }).length,
    );
    expect(transitions).toBe(0);
  });
});

test('the focused packet has a visible ring', async ({ page }) => {
  await openLab(page, 'preset=heidemann-odd-final');
  const packet = page.locator('[data-side="a"] [data-packet][tabindex="0"]').first();
  await packet.focus();
  await expect(packet).toBeFocused();
  const style = await packet.evaluate((el) => {
    const s = getComputedStyle(el);
    return { filter: s.filter, strokeWidth: parseFloat(s.strokeWidth) };
  });
  expect(style.filter).toContain('drop-shadow');
  expect(style.strokeWidth).toBeGreaterThanOrEqual(3);
});
