// Back and Forward walk through the student's actions inside the lab: each discrete action (a
// "Try ..." button, a preset, compare on/off) is one entry; a dragged slider is one entry.
import { expect, test, type Page } from '@playwright/test';
import { watchPage } from './helpers';
import { engine, ladderPackets, ladderStalls, openLab, playheadNs } from './lab';

const search = (page: Page) => page.evaluate(() => window.location.search);
const historyLength = (page: Page) => page.evaluate(() => window.history.length);

test('Back after "Try ..." brings the stall and its link back; Forward removes it again', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openLab(page);
  const callout = page.locator('[data-callout]');
  await expect(callout).toHaveAttribute('data-cause', 'delayed-ack');
  await expect(ladderStalls(page, 'delayed-ack')).not.toHaveCount(0);
  await expect.poll(() => search(page)).toContain('v=1');
  const before = await search(page);

  await callout.getByRole('button', { name: /^Try / }).click();
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(0);
  await expect.poll(() => search(page)).not.toBe(before);
  const after = await search(page);

  await page.goBack();
  await expect(ladderStalls(page, 'delayed-ack')).not.toHaveCount(0);
  await expect(callout).toHaveAttribute('data-cause', 'delayed-ack');
  expect(await search(page)).toBe(before);
  await expect(ladderPackets(page)).toHaveCount(engine(before.slice(1)).packets);

  await page.goForward();
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(0);
  expect(await search(page)).toBe(after);
  expect(watch.consoleErrors).toEqual([]);
});

test('Back and Forward step across a preset load and a compare toggle, one action each', async ({ page }) => {
  await openLab(page);
  const start = engine('');
  const odd = engine('preset=heidemann-odd-final');
  await page.locator('#preset-select').selectOption('heidemann-odd-final');
  await expect(ladderPackets(page)).toHaveCount(odd.packets);
  await page.getByRole('button', { name: 'Compare A/B' }).click();
  await expect(ladderPackets(page, 'b')).toHaveCount(odd.packets);
  await expect.poll(() => search(page)).toContain('ab');

  await page.goBack();
  await expect(ladderPackets(page, 'b')).toHaveCount(0);
  await expect(ladderPackets(page)).toHaveCount(odd.packets);
  expect(await search(page)).toContain('preset=heidemann-odd-final');

  await page.goBack();
  await expect(ladderPackets(page)).toHaveCount(start.packets);
  expect(await search(page)).not.toContain('preset=');
  await expect(page.locator('#preset-select')).toHaveValue('');

  await page.goForward();
  await expect(ladderPackets(page)).toHaveCount(odd.packets);
  await expect(page.locator('#preset-select')).toHaveValue('heidemann-odd-final');
  await page.goForward();
  await expect(ladderPackets(page, 'b')).toHaveCount(odd.packets);
});

test('a dragged slider makes one history entry, and Back returns to the value before the drag', async ({
  page,
}) => {
  await openLab(page);
  const text = page.locator('#a-rtt');
  const slider = page.locator('.number-input:has(#a-rtt) input[type="range"]');
  const startValue = await text.inputValue();
  await expect.poll(() => search(page)).toContain('v=1');
  const entries = await historyLength(page);

  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 4, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + (box.width * i) / 20, y);
    // Pause now and then, longer than the address bar's coalescing, so drafts are written.
    if (i % 4 === 0) await page.waitForTimeout(400);
  }
  await page.mouse.up();
  await expect.poll(() => search(page)).toMatch(/rtt=/);
  const dragged = await text.inputValue();
  expect(dragged).not.toBe(startValue);
  await page.waitForTimeout(400);
  expect(await historyLength(page)).toBe(entries + 1);

  await page.goBack();
  await expect(text).toHaveValue(startValue);
  expect(await search(page)).not.toMatch(/rtt=/);
  await page.goForward();
  await expect(text).toHaveValue(dragged);

  // Typing a number, a key at a time, then leaving the box: one more entry.
  await text.fill('');
  await text.pressSequentially('150', { delay: 300 });
  await text.press('Tab');
  await expect.poll(() => search(page)).toContain('rtt=150');
  await page.waitForTimeout(400);
  expect(await historyLength(page)).toBe(entries + 2);
  await page.goBack();
  await expect(text).toHaveValue(dragged);
});

