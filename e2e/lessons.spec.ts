// Lessons: a link opens a lesson at a step with that step's scenario, the keyboard moves through
// the steps with the link following, a question is answered before it is revealed, and the
// Lessons menu starts a lesson.
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';
import { engine, ladderPackets, ladderStalls } from './lab';

test('a lesson link opens at its step; ] and [ move between steps and the link follows', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect(lesson).toContainText('Step 2 of');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-short-initial&flush=none').packets);
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(0);

  await page.keyboard.press(']');
  await expect(lesson).toHaveAttribute('data-lesson-step', '3');
  await expect(ladderStalls(page, 'nagle')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('step=3');

  await page.keyboard.press('[');
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('step=2');

  await page.getByRole('button', { name: 'Previous step' }).click();
  await expect(lesson).toHaveAttribute('data-lesson-step', '1');
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(1);
  // Step 1 points at the delayed-ACK stall: its band is outlined.
  await expect(ladderStalls(page, 'delayed-ack').locator('rect')).toHaveCSS('stroke-width', '3px');
  // The link follows: step 1's scenario (no flush=none) and step=1, so a reload reopens it.
  await expect.poll(() => page.evaluate(() => window.location.search)).toMatch(/step=1($|&)/);
  expect(await page.evaluate(() => window.location.search)).not.toContain('flush=none');

  await page.reload();
  await expect(lesson).toHaveAttribute('data-lesson-step', '1');
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test('a question asks for a prediction, then reveals the answer and why', async ({ page }) => {
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  const question = page.locator('[data-lesson-question]');
  await question.getByLabel('It stays about 185 ms').check();
  await expect(page.locator('[data-lesson-explain]')).toHaveCount(0);
  await question.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.locator('[data-lesson-explain]')).toContainText('Not quite');
  await expect(page.locator('[data-lesson-explain]')).toContainText('acknowledges every second');
});

test('the Lessons menu lists every lesson and starts one at step 1', async ({ page }) => {
  await page.goto('/');
  await expect(ladderPackets(page).first()).toBeAttached();
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  await expect(page.locator('[data-lesson-card]')).toHaveCount(4);
  await page.getByRole('button', { name: 'Start the lesson Why HTTP/1.1 needed pipelining' }).click();
  await expect(page.locator('[data-lesson="why-pipelining"]')).toHaveAttribute('data-lesson-step', '1');
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('step=1');
});

test('a bad step is reported and the lesson opens at step 1', async ({ page }) => {
  await page.goto('/?lesson=the-200ms-mystery&step=99');
  await expect(page.locator('[data-problems]')).toContainText('step="99"');
  await expect(page.locator('[data-lesson="the-200ms-mystery"]')).toHaveAttribute('data-lesson-step', '1');
});

test('a lesson works in an embed: the card is there and Next moves the embedded view on', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.goto('/?lesson=the-200ms-mystery&step=1&embed=1&view=ladder');
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  await expect(lesson).toHaveAttribute('data-lesson-step', '1');
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});
