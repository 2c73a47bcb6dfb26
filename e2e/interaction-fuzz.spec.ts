// Random use never breaks the page: from a few starting links, a seeded sequence of clicks, slider
// moves, menu choices, typed numbers and Back presses on whatever the page shows. After each one
// the lab is still there (its heading and the simulation status), and nothing was thrown or logged
// as an error. A failure names the seed and the steps before it, so it replays.
import { expect, test, type Page } from '@playwright/test';
import { watchPage } from './helpers';

const STEPS = 30;

/** A small deterministic generator (numbers in [0, 1)), so each seed replays the same steps. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296;
}

interface Target {
  tag: string;
  type: string;
  label: string;
  min: number;
  max: number;
  options: string[];
}

/** Marks one visible, enabled control (picked by `pick` in [0, 1)) and says what it is. */
async function markControl(page: Page, pick: number): Promise<Target | null> {
  return page.evaluate((pick) => {
    document.querySelector('[data-fuzz-target]')?.removeAttribute('data-fuzz-target');
    const all = [...document.querySelectorAll<HTMLElement>('button, input, select, summary')].filter(
      (e) =>
        !(e as HTMLButtonElement).disabled &&
        e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
        !e.closest('[inert], [aria-hidden="true"]') &&
        // Leaving the page is not what this test is about.
        !/Reload|Open in Roundtrip/.test(e.textContent ?? ''),
    );
    if (all.length === 0) return null;
    const e = all[Math.floor(pick * all.length)];
    e.setAttribute('data-fuzz-target', '');
    const input = e as HTMLInputElement;
    return {
      tag: e.tagName,
      type: input.type ?? '',
      label: e.getAttribute('aria-label') || e.id || e.textContent?.trim().slice(0, 40) || '',
      min: Number(input.min),
      max: Number(input.max),
      options: e instanceof HTMLSelectElement ? [...e.options].map((o) => o.value) : [],
    };
  }, pick);
}

async function act(page: Page, target: Target, random: () => number): Promise<string> {
  const el = page.locator('[data-fuzz-target]');
  if (target.tag === 'SELECT') {
    const value = target.options[Math.floor(random() * target.options.length)];
    await el.selectOption(value, { timeout: 2000 });
    return `choose ${target.label} = ${value}`;
  }
  if (target.tag === 'INPUT' && target.type === 'range') {
    const value = Math.round(target.min + random() * (target.max - target.min));
    await el.fill(String(value), { timeout: 2000 });
    return `slide ${target.label} to ${value}`;
  }
  if (target.tag === 'INPUT' && (target.type === 'number' || target.type === 'text')) {
    const value = String(Math.floor(random() * 2000));
    await el.fill(value, { timeout: 2000 });
    await el.press('Enter');
    return `type ${value} in ${target.label}`;
  }
  await el.click({ timeout: 2000 });
  return `click ${target.tag.toLowerCase()} ${target.label}`;
}

const STARTS = [
  { seed: 1, width: 1280, query: '' },
  { seed: 2, width: 390, query: 'lesson=the-200ms-mystery&step=2' },
  { seed: 3, width: 1280, query: 'preset=kruse-acts&b.conns=16' },
  { seed: 4, width: 390, query: 'page=microscape&http=3&link=lte&loss=1&b.http=2' },
];

for (const { seed, width, query } of STARTS) {
  test(`seed ${seed}: ${STEPS} random steps from "?${query}" at ${width} px leave the lab working`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const watch = watchPage(page);
    page.on('popup', (popup) => void popup.close());
    await page.goto(`/?${query}`);
    await expect(page.locator('[data-sim-status]').first()).toBeAttached();
    const random = generator(seed);
    const steps: string[] = [];
    for (let i = 0; i < STEPS; i++) {
      if (random() < 0.06) {
        // As the browser's Back button does (page.goBack waits for a load that an entry the page
        // wrote itself never fires).
        // Back past the lab's first entry leaves the page, and the evaluation with it.
        await page.evaluate(() => history.back()).catch(() => {});
        await page.waitForTimeout(300);
        await page.waitForLoadState();
        // Having left the site, come forward again (a load, so goForward can wait for it).
        if (!page.url().includes('localhost')) await page.goForward();
        steps.push('Back');
      } else {
        const target = await markControl(page, random());
        expect(target, `nothing to use after: ${steps.join('; ')}`).not.toBeNull();
        // A control may move or close under the pointer (a menu that shuts): that is not a fault.
        steps.push(await act(page, target!, random).catch((e: Error) => `(${e.message.split('\n')[0]})`));
      }
      await page.waitForTimeout(100);
      const where = `seed ${seed}, after: ${steps.slice(-5).join('; ')}`;
      await expect(page.getByRole('heading', { name: 'Roundtrip', level: 1 }), where).toBeVisible();
      await expect(page.locator('[data-sim-status]').first(), where).toBeAttached();
      expect(watch.consoleErrors, where).toEqual([]);
    }
    expect(watch.foreignRequests).toEqual([]);
  });
}
