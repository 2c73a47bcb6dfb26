// Two presets side by side (`b.preset=`): a paper's row before its fix as A, after it as B. Each
// side must be its own preset's run, as that preset opened alone shows it.
import { expect, test, type Page } from '@playwright/test';
import { findPreset } from '../src/scenario/presets';
import { watchPage } from './helpers';
import { ladderPackets, openLab } from './lab';

const A = 'heidemann-table1-phttp';
const B = 'heidemann-table1-phttp-fix2';

/** The figures table's values for one side (`data-metric` for A, `data-metric-b` for B). */
async function figures(page: Page, attr: 'data-metric' | 'data-metric-b'): Promise<Record<string, string>> {
  const cells = page.locator(`[data-metrics] [${attr}][data-value]`);
  await expect(cells.first()).toBeAttached();
  return Object.fromEntries(
    await cells.evaluateAll(
      (els, name) => els.map((el) => [el.getAttribute(name)!, el.getAttribute('data-value')!]),
      attr,
    ),
  );
}

async function alone(page: Page, preset: string) {
  await openLab(page, `preset=${preset}`);
  return { figures: await figures(page, 'data-metric'), packets: await ladderPackets(page).count() };
}

test("a link with b.preset compares two presets: each side is its own preset's run", async ({ page }) => {
  const soloA = await alone(page, A);
  const soloB = await alone(page, B);
  expect(soloA.figures).not.toEqual(soloB.figures); // else the check below proves nothing

  const watch = watchPage(page);
  await openLab(page, `v=1&preset=${A}&b.preset=${B}`);
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  expect(await figures(page, 'data-metric')).toEqual(soloA.figures);
  expect(await figures(page, 'data-metric-b')).toEqual(soloB.figures);
  await expect(ladderPackets(page, 'a')).toHaveCount(soloA.packets);
  await expect(ladderPackets(page, 'b')).toHaveCount(soloB.packets);

  // The captions name both presets.
  const captions = page.locator('[data-view="ladder"] .side-caption');
  await expect(captions.first()).toHaveText(`A: ${findPreset(A)!.title}`);
  await expect(captions.nth(1)).toHaveText(`B: ${findPreset(B)!.title}`);
  // The figures table gives each preset's paper row: Table 1's rows 2 and 4, 605 ms and 26 ms.
  const paper = page.locator('[data-metrics] tr[data-row^="paper"] th');
  await expect(paper).toHaveText([
    `Paper, A (${findPreset(A)!.source})`,
    `Paper, B (${findPreset(B)!.source})`,
  ]);
  await expect(page.locator('[data-metrics] [data-paper-metric="elapsed_s"]')).toHaveText('0.605');
  await expect(page.locator('[data-metrics] [data-paper-b-metric="elapsed_s"]')).toHaveText('0.0260');
  // The page writes the link back as it came.
  await expect.poll(() => page.evaluate(() => window.location.search)).toBe(`?v=1&preset=${A}&b.preset=${B}`);
  expect(watch.consoleErrors).toEqual([]);
});

test("the gallery's Compare as B puts a preset beside the scenario open now", async ({ page }) => {
  const soloB = await alone(page, B);
  await openLab(page, `preset=${A}`);
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  const card = page.locator(`[data-preset="${B}"]`);
  await card.getByRole('button', { name: 'Compare as B' }).click();
  await expect(page.locator('dialog.gallery')).not.toBeVisible();
  await expect(ladderPackets(page, 'b')).toHaveCount(soloB.packets);
  expect(await figures(page, 'data-metric-b')).toEqual(soloB.figures);
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe(`?v=1&preset=${A}&b.preset=${B}&edit=b`);
  // The open preset's own card offers no comparison with itself.
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await expect(
    page.locator(`[data-preset="${A}"]`).getByRole('button', { name: 'Compare as B' }),
  ).toHaveCount(0);
});

