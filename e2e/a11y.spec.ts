// axe-core finds no serious or critical accessibility violations on the main views.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openLab } from './lab';
import { focusedText } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

test('default page, preset and comparison pass axe', async ({ page }) => {
  await openLab(page);
  expect(await seriousViolations(page)).toEqual([]);
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
  await expect(page.locator('[data-side="b"] [data-packet]').first()).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the preset gallery passes axe', async ({ page }) => {
  await openLab(page);
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await expect(page.locator('dialog.gallery td.within, dialog.gallery td.outside').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a phone-width page passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openLab(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the sweep panel and the lesson card pass axe', async ({ page }) => {
  await page.goto('/?sweep=kruse-fig2');
  await expect(page.locator('[data-sweep-status="done"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('#sweep summary', { hasText: 'Ready-made' }).click();
  await page.locator('#sweep summary', { hasText: 'Build a sweep' }).click();
  await page.locator('#sweep summary', { hasText: 'Values as a table' }).click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/?lesson=the-200ms-mystery&step=2');
  await expect(page.locator('[data-lesson-question]')).toBeVisible();
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.locator('[data-lesson-explain]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  await expect(page.locator('[data-lesson-card]').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Share dialog passes axe', async ({ page }) => {
  await openLab(page, 'preset=heidemann-odd-final');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this scenario' });
  await dialog.getByLabel('Play from the start when it loads').check();
  await expect(dialog.locator('iframe')).toHaveAttribute('src', /autoplay=1/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Keyboard shortcuts dialog passes axe', async ({ page }) => {
  await openLab(page);
  await page.keyboard.press('Shift+Slash');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('embed mode passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto(
    '/?preset=heidemann-odd-final&embed=1&view=ladder&controls=nagle,delack&note=Find%20the%20stall',
  );
  await expect(page.locator('[data-side="a"] [data-packet]').first()).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test.slow(); // axe over a whole comparison takes a while on a busy machine

  test('a comparison and the Share dialog pass axe in the dark theme', async ({ page }) => {
    await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
    await expect(page.locator('[data-side="b"] [data-packet]').first()).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('dialog', { name: 'Share this scenario' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the default page's lesson invitation and the Keyboard shortcuts dialog pass axe in the dark theme", async ({
    page,
  }) => {
    await openLab(page);
    await expect(page.locator('[data-lesson-invite]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Shift+Slash');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a lesson embed, unfolded, passes axe in the dark theme', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto('/?lesson=the-200ms-mystery&step=2&embed=1&view=ladder&controls=nagle,delack,flush');
    await expect(page.locator('[data-side="a"] [data-packet]').first()).toBeAttached();
    await page.getByRole('button', { name: 'Read step' }).click();
    await page.getByRole('button', { name: /^Settings/ }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the phone settings drawer passes axe in the dark theme', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openLab(page, 'preset=heidemann-odd-final');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('a click or a tap outside closes the Panels and Export menus; another menu opens in its place', async ({
  browser,
}) => {
  for (const device of [
    { viewport: { width: 1440, height: 900 } },
    { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
  ]) {
    const context = await browser.newContext(device);
    const page = await context.newPage();
    await openLab(page);
    const menu = (name: string) =>
      page.locator('details', { has: page.locator('summary', { hasText: new RegExp(`^${name}$`) }) });
    const press = (target: Locator) => (device.hasTouch ? target.tap() : target.click());
    for (const name of ['Panels', 'Export']) {
      await press(menu(name).locator('summary'));
      await expect(menu(name)).toHaveAttribute('open', '');
      await expect(menu(name).locator('input, button').first()).toBeVisible();
      // The list lies on the screen, at a phone's width too.
      const list = (await menu(name).locator('fieldset, .export-items').first().boundingBox())!;
      expect(list.x).toBeGreaterThanOrEqual(0);
      expect(list.x + list.width).toBeLessThanOrEqual(device.viewport.width);
      // A click inside the menu, on a caption, leaves it open.
      await press(menu(name).locator('legend, .export-label').first());
      await expect(menu(name)).toHaveAttribute('open', '');
      await press(page.locator('.site-header h1'));
      await expect(menu(name)).not.toHaveAttribute('open', '');
    }
    await press(menu('Panels').locator('summary'));
    await press(menu('Export').locator('summary'));
    await expect(menu('Export')).toHaveAttribute('open', '');
    await expect(menu('Panels')).not.toHaveAttribute('open', '');
    await context.close();
  }
});

test('Escape closes the Panels and Export menus and gives focus back to their button', async ({ page }) => {
  await openLab(page);
  for (const name of ['Panels', 'Export']) {
    const menu = page.locator('details', {
      has: page.locator('summary', { hasText: new RegExp(`^${name}$`) }),
    });
    const summary = menu.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('open', '');
    // The Export menu's entries load when it first opens.
    await expect(menu.locator('input, button').first()).toBeVisible();
    // Into the menu, as a keyboard user goes, then out with Escape.
    await page.keyboard.press('Tab');
    await expect(menu.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open', '');
    await expect(summary).toBeFocused();
  }
});

test('Tab out of the Panels or Export menu closes it, so it covers nothing the keyboard reaches', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const name of ['Panels', 'Export']) {
    await openLab(page, 'v=1&link=wan');
    const menu = page.locator('details', {
      has: page.locator('summary', { hasText: new RegExp(`^${name}$`) }),
    });
    await menu.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(menu.locator('input, button').first()).toBeVisible();
    // Through the menu's entries and on, as a keyboard user goes, to the callout's first button.
    const compare = page.getByRole('button', { name: 'Compare side by side' });
    for (let tabs = 0; tabs < 30 && !(await compare.evaluate((b) => b === document.activeElement)); tabs++)
      await page.keyboard.press('Tab');
    await expect(compare).toBeFocused();
    await expect(menu).not.toHaveAttribute('open', '');
    // The focused button is the one on top at its centre: the open menu's rows had covered it.
    const onTop = await compare.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(onTop, `${name}: the button is not covered`).toBe(true);
  }
});

test("each Export button is named for what it exports: its row's label, then its format", async ({
  page,
}) => {
  // The picture buttons had been named by their text alone, "SVG", "PNG", "SVG"...: a screen
  // reader never said which picture a button saves.
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0');
  const menu = page.locator('details.export-menu');
  await menu.locator('summary').focus();
  await page.keyboard.press('Enter');
  const items = menu.locator('.export-items');
  await expect(items.locator('[data-export="png"]').first()).toBeVisible();
  const names = [...(await items.ariaSnapshot()).matchAll(/- button "([^"]*)"/g)].map((m) => m[1]);
  const trace = (side: string) => ['pcap', 'tcpdump text', 'JSON', 'HAR'].map((f) => `Trace ${side} ${f}`);
  const pictures = (view: string) => [`${view} SVG`, `${view} PNG`];
  expect(names).toEqual([
    ...trace('(A)'),
    ...trace('(B)'),
    ...pictures('Packet ladder (A)'),
    ...pictures('Packet ladder (B)'),
    ...pictures('Time-sequence plot (A)'),
    ...pictures('Time-sequence plot (B)'),
    ...pictures('Waterfall (A)'),
    ...pictures('Waterfall (B)'),
    ...pictures('Where did the time go'),
  ]);
  // What the buttons show is unchanged.
  expect(await items.locator('[data-export-view] button').allTextContents()).toEqual(
    Array.from({ length: 7 }, () => ['SVG', 'PNG']).flat(),
  );
});

test("on a touch screen the embed builder's choices are targets a finger can hit", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await openLab(page);
  await page.getByRole('button', { name: 'Share', exact: true }).tap();
  const choices = page.locator('[name="embed-control"]');
  await expect(choices.first()).toBeVisible();
  // About 45 checkboxes had been 13 px boxes in rows 22 px apart.
  for (const i of [0, 1, 2]) {
    const row = (await choices.nth(i).locator('xpath=..').boundingBox())!;
    const box = (await choices.nth(i).boundingBox())!;
    expect(row.height).toBeGreaterThanOrEqual(36);
    expect(box.width).toBeGreaterThanOrEqual(20);
  }
  await context.close();
});

test('covering the page, the Settings drawer is a modal dialog: focus goes in, the page behind is inert, Escape brings it back', async ({
  browser,
}) => {
  for (const device of [
    { viewport: { width: 320, height: 640 } },
    { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
  ]) {
    const context = await browser.newContext(device);
    const page = await context.newPage();
    await openLab(page);
    const opener = page.getByRole('button', { name: 'Settings', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const inDrawer = () => page.evaluate(() => !!document.activeElement?.closest('#controls'));
    await expect.poll(inDrawer).toBe(true);
    expect(await focusedText(page)).toBe('Close settings');
    // The views behind it, and the figures among them, are out of reach.
    await expect(page.locator('main')).toHaveAttribute('inert', '');
    await expect(page.locator('[inert] [data-view="ladder"]')).toHaveCount(1);
    // A role its element may take (an aside may not be a dialog).
    const roles = await new AxeBuilder({ page })
      .withRules(['aria-allowed-role'])
      .include('#controls')
      .analyze();
    expect(roles.violations.map((v) => v.id)).toEqual([]);
    // Shift+Tab from its first control leaves the page rather than reach the views behind it.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main, .settings-bar'))).toBe(false);
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
    await expect(page.locator('[inert]')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  }
});

test('beside the views on a wide screen, the settings are no dialog and the page is not inert', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLab(page);
  await expect(page.locator('#controls')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[inert]')).toHaveCount(0);
});

test('widened past the drawer while it is open (a tablet turned), the settings sit beside the views and the page is not inert', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 1100 });
  await openLab(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('inert', '');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('[inert]')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The views take clicks again.
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await expect(page.locator('dialog.gallery')).toBeVisible();
});