test('a run of arrow-key presses on a slider makes one history entry, as a drag does', async ({ page }) => {
  await openLab(page);
  const text = page.locator('#a-rtt');
  const slider = page.locator('.number-input:has(#a-rtt) input[type="range"]');
  const startValue = await text.inputValue();
  await expect.poll(() => search(page)).toContain('v=1');
  const entries = await historyLength(page);

  await slider.focus();
  // Five presses a moment apart, longer than the address bar's coalescing, so drafts are written.
  for (let i = 0; i < 5; i++) {
    await slider.press('ArrowRight');
    await page.waitForTimeout(300);
  }
  const pressed = await text.inputValue();
  expect(pressed).not.toBe(startValue);
  await expect.poll(() => search(page)).toContain(`rtt=${pressed}`);
  await page.waitForTimeout(1000); // past the pause that ends the run
  expect(await historyLength(page)).toBe(entries + 1);

  await page.goBack();
  await expect(text).toHaveValue(startValue);
  expect(await search(page)).not.toMatch(/rtt=/);
  await page.goForward();
  await expect(text).toHaveValue(pressed);

  // After a pause, another press is a change of its own; leaving the slider ends it at once.
  await slider.press('ArrowRight');
  await slider.blur();
  await expect.poll(() => historyLength(page)).toBe(entries + 2);
  const again = await text.inputValue();
  await page.goBack();
  await expect(text).toHaveValue(pressed);
  await page.goForward();
  await expect(text).toHaveValue(again);
});

test('a knob moved while the run plays is an entry of its own: Back undoes it alone', async ({ page }) => {
  // The WAN page plays for 15 s: long enough to move a knob and press Back before it stops.
  await openLab(page, 'link=wan');
  await page.locator('#a-nagle').click();
  await expect.poll(() => search(page)).toContain('nagle=0');
  const text = page.locator('#a-rtt');
  const slider = page.locator('.number-input:has(#a-rtt) input[type="range"]');
  const startValue = await text.inputValue();

  await page.getByRole('button', { name: /Play/ }).click();
  await expect(page.getByRole('button', { name: /Pause/ })).toBeVisible();
  await slider.focus();
  await slider.press('ArrowRight');
  await slider.blur();
  const moved = await text.inputValue();
  expect(moved).not.toBe(startValue);
  // Written while the run still plays, not left for the playhead to rest.
  await expect.poll(() => search(page)).toContain(`rtt=${moved}`);
  await expect(page.getByRole('button', { name: /Pause/ })).toBeVisible();

  await page.goBack();
  await expect(text).toHaveValue(startValue);
  expect(await search(page)).toContain('nagle=0');
  await expect(page.locator('#a-nagle')).not.toBeChecked();
  await page.goForward();
  await expect(text).toHaveValue(moved);
});

test('Back brings the playhead back where it stood before the action', async ({ page }) => {
  await openLab(page, 't=5');
  const next = page.getByRole('button', { name: 'Step to the next event' });
  await next.click();
  await next.click();
  const stood = await playheadNs(page);
  expect(stood).toBeGreaterThan(5e6);
  await page.getByRole('button', { name: 'Compare A/B' }).click();
  await expect(ladderPackets(page, 'b').first()).toBeAttached();
  await next.click();
  await expect.poll(() => playheadNs(page)).toBeGreaterThan(stood);
  await page.goBack();
  await expect(ladderPackets(page, 'b')).toHaveCount(0);
  // The link keeps the playhead to the microsecond.
  await expect.poll(async () => Math.abs((await playheadNs(page)) - stood)).toBeLessThan(1000);
});