test('an embed of two presets, and its embed code, are titled with both', async ({ page }) => {
  // The shared source is said once.
  const both = 'P-HTTP with both problems against P-HTTP with both fixes (Heidemann Table 1)';
  await openLab(page, `preset=${A}&b.preset=${B}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const code = page
    .getByRole('dialog', { name: 'Share this scenario' })
    .locator('[data-copy="embed"] textarea');
  await expect(code).toHaveValue(new RegExp(`title="Roundtrip: ${both.replace(/[().]/g, '\\$&')}"`));

  await page.goto(`/?preset=${A}&b.preset=${B}&embed=1&view=ladder`);
  await expect(page.locator('.embed-title')).toHaveText(both);
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  // One preset alone keeps its own title.
  await page.goto(`/?preset=${A}&embed=1&view=ladder`);
  await expect(page.locator('.embed-title')).toHaveText(findPreset(A)!.title);
});

test("the preset card tells both presets' stories when B starts from a preset of its own", async ({
  page,
}) => {
  await openLab(page, `preset=${A}&b.preset=${B}`);
  const card = page.locator(`[data-preset-info="${A}"]`);
  await expect(card.locator('h2')).toHaveText(`A: ${findPreset(A)!.title}`);
  const b = card.locator(`[data-preset-b="${B}"]`);
  await expect(b.locator('h3')).toHaveText(`B: ${findPreset(B)!.title}`);
  await expect(b).toContainText(findPreset(B)!.source);
  await expect(b.locator('p').nth(1)).not.toBeEmpty(); // the story, loaded with A's
  // A's hints and A's figures come before B's part, so neither is read as B's; the table says it is A's.
  const after = (selector: string) =>
    card.evaluate((el, sel) => {
      const mine = el.querySelector(sel);
      const side = el.querySelector('[data-preset-b]');
      return mine && side ? mine.compareDocumentPosition(side) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
    }, selector);
  expect(await after('.try-next')).toBeGreaterThan(0);
  expect(await after('table')).toBeGreaterThan(0);
  await expect(card.locator('table')).toContainText('Paper vs run A');
  // One preset alone, or B from A's own preset, keeps the card as it was.
  await openLab(page, `preset=${A}`);
  await expect(page.locator(`[data-preset-info="${A}"] h2`)).toHaveText(findPreset(A)!.title);
  await expect(page.locator('[data-preset-b]')).toHaveCount(0);
});

test('choosing another preset for A, from the picker or the gallery, keeps B on its own preset', async ({
  page,
}) => {
  const A2 = 'heidemann-table1-phttp-fix1';
  const soloB = await alone(page, B);
  const soloA2 = await alone(page, A2);
  await openLab(page, `preset=${A}&b.preset=${B}`);
  // The picker says it chooses A's scenario, whichever side the knobs change, and names B's.
  await page.getByLabel('B only').check();
  await expect(page.locator('label[for="preset-select"]')).toHaveText('Scenario of side A');
  await expect(page.locator('[data-b-scenario]')).toHaveText(`Side B starts from ${findPreset(B)!.title}.`);
  await page.locator('#preset-select').selectOption(A2);
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe(`?v=1&preset=${A2}&b.preset=${B}&edit=b`);
  await expect(ladderPackets(page, 'b')).toHaveCount(soloB.packets);
  expect(await figures(page, 'data-metric-b')).toEqual(soloB.figures);
  await expect(ladderPackets(page, 'a')).toHaveCount(soloA2.packets);

  // In a comparison the gallery says which side a preset loads into, and offers B's own as B no more.
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await expect(
    page.locator(`[data-preset="${B}"]`).getByRole('button', { name: 'Compare as B' }),
  ).toHaveCount(0);
  await page.locator(`[data-preset="${A}"]`).getByRole('button', { name: 'Load as A', exact: true }).click();
  await expect
    .poll(() => page.evaluate(() => window.location.search))
    .toBe(`?v=1&preset=${A}&b.preset=${B}&edit=b`);
  expect(await figures(page, 'data-metric-b')).toEqual(soloB.figures);
});

for (const [width, height] of [
  [390, 844],
  [400, 300],
]) {
  test(`a ${width} × ${height} embed of two presets shows its whole title, beside its link out`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/?preset=${A}&b.preset=${B}&embed=1&view=ladder`);
    const title = page.locator('.embed-title');
    await expect(title).toHaveText(/ against P-HTTP with both fixes \(Heidemann Table 1\)$/);
    await expect(ladderPackets(page, 'b').first()).toBeAttached();
    // Nothing of it cut: its text fits its box, the box is in the frame and clear of the link.
    const box = await title.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const link = el.parentElement!.querySelector('.embed-open')!.getBoundingClientRect();
      return { cut: el.scrollWidth > el.clientWidth, left: r.left, right: r.right, linkLeft: link.left };
    });
    expect(box.cut).toBe(false);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(box.linkLeft);
    await expect(page.getByRole('link', { name: /Open in Roundtrip/ })).toBeInViewport();
  });
}

for (const [width, height] of [
  [640, 360],
  [800, 500],
]) {
  test(`a ${width} × ${height} embed of two presets shows both ladders in its frame, level`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/?preset=${A}&b.preset=${B}&embed=1&view=ladder`);
    await expect(ladderPackets(page, 'b').first()).toBeAttached();
    // Stacked, each ladder at its least height, B had begun below the frame.
    const box = (side: 'a' | 'b') =>
      page.locator(`[data-side="${side}"] .ladder-scroll`).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      });
    const [a, b] = [await box('a'), await box('b')];
    expect(b.bottom).toBeLessThanOrEqual(height);
    expect(a.bottom).toBeLessThanOrEqual(height);
    expect(Math.abs(a.top - b.top)).toBeLessThanOrEqual(2);
  });
}
