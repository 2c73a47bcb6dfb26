// The keyboard shortcuts are listed on the page, not only in tooltips: ? opens a dialog naming
// every key in words (the playback keys, the lesson keys, the ladder's), and so does a link beside
// the ladder's hint. The dialog is a labelled modal: Tab stays inside, Escape or Close close it
// and focus goes back to where it was. A ? typed in a field is a character.
import { expect, test, type Page } from '@playwright/test';
import { watchPage } from './helpers';
import { openLab } from './lab';

const shortcutsDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

test('? lists every shortcut in words; Escape closes the list and focus goes back', async ({ page }) => {
  const watch = watchPage(page);
  await openLab(page);
  const presets = page.getByRole('button', { name: 'Presets', exact: true });
  await presets.focus();
  await page.keyboard.press('Shift+Slash');
  const dialog = shortcutsDialog(page);
  await expect(dialog).toBeVisible();
  // The playback keys, the lesson keys, the ladder's keys and ? itself, each with what it does.
  const keys = await dialog
    .locator('[data-key]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
  expect(keys).toEqual(
    expect.arrayContaining(['k', ',', '.', '?', '[', ']', 'ArrowUp', 'ArrowDown', 'Escape']),
  );
  for (const [key, words] of [
    ['k', 'Play or pause'],
    [',', 'comma'],
    ['.', 'full stop'],
    ['[', 'Previous step'],
    [']', 'Next step'],
  ]) {
    await expect(dialog.locator('.shortcut', { has: page.locator(`[data-key="${key}"]`) })).toContainText(
      words,
    );
  }
  // The page's own keys are not for the page while the list is open.
  await page.keyboard.press('k');
  await expect(page.locator('[data-playing="true"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(presets).toBeFocused();
  expect(watch.consoleErrors).toEqual([]);
});

test("the link beside the ladder's hint opens the list; Tab stays inside; Close closes it", async ({
  page,
}) => {
  await openLab(page);
  const link = page.locator('[data-view="ladder"] .hint').getByRole('button', { name: 'Keyboard shortcuts' });
  await link.click();
  const dialog = shortcutsDialog(page);
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
});

test('a ? typed in a text field is a character; outside a field it opens the list', async ({ page }) => {
  await openLab(page);
  const field = page.locator('#a-rtt');
  await field.focus();
  await page.keyboard.press('Shift+Slash');
  await expect(field).toHaveValue(/\?/);
  await expect(shortcutsDialog(page)).toBeHidden();
  await field.blur();
  await page.keyboard.press('Shift+Slash');
  await expect(shortcutsDialog(page)).toBeVisible();
});

test("where the ladder's hint wraps, its last dot goes down with the shortcuts link", async ({ page }) => {
  for (const width of [640, 700, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await openLab(page);
    const hint = page.locator('[data-view="ladder"] .hint');
    const link = hint.getByRole('button', { name: 'Keyboard shortcuts' });
    await expect(link).toBeVisible();
    const tops = await hint.evaluate((el) => {
      // The last "·" in the hint's text, wherever it is in the markup.
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let dot: { node: Text; at: number } | null = null;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.textContent!.lastIndexOf('·');
        if (at >= 0) dot = { node: n as Text, at };
      }
      const range = document.createRange();
      range.setStart(dot!.node, dot!.at);
      range.setEnd(dot!.node, dot!.at + 1);
      const button = el.querySelector('button')!.getBoundingClientRect();
      return {
        dot: range.getBoundingClientRect().top,
        dotBottom: range.getBoundingClientRect().bottom,
        link: button.top,
        linkBottom: button.bottom,
      };
    });
    // Before, at 640 and 700 px the line ended in a "·" and the link began the next line alone.
    expect(tops.dot, `${width} px`).toBeLessThan(tops.linkBottom);
    expect(tops.dotBottom, `${width} px`).toBeGreaterThan(tops.link);
  }
});

test('with a slider or a checkbox focused the keys still act; AltGr typing ? opens the list', async ({
  page,
}) => {
  await openLab(page);
  // After a drag, focus stays on the slider: k had done nothing there.
  const slider = page.locator('.controls input[type="range"]').first();
  await slider.focus();
  await page.keyboard.press('k');
  await expect(page.locator('[data-playing="true"]')).toHaveCount(1);
  await page.keyboard.press('k');
  await expect(page.locator('[data-playing="true"]')).toHaveCount(0);
  const checkbox = page.locator('.controls input[type="checkbox"]').first();
  await checkbox.focus();
  await page.keyboard.press('Shift+Slash');
  await expect(shortcutsDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(checkbox).toBeFocused();
  // A layout that types ? with AltGr, which Windows reports as Ctrl and Alt held together.
  await page.evaluate(() =>
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: '?',
        ctrlKey: true,
        altKey: true,
        modifierAltGraph: true,
        bubbles: true,
      } as KeyboardEventInit),
    ),
  );
  await expect(shortcutsDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  // Ctrl and Alt without AltGr are the system's: no list.
  await page.evaluate(() =>
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: '?', ctrlKey: true, altKey: true, bubbles: true }),
    ),
  );
  await page.waitForTimeout(200);
  await expect(shortcutsDialog(page)).toBeHidden();
});