test('coming Back from another page, every switch shows the scenario the link gives', async ({ page }) => {
  // The browser restores form controls by their place in the page; the knobs shown depend on the
  // scenario, so restored states had landed on other knobs (Nagle unticked beside "on").
  await openLab(page, 'preset=heidemann-odd-final');
  await page.locator('#preset-select').selectOption('heidemann-short-initial');
  await expect(page).toHaveURL(/preset=heidemann-short-initial/);
  await page.goto('about:blank');
  await page.goBack();
  await expect(page.locator('[data-side="a"] [data-packet]').first()).toBeAttached();
  const switches = await page
    .locator('#controls label.switch')
    .evaluateAll((labels) =>
      labels.map((l) => ({ checked: l.querySelector('input')!.checked, says: l.textContent!.trim() })),
    );
  expect(switches.length).toBeGreaterThan(3);
  expect(switches.filter((s) => s.checked !== (s.says === 'on'))).toEqual([]);
});

test("a preset's Try it and Back to the preset are one history entry each, so Back returns to the preset", async ({
  page,
}) => {
  // Back after a hint's Try it had left the lab: the hint amended the preset's own entry.
  await openLab(page, 'preset=heidemann-odd-final');
  const odd = engine('preset=heidemann-odd-final');
  await expect.poll(() => search(page)).toContain('v=1');
  const before = await search(page);
  const entries = await historyLength(page);
  const hint = page.locator('[data-preset-info] [data-try="nagle.server=0"]');

  await hint.getByRole('button', { name: 'Try it' }).click();
  await expect(ladderStalls(page, 'nagle')).toHaveCount(0);
  await expect.poll(() => search(page)).toContain('nagle.server=0');
  expect(await historyLength(page)).toBe(entries + 1);

  await hint.getByRole('button', { name: 'Back to the preset' }).click();
  await expect.poll(() => search(page)).not.toContain('nagle.server=0');
  expect(await historyLength(page)).toBe(entries + 2);

  await page.goBack();
  await expect.poll(() => search(page)).toContain('nagle.server=0');
  await expect(ladderStalls(page, 'nagle')).toHaveCount(0);
  await page.goBack();
  await expect.poll(() => search(page)).toBe(before);
  await expect(ladderStalls(page, 'nagle')).not.toHaveCount(0);
  await expect(ladderPackets(page)).toHaveCount(odd.packets);
});

test('Forward into a lesson after a reload opens its step and keeps every entry as written', async ({
  page,
}) => {
  // The lessons load on demand: a page reloaded on a link without one had not loaded them, called
  // the lesson Forward reached unknown, and rewrote the entries without it.
  await openLab(page, 'v=1&link=wan');
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  await page.getByRole('button', { name: 'Start the lesson The 200 ms mystery', exact: true }).click();
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  for (const step of ['2', '3']) {
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(lesson).toHaveAttribute('data-lesson-step', step);
  }
  await expect.poll(() => search(page)).toContain('step=3');
  const entries: string[] = [];
  for (let i = 0; i < 3; i++) {
    entries.unshift(await search(page));
    await page.goBack();
  }
  await expect.poll(() => search(page)).toBe('?v=1&link=wan');
  await page.reload();
  await expect(ladderPackets(page).first()).toBeAttached();

  for (const [i, entry] of entries.entries()) {
    await page.goForward();
    await expect(lesson).toHaveAttribute('data-lesson-step', String(i + 1));
    await expect(lesson).toContainText(`Step ${i + 1} of 7`);
    await page.waitForTimeout(400); // longer than the address bar's coalescing
    expect(await search(page)).toBe(entry);
  }
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  // Back walks the same entries, each still naming its step.
  await page.goBack();
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  expect(await search(page)).toBe(entries[1]);
});
