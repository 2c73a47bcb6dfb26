// Lessons: a link opens a lesson at a step with that step's scenario, the keyboard moves through
// the steps with the link following, a question is answered before it is revealed (the step
// before stays on screen until then, and the answer comes as side B), and the Lessons menu
// starts a lesson.
import { expect, test, type Page } from '@playwright/test';
import { focusedText, watchPage } from './helpers';
import { LESSONS } from '../src/scenario/lessons';
import { findPreset } from '../src/scenario/presets';
import { engine, ladderPackets, ladderStalls, metric, openLab } from './lab';

const search = (page: Page) => page.evaluate(() => window.location.search);

test('a lesson link opens at its step; ] and [ move between steps and the link follows', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect(lesson).toContainText('Step 2 of');
  // Step 2 asks a question: step 1's scenario stays on screen until the answer is revealed.
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-short-initial').packets);
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(1);

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

test("Reveal from the keyboard moves focus to the answer, which took the button's place", async ({
  page,
}) => {
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  const question = page.locator('[data-lesson-question]');
  await question.getByLabel('It disappears').focus();
  const reveal = question.getByRole('button', { name: 'Reveal' });
  await reveal.focus();
  await page.keyboard.press('Enter');
  const explain = page.locator('[data-lesson-explain]');
  await expect(explain).toBeFocused();
  // Tab goes on from the answer, into the page after it, not from the page's start.
  await page.keyboard.press('Tab');
  const after = await page.evaluate(() => {
    const active = document.activeElement!;
    const answer = document.querySelector('[data-lesson-explain]')!;
    return answer.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  expect(after).toBeTruthy();
});

test('Next step to the last, Previous step to the first and Close lesson leave focus on the new step or the Lessons button', async ({
  page,
}) => {
  // Each press turns off or takes away the button pressed: focus had fallen to the page's start.
  const cases: [string, string, string, RegExp][] = [
    ['lesson=the-200ms-mystery&step=6', 'Next step', 'Enter', /^Step 7 of 7: /],
    ['lesson=why-pipelining&step=2', 'Previous step', ' ', /^Step 1 of \d+: /],
    ['lesson=the-200ms-mystery&step=3', 'Close lesson', 'Enter', /^Lessons$/],
  ];
  for (const [query, name, key, focused] of cases) {
    await page.goto(`/?${query}`);
    await page.getByRole('button', { name }).focus();
    await page.keyboard.press(key);
    await expect.poll(() => focusedText(page), { message: `${name} on ${query}` }).toMatch(focused);
  }
});

test('a new step is said once: Next step moves focus to its heading; ] says it in a status and leaves focus', async ({
  page,
}) => {
  const steps = LESSONS.find((l) => l.id === 'the-200ms-mystery')!.steps;
  await page.goto('/?lesson=the-200ms-mystery&step=2&reveal=1');
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  const heading = lesson.getByRole('heading', { level: 2 });
  const status = lesson.locator('.lesson-said');
  await expect(status).toHaveAttribute('role', 'status');
  await page.getByRole('button', { name: 'Next step' }).focus();
  await page.keyboard.press('Enter');
  await expect(lesson).toHaveAttribute('data-lesson-step', '3');
  await expect(heading).toBeFocused();
  await expect(heading).toHaveText(`Step 3 of ${steps.length}: ${steps[2].title}`);
  // The heading is read where focus lands: the status says nothing more.
  await expect(status).toHaveText('');

  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  await page.keyboard.press(']');
  await expect(lesson).toHaveAttribute('data-lesson-step', '4');
  await expect(status).toHaveText(`Step 4 of ${steps.length}: ${steps[3].title}`);
  expect(await focusedText(page)).toBe('BODY');
  await page.keyboard.press('[');
  await expect(status).toHaveText(`Step 3 of ${steps.length}: ${steps[2].title}`);
  expect(await focusedText(page)).toBe('BODY');
});

test("] and [ that take away what had focus in the card (a choice, Reveal, the answer, Next step) move it to the new step's heading", async ({
  page,
}) => {
  // Focus had fallen to the page's start; a student choosing with the keys keeps the choice.
  const steps = LESSONS.find((l) => l.id === 'the-200ms-mystery')!.steps;
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  const heading = lesson.getByRole('heading', { level: 2 });
  const status = lesson.locator('.lesson-said');
  const question = page.locator('[data-lesson-question]');
  const choice = question.getByLabel('It disappears');
  const focusOn: Record<string, () => Promise<void>> = {
    'a choice': async () => {
      await choice.focus();
      await page.keyboard.press('Space');
    },
    Reveal: () => question.getByRole('button', { name: 'Reveal' }).focus(),
    'the answer': async () => {
      await question.getByRole('button', { name: 'Reveal' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-lesson-explain]')).toBeFocused();
    },
  };
  for (const [what, focus] of Object.entries(focusOn)) {
    await page.goto('/?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2');
    await focus();
    await page.keyboard.press(']');
    await expect(lesson, what).toHaveAttribute('data-lesson-step', '3');
    await expect(heading, what).toBeFocused();
    await expect(heading).toHaveText(`Step 3 of ${steps.length}: ${steps[2].title}`);
    // Read where focus lands: the status says nothing more.
    await expect(status).toHaveText('');
    // The heading stays: [ leaves focus there and says the step.
    await page.keyboard.press('[');
    await expect(lesson).toHaveAttribute('data-lesson-step', '2');
    await expect(heading).toBeFocused();
    await expect(status).toHaveText(`Step 2 of ${steps.length}: ${steps[1].title}`);
  }
  // The choice made before ] is there again.
  await page.goto('/?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2');
  await focusOn['a choice']();
  await page.keyboard.press(']');
  await expect(heading).toBeFocused();
  await page.keyboard.press('[');
  await expect(choice).toBeChecked();

  // Next step stays, so focus does, until ] turns it off at the last step.
  await page.goto('/?lesson=the-200ms-mystery&step=5');
  const next = page.getByRole('button', { name: 'Next step' });
  await next.focus();
  await page.keyboard.press(']');
  await expect(lesson).toHaveAttribute('data-lesson-step', '6');
  await expect(status).toHaveText(`Step 6 of ${steps.length}: ${steps[5].title}`);
  await expect(next).toBeFocused();
  await page.keyboard.press(']');
  await expect(lesson).toHaveAttribute('data-lesson-step', '7');
  await expect(heading).toBeFocused();
});

test("a lesson started from the Lessons list takes focus to its first step's heading", async ({ page }) => {
  // Focus had stayed on the header's Lessons button, and the step went unsaid.
  await openLab(page);
  const menu = page.getByRole('button', { name: 'Lessons', exact: true });
  const heading = page.locator('[data-lesson]').getByRole('heading', { level: 2 });
  for (const [id, title] of [
    ['the-200ms-mystery', 'The 200 ms mystery'],
    // Its card already loaded, with a lesson open.
    ['why-pipelining', 'Why HTTP/1.1 needed pipelining'],
  ]) {
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Start the lesson ${title}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-lesson="${id}"]`)).toHaveAttribute('data-lesson-step', '1');
    await expect(heading).toBeFocused();
    const first = LESSONS.find((l) => l.id === id)!.steps[0].title;
    expect(await focusedText(page)).toMatch(new RegExp(`^Step 1 of \\d+: ${first}`));
  }
});

test('the Lessons menu lists every lesson and starts one at step 1', async ({ page }) => {
  await page.goto('/');
  await expect(ladderPackets(page).first()).toBeAttached();
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  await expect(page.locator('[data-lesson-card]')).toHaveCount(LESSONS.length);
  await page.getByRole('button', { name: 'Start the lesson Why HTTP/1.1 needed pipelining' }).click();
  await expect(page.locator('[data-lesson="why-pipelining"]')).toHaveAttribute('data-lesson-step', '1');
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('step=1');
  // Step 1 points at the packet count: its cell in the figures table is outlined.
  const packets = page.locator('[data-metrics] [data-metric="packets"]').first();
  await expect(packets).toHaveCSS('outline-style', 'dashed');
  await expect(page.locator('[data-metrics] [data-metric="bytes"]').first()).toHaveCSS(
    'outline-style',
    'none',
  );
});

test('the Lessons menu opened before any lesson shows its lessons as cards side by side', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(ladderPackets(page).first()).toBeAttached();
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  const cards = page.locator('[data-lesson-card]');
  await expect(cards).toHaveCount(LESSONS.length);
  // No list bullets, each lesson framed, and the first two on one row.
  await expect(page.locator('.lesson-list')).toHaveCSS('list-style-type', 'none');
  await expect(cards.first()).toHaveCSS('border-top-style', 'solid');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBe(first!.y);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
});

test('a bad step is reported and the lesson opens at step 1', async ({ page }) => {
  await page.goto('/?lesson=the-200ms-mystery&step=99');
  await expect(page.locator('[data-problems]')).toContainText('step="99"');
  await expect(page.locator('[data-lesson="the-200ms-mystery"]')).toHaveAttribute('data-lesson-step', '1');
});

test("a hand-written lesson link's own key changes the step's scenario; a preset of its own is named", async ({
  page,
}) => {
  const watch = watchPage(page);
  // Step 3 is about Heidemann's odd final segment: `nagle=0` had run the default page with Nagle
  // off under its words, and the link written back had lost the step's preset.
  const laid = engine('preset=heidemann-odd-final&nagle=0');
  expect(laid.packets).not.toBe(engine('nagle=0').packets);
  await page.goto('/?lesson=the-200ms-mystery&step=3&nagle=0');
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  await expect(lesson).toHaveAttribute('data-lesson-step', '3');
  await expect(ladderPackets(page)).toHaveCount(laid.packets);
  await expect(ladderStalls(page, 'nagle')).toHaveCount(0);
  await expect
    .poll(() => search(page))
    .toBe('?v=1&preset=heidemann-odd-final&nagle=0&lesson=the-200ms-mystery&step=3');
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  await page.reload();
  await expect(ladderPackets(page)).toHaveCount(laid.packets);

  // Another preset runs as the link says, and the notice says it is not the step's.
  await page.goto('/?lesson=the-200ms-mystery&step=3&preset=nielsen-lan-pipe-first');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=nielsen-lan-pipe-first').packets);
  await expect(page.locator('[data-problems]')).toContainText(
    "lesson=the-200ms-mystery&step=3: running preset=nielsen-lan-pipe-first, not the step's own scenario",
  );
  // A link the page wrote (v=1) opens as it always has, without a word.
  await page.goto('/?v=1&nagle=0&lesson=the-200ms-mystery&step=3');
  await expect(ladderPackets(page)).toHaveCount(engine('nagle=0').packets);
  await expect(page.locator('[data-problems]')).toHaveCount(0);
  expect(watch.consoleErrors).toEqual([]);
});

test('a lesson works in an embed: Next, a question that waits for Reveal, Close and Reopen', async ({
  page,
}) => {
  const watch = watchPage(page);
  const before = engine('preset=heidemann-short-initial');
  const after = engine('preset=heidemann-short-initial&flush=none');
  await page.goto('/?lesson=the-200ms-mystery&step=1&embed=1&view=ladder');
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  await expect(lesson).toHaveAttribute('data-lesson-step', '1');
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(1);
  // The step's highlight outlines its band in an embed as on the page.
  await expect(ladderStalls(page, 'delayed-ack').locator('rect')).toHaveCSS('stroke-width', '3px');
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  // The prediction waits: step 1's stall is still the one on screen, and there is no side B.
  await expect(page.locator('[data-lesson-question]')).toBeVisible();
  await expect(ladderPackets(page, 'a')).toHaveCount(before.packets);
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(1);
  await expect(ladderPackets(page, 'b')).toHaveCount(0);

  await page.getByLabel('It disappears').check();
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.locator('[data-lesson-explain]')).toContainText('Right');
  await expect(ladderPackets(page, 'b')).toHaveCount(after.packets);
  await expect(ladderPackets(page, 'a')).toHaveCount(before.packets);
  await expect(page.locator('[data-side="b"] [data-stall="delayed-ack"]')).toHaveCount(0);
  await expect(page.locator('[data-side="a"] [data-stall="delayed-ack"]')).toHaveCount(1);

  // Closing folds the lesson away; it can be reopened where it was. (In a short frame the step's
  // words and its Close button sit behind "Read step".)
  await page.getByRole('button', { name: 'Read step' }).click();
  await page.getByRole('button', { name: 'Close lesson' }).click();
  await expect(lesson).toHaveCount(0);
  // Folded away, the lesson outlines nothing.
  await expect(page.locator('[data-side="a"] [data-stall="delayed-ack"] rect')).not.toHaveCSS(
    'stroke-width',
    '3px',
  );
  await page.getByRole('button', { name: 'Reopen lesson' }).click();
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect(page.locator('[data-lesson-explain]')).toBeVisible();
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test('a question step keeps the step before on screen until Reveal, then shows it as A and the answer as B', async ({
  page,
}) => {
  const before = engine('preset=heidemann-short-initial');
  const after = engine('preset=heidemann-short-initial&flush=none');
  expect(after.packets).not.toBe(before.packets);
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  const callout = page.locator('[data-callout]');
  await expect(page.locator('[data-lesson-question]')).toContainText('What happens to the gap?');
  // The callout, the figures and the ladder are step 1's, not the answer.
  await expect(ladderPackets(page, 'a')).toHaveCount(before.packets);
  await expect(callout).toHaveAttribute('data-cause', 'delayed-ack');
  await expect(callout).not.toContainText('No long stall');
  expect(await metric(page, 'packets')).toBe(before.packets);
  await expect(ladderPackets(page, 'b')).toHaveCount(0);
  expect(await search(page)).not.toContain('flush=none');

  await page.getByLabel('It stays about 185 ms').check();
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(ladderPackets(page, 'b')).toHaveCount(after.packets);
  await expect(ladderPackets(page, 'a')).toHaveCount(before.packets);
  await expect(page.locator('[data-side="b"] [data-stall="delayed-ack"]')).toHaveCount(0);
  await expect(page.locator('[data-side="a"] [data-stall="delayed-ack"]')).toHaveCount(1);
  await expect(page.locator('[data-metrics] [data-metric-b="packets"]')).toHaveText(String(after.packets));
  await expect.poll(() => search(page)).toContain('reveal=1');
  expect(await search(page)).toContain('b.flush=none');

  // The reveal is a history entry: Back hides the answer again, Forward shows it.
  await page.goBack();
  await expect(ladderPackets(page, 'b')).toHaveCount(0);
  await expect(page.locator('[data-lesson-explain]')).toHaveCount(0);
  await page.goForward();
  await expect(ladderPackets(page, 'b')).toHaveCount(after.packets);
  await expect(page.locator('[data-lesson-explain]')).toContainText('Not quite');

  // A reload keeps the revealed comparison.
  await page.reload();
  await expect(ladderPackets(page, 'b')).toHaveCount(after.packets);
  await expect(page.locator('[data-lesson-explain]')).toBeVisible();

  // reveal= reads as any switch: yes shows the answer (it had opened on the question without a
  // word), and a value that is none is named.
  await page.goto('/?lesson=the-200ms-mystery&step=2&reveal=yes');
  await expect(ladderPackets(page, 'b')).toHaveCount(after.packets);
  await expect(page.locator('[data-lesson-explain]')).toBeVisible();
  await expect.poll(() => search(page)).toContain('&step=2&reveal=1');
  await page.goto('/?lesson=the-200ms-mystery&step=2&reveal=2');
  await expect(page.locator('[data-problems]')).toContainText(
    'reveal="2": must be 1 or 0; keeping the answer back',
  );
  await expect(page.getByRole('button', { name: 'Reveal' })).toBeVisible();
  await expect(ladderPackets(page, 'b')).toHaveCount(0);
});

test('Back to a revealed step shows the answer the student chose, right or not', async ({ page }) => {
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  const explain = page.locator('[data-lesson-explain]');
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  await page.getByLabel('It disappears').check();
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(explain).toContainText('Right.');
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(lesson).toHaveAttribute('data-lesson-step', '3');

  // Back: the step as it was left, its choice checked and judged, not "Answer:".
  await page.goBack();
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect(explain).toContainText('Right.');
  await expect(explain).not.toContainText('Answer:');
  await expect(page.getByLabel('It disappears')).toBeChecked();

  // A wrong choice is kept as wrong; the playhead settling (the entry amended) keeps it too.
  await page.goBack();
  await expect(explain).toHaveCount(0);
  await expect(page.getByLabel('It disappears')).toBeChecked();
  await page.getByLabel('It doubles').check();
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(explain).toContainText('Not quite.');
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(lesson).toHaveAttribute('data-lesson-step', '3');
  await page.waitForTimeout(600);
  await page.goBack();
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect(explain).toContainText('Not quite.');
  await expect(explain).toContainText('The answer is “It disappears”');

  // A link to the revealed step carries no one's choice.
  await page.goto('/?lesson=the-200ms-mystery&step=2&reveal=1');
  await expect(explain).toContainText('Answer:');
});

test("web-from-orbit's prediction shows four connections until Reveal, then sixteen as B", async ({
  page,
}) => {
  const four = engine('preset=kruse-acts&conns=4');
  const sixteen = engine('preset=kruse-acts&conns=16');
  await page.goto('/?lesson=web-from-orbit&step=2');
  await page.getByRole('button', { name: 'Next step' }).click();
  const lesson = page.locator('[data-lesson="web-from-orbit"]');
  await expect(lesson).toContainText('Predict: 16 connections');
  await expect(page.locator('[data-lesson-question]')).toBeVisible();
  await expect.poll(() => metric(page, 'packets')).toBe(four.packets);
  await expect(ladderPackets(page, 'b')).toHaveCount(0);
  expect(await search(page)).not.toContain('conns=16');

  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.locator('[data-metrics] [data-metric-b="packets"]')).toHaveText(String(sixteen.packets));
  expect(await metric(page, 'packets')).toBe(four.packets);
  // The answer ("about the same or slower") is what the run shows: B takes longer. On the page of
  // large images, which the step had used, sixteen connections were 19% faster.
  await expect(page.locator('[data-lesson-explain]')).toContainText('Slower');
  await expect(page.locator('[data-metrics] [data-metric-delta="elapsed_s"]')).toHaveText(/^\+/);
});

test("web-from-orbit's answer frames the stale-connection stalls it names once revealed, not before", async ({
  page,
}) => {
  // Half a second each in a run of 184 s: drawn over the whole run, the bands are 2 px tall.
  const stale = engine('preset=kruse-acts&conns=16').trace.stalls.filter(
    (s) => s.cause === 'stale-connection',
  );
  expect(stale.some((s) => s.startNs >= 178_400e6 && s.endNs <= 180_000e6)).toBe(true);
  await page.goto('/?lesson=web-from-orbit&step=3');
  await expect(page.locator('[data-lesson-question]')).toBeVisible();
  await expect(ladderPackets(page).first()).toBeAttached();
  // Before Reveal nothing points at them: the whole run, nothing outlined.
  await expect(ladderStalls(page, 'stale-connection')).toHaveCount(0);
  expect(await search(page)).not.toContain('zoom=');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-highlight-stall'))).toBe(
    false,
  );

  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect.poll(() => search(page)).toContain('zoom=178400,180000');
  const bands = page.locator('[data-side="b"] [data-stall="stale-connection"] rect');
  await expect(bands.first()).toHaveCSS('stroke-width', '3px');
  // A band whole in B's ladder box, sideways too (its lanes begin past a 1280 px page's edge),
  // tall enough to read: about 180 px for its 0.56 s.
  const framed = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-side="b"] [data-stall="stale-connection"] rect')].some((rect) => {
        const band = rect.getBoundingClientRect();
        const box = rect.closest('.ladder-scroll')!.getBoundingClientRect();
        return (
          band.height >= 100 &&
          band.left >= box.left &&
          band.right <= box.right &&
          band.top >= box.top &&
          band.bottom <= box.bottom
        );
      }),
    );
  await expect.poll(framed).toBe(true);

  // Once: the student who zooms out stays zoomed out.
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect.poll(() => search(page)).not.toContain('zoom=');
  await page.waitForTimeout(500);
  expect(await search(page)).not.toContain('zoom=');
});

test("web-from-orbit's answer, scrolled sideways to the first stall, keeps the ladder's times beside it", async ({
  page,
}) => {
  // B's ladder turns sideways to the sixth lane: the time axis, at the ladder's left, had gone out
  // of view with the first lanes, and the stall stood there with no time beside it.
  await page.goto('/?lesson=web-from-orbit&step=3&reveal=1');
  const seen = () =>
    page.evaluate(() => {
      const box = document.querySelector('[data-side="b"] .ladder-scroll');
      if (!box) return null;
      const clip = box.getBoundingClientRect();
      const bands = [...box.querySelectorAll('[data-stall="stale-connection"] rect')]
        .map((r) => r.getBoundingClientRect())
        .filter((b) => b.height >= 100 && b.left >= clip.left && b.right <= clip.right);
      const pin = box.querySelector('.axis-pin');
      if (box.scrollLeft === 0 || bands.length === 0 || !pin) return null;
      const band = bands.sort((a, b) => a.left - b.left)[0];
      const times = pin.getBoundingClientRect();
      // The times the axis writes within the band's height: at 0.2 s a tick, two or more.
      const ticks = [...box.querySelectorAll('.ladder-axis .tick-label')]
        .map((t) => ({
          text: t.textContent,
          y: (t.getBoundingClientRect().top + t.getBoundingClientRect().bottom) / 2,
        }))
        .filter((t) => t.y >= band.top && t.y <= band.bottom);
      return {
        shown: getComputedStyle(pin).opacity,
        // The times stand at the box's left edge, left of the band, not over it.
        atLeftEdge: Math.abs(times.left - clip.left) <= 2 && times.right <= band.left,
        ticks: ticks.map((t) => t.text),
      };
    });
  await expect.poll(seen, { timeout: 20_000 }).not.toBeNull();
  const view = (await seen())!;
  expect(view.shown).toBe('1');
  expect(view.atLeftEdge).toBe(true);
  expect(view.ticks.length).toBeGreaterThanOrEqual(2);
  for (const t of view.ticks) expect(t).toMatch(/^17\d(\.\d)? s$/);
});

test('an open prediction is not answered elsewhere on the page; Reveal brings the hints back', async ({
  page,
}) => {
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  const info = page.locator('[data-preset-info="heidemann-short-initial"]');
  const callout = page.locator('[data-callout]');
  await expect(callout).toHaveAttribute('data-cause', 'delayed-ack');
  // The preset's hint and the callout's fix are the change the question asks about.
  await expect(info.locator('[data-try-withheld]')).toBeVisible();
  await expect(info.locator('[data-try]')).toHaveCount(0);
  await expect(callout).toContainText('waited');
  await expect(callout).not.toContainText('Header flush');
  await expect(callout.getByRole('button', { name: /^Try |Compare side by side/ })).toHaveCount(0);
  await expect(callout.getByRole('button', { name: 'Show the stall' })).toBeVisible();

  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(info.locator('[data-try="flush=none"]')).toBeVisible();
  await expect(info.locator('[data-try-withheld]')).toHaveCount(0);
  // Revealed, the step compares with the fix as B: the callout names it as B's, not as one to try.
  await expect(callout.locator('[data-fix-in-b]')).toHaveText('Side B runs with Header flush: none.');
});

test('on the step before a question, the hidden hints say the next step asks, not that a question waits', async ({
  page,
}) => {
  // The step a newcomer lands on from the invitation: no question on screen yet. "Hidden until you
  // answer the lesson's question" had sent students looking for one.
  await page.goto('/?lesson=the-200ms-mystery&step=1');
  const info = page.locator('[data-preset-info="heidemann-short-initial"]');
  await expect(info.locator('[data-try-withheld]')).toBeVisible();
  await expect(page.locator('[data-lesson-question]')).toHaveCount(0);
  await expect(info.locator('[data-try-withheld]')).toHaveText(
    "Try next: hidden for now: the lesson's next step asks you to predict what a change does here.",
  );
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  const card = page
    .getByRole('dialog', { name: 'Presets from the papers' })
    .locator('[data-preset="heidemann-short-initial"]');
  await expect(card.locator('[data-try-withheld]')).toContainText(
    "the lesson's next step asks you to predict",
  );
  await page.keyboard.press('Escape');

  // On the question's own step, the question is on screen and the note points to it.
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(page.locator('[data-lesson-question]')).toBeVisible();
  await expect(info.locator('[data-try-withheld]')).toHaveText(
    "Try next: hidden until you answer the lesson's question.",
  );
});

test('an open prediction is not answered in the preset gallery either; Reveal brings its hints back', async ({
  page,
}) => {
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  await expect(page.locator('[data-lesson-question]')).toBeVisible();
  const gallery = page.getByRole('dialog', { name: 'Presets from the papers' });
  const card = gallery.locator('[data-preset="heidemann-short-initial"]');
  // A figure measured against another scenario says what a change does.
  const comparisons = gallery.locator(':is([data-figure="reduction_pct"], [data-figure="throughput_pct"])');
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await expect(card.locator('[data-try-withheld]')).toBeVisible();
  await expect(gallery.locator('[data-try-next]')).toHaveCount(0);
  await expect(card).not.toContainText('Stop flushing the headers alone');
  await expect(comparisons).toHaveCount(0);
  await gallery.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Reveal' }).click();
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await expect(card.locator('[data-try-next]')).toContainText('Stop flushing the headers alone');
  await expect(gallery.locator('[data-try-withheld]')).toHaveCount(0);
  await expect(comparisons.first()).toBeVisible();
});

/** Every step that asks for a prediction about the change from the step before. */
const QUESTIONS = LESSONS.flatMap((lesson) =>
  lesson.steps.flatMap((step, i) => (i > 0 && step.question ? [{ lesson: lesson.id, step: i + 1 }] : [])),
);

test('no lesson question is answered by a hint, a fix or a figure for the change, nor on the step before it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // The step before shows the scenario the question changes: its hints had answered it (the 200 ms
  // mystery's first step offered "try Header flush: none", the answer to its second).
  const steps = QUESTIONS.flatMap((q) => [{ ...q, step: q.step - 1 }, q]);
  for (const { lesson, step } of steps) {
    await page.goto(`/?lesson=${lesson}&step=${step}`);
    await expect(page.locator(`[data-lesson="${lesson}"]`)).toHaveAttribute('data-lesson-step', String(step));
    const callout = page.locator('[data-callout]');
    await expect(callout, `${lesson} step ${step}`).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-try]'), `${lesson} step ${step}`).toHaveCount(0);
    // A figure measured against another scenario says what the change does.
    await expect(
      page.locator('[data-preset-info] :is([data-figure="reduction_pct"], [data-figure="throughput_pct"])'),
      `${lesson} step ${step}`,
    ).toHaveCount(0);
    await expect(callout.getByRole('button', { name: /^Try |Compare side by side/ })).toHaveCount(0);
    await expect(callout, `${lesson} step ${step}`).not.toContainText(' — try ');
  }
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the lesson shows no keyboard keys to press', async ({ page }) => {
    await page.goto('/?lesson=the-200ms-mystery&step=2');
    const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
    await expect(lesson.getByRole('button', { name: 'Next step' })).toBeVisible();
    await expect(lesson.locator('.lesson-keys')).toBeHidden();
  });
});

test('with a keyboard, the lesson says which keys move between steps', async ({ page }) => {
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  await expect(page.locator('[data-lesson="the-200ms-mystery"] .lesson-keys')).toBeVisible();
});

test('every stall a lesson step points at is outlined on the ladder', async ({ page }) => {
  // The 1997-to-today lesson points at the TLS handshake, head-of-line blocking and flow control,
  // and its words call them highlighted; the outline rule had listed only ten older causes, so
  // those bands were drawn like any other.
  for (const [step, cause] of [
    [2, 'tls-handshake'],
    [5, 'hol-blocking'],
  ] as const) {
    await page.goto(`/?lesson=from-1997-to-today&step=${step}`);
    await expect(page.locator('[data-lesson="from-1997-to-today"]')).toHaveAttribute(
      'data-lesson-step',
      String(step),
    );
    await expect(ladderStalls(page, cause).first()).toBeAttached();
    await expect(ladderStalls(page, cause).first().locator('rect')).toHaveCSS('stroke-width', '3px');
  }
});

test('a highlighted stall is one dashed box a band on the time-sequence plot, from its cap to its foot', async ({
  page,
}) => {
  // Step 5's head-of-line blocking shares the caps' three rows with flow control and the RTO. Its
  // tint, its cap and the card under the cap had each been outlined: a band in the top row read as
  // two boxes with the other rows between them.
  await openLab(page, 'lesson=from-1997-to-today&step=5');
  const bands = page.locator('[data-view="tsp"] [data-stall="hol-blocking"]');
  await expect(bands.first()).toBeAttached();
  const drawn = await bands.evaluateAll((groups) =>
    groups.map((g) => {
      const rects = [...g.querySelectorAll('rect')];
      const dashed = rects.filter((r) => getComputedStyle(r).stroke !== 'none');
      const box = (r: SVGRectElement) => {
        const b = r.getBBox();
        return [b.y, b.y + b.height];
      };
      return {
        row: Number(g.querySelector('[data-stall-cap]')!.getAttribute('data-stall-cap')),
        dashed: dashed.map((r) => [getComputedStyle(r).strokeDasharray, getComputedStyle(r).strokeWidth]),
        // The box's top and foot, and the band's: its cap's top, its tint's foot.
        box: dashed.length === 1 ? box(dashed[0]) : null,
        band: [Math.min(...rects.map((r) => box(r)[0])), Math.max(...rects.map((r) => box(r)[1]))],
      };
    }),
  );
  expect(drawn.length).toBeGreaterThan(0);
  expect(drawn.some((b) => b.row === 0)).toBe(true);
  for (const b of drawn) {
    expect(b.dashed).toEqual([['5px, 3px', '3px']]);
    expect(b.box).toEqual(b.band);
  }
  // The ladder's bands, one rect each, keep their outline.
  await expect(ladderStalls(page, 'hol-blocking').first().locator('rect')).toHaveCSS('stroke-width', '3px');
});

test('a step that speaks of a panel the student hid offers to show it', async ({ page }) => {
  // A student who had hidden the ladder opened the 200 ms mystery: its first step said "find the
  // shaded gap in the ladder" over a page without one, and nothing said where it had gone.
  await page.goto('/?view=tsp,metrics&lesson=the-200ms-mystery&step=1');
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  await expect(lesson).toHaveAttribute('data-lesson-step', '1');
  await expect(page.locator('[data-view="ladder"]')).toHaveCount(0);
  const offer = lesson.locator('[data-lesson-hidden]');
  await expect(offer).toHaveAttribute('data-lesson-hidden', 'ladder');
  await expect(offer).toContainText('“Packet ladder”, hidden now');
  await offer.getByRole('button', { name: 'Show it' }).click();
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(1);
  await expect(ladderStalls(page, 'delayed-ack').locator('rect')).toHaveCSS('stroke-width', '3px');
  await expect(offer).toHaveCount(0);
  // The student's other choice stays: the waterfall is still hidden, and the link says so.
  await expect(page.locator('[data-view="waterfall"]')).toHaveCount(0);
  await expect.poll(() => search(page)).toMatch(/view=ladder%2Ctsp%2Cmetrics|view=ladder,tsp,metrics/);
  // A step that names no hidden panel offers nothing.
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect(lesson.locator('[data-lesson-hidden]')).toHaveCount(0);
});

test("the Settings' scenario names what every lesson step runs: its preset, or a custom scenario", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const selected = page.locator('#preset-select option:checked');
  // Microscape over LTE had read "Default: Yahoo 1996, 10 Mb LAN (modified)".
  await page.goto('/?lesson=from-1997-to-today&step=1');
  await expect(selected).toHaveText('Custom scenario');
  await expect(page.locator('[data-modified]')).toContainText('Link type');
  // Outside a lesson alike; the default with a knob changed is still the default, modified.
  await page.goto('/?page=microscape&link=lte');
  await expect(selected).toHaveText('Custom scenario');
  await page.goto('/?nagle=0');
  await expect(selected).toHaveText('Default: Yahoo 1996, 10 Mb LAN (modified)');

  for (const lesson of LESSONS)
    for (const [i, step] of lesson.steps.entries()) {
      // A question step shows the step before until the answer is revealed.
      const shown = i > 0 && step.question ? lesson.steps[i - 1] : step;
      const params = new URLSearchParams(shown.query);
      const preset = params.get('preset');
      const expected = preset
        ? findPreset(preset)!.title
        : ['page', 'objects', 'link', 'bw', 'rtt'].some((k) => params.has(k))
          ? 'Custom scenario'
          : 'Default: Yahoo 1996, 10 Mb LAN';
      await page.goto(`/?lesson=${lesson.id}&step=${i + 1}`);
      await expect(page.locator(`[data-lesson="${lesson.id}"]`)).toHaveAttribute(
        'data-lesson-step',
        String(i + 1),
      );
      await expect(selected, `${lesson.id} step ${i + 1}`).toContainText(expected);
    }
});

test('choosing another scenario leaves the lesson; Back returns to the step as it was', async ({ page }) => {
  // Another preset under step 3 had kept the step's words about Heidemann's odd final segment
  // over a run they did not describe.
  await openLab(page, 'lesson=the-200ms-mystery&step=3');
  const lesson = page.locator('[data-lesson="the-200ms-mystery"]');
  await expect(lesson).toHaveAttribute('data-lesson-step', '3');
  const step = engine('preset=heidemann-odd-final');
  await expect(ladderPackets(page)).toHaveCount(step.packets);
  const other = engine('preset=heidemann-short-initial');
  await page.locator('#preset-select').selectOption('heidemann-short-initial');
  await expect(page.locator('[data-lesson]')).toHaveCount(0);
  // Its own run: its delayed ACK, which step 3's run has none of.
  expect(other.packets).not.toBe(step.packets);
  await expect(ladderPackets(page)).toHaveCount(other.packets);
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(1);
  await expect.poll(() => search(page)).toBe('?v=1&preset=heidemann-short-initial');

  await page.goBack();
  await expect(lesson).toHaveAttribute('data-lesson-step', '3');
  await expect(ladderPackets(page)).toHaveCount(step.packets);
  await expect(ladderStalls(page, 'delayed-ack')).toHaveCount(0);
  expect(await search(page)).toContain('preset=heidemann-odd-final&lesson=the-200ms-mystery&step=3');

  // A revealed answer, the student's prediction with it, comes back too; a gallery entry leaves alike.
  await page.goto('/?lesson=the-200ms-mystery&step=2');
  await page.locator('[data-lesson-question]').getByLabel('It stays about 185 ms').check();
  await page.getByRole('button', { name: 'Reveal' }).click();
  const answer = engine('preset=heidemann-short-initial&flush=none');
  await expect(ladderPackets(page, 'b')).toHaveCount(answer.packets);
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await page.locator('[data-preset="heidemann-odd-final"]').getByRole('button', { name: 'Load' }).click();
  await expect(page.locator('[data-lesson]')).toHaveCount(0);
  await expect(ladderPackets(page)).toHaveCount(step.packets);
  await expect.poll(() => search(page)).not.toContain('lesson=');

  await page.goBack();
  await expect(lesson).toHaveAttribute('data-lesson-step', '2');
  await expect(page.locator('[data-lesson-explain]')).toContainText('Not quite');
  await expect(ladderPackets(page)).toHaveCount(engine('preset=heidemann-short-initial').packets);
  await expect(ladderPackets(page, 'b')).toHaveCount(answer.packets);
  expect(await search(page)).toContain('reveal=1');
});
