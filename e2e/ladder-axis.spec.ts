// The ladder's time axis tells one story per side: a comparison's ladders share one clock, but
// each shows only its own waits and where its own run ends; a folded gap inside a labelled stall
// gives no second number for the same wait; the playhead's time is never written over a tick's.
import { expect, test, type Page } from '@playwright/test';
import { engine, openLab, overlappingPairs } from './lab';

/** The texts beside one side's fold marks, and whether a labelled stall's band spans the fold. */
async function foldMarks(page: Page, side: 'a' | 'b') {
  return page.evaluate((side) => {
    const svg = document.querySelector(`[data-side="${side}"] svg.ladder-svg`)!;
    const labelledStalls = [...svg.querySelectorAll('[data-stall]')]
      .filter((g) => g.querySelector('.stall-label'))
      .map((g) => g.querySelector('rect')!.getBoundingClientRect());
    return [...svg.querySelectorAll('.fold-mark')].map((g) => {
      const band = g.querySelector('.fold-band')!.getBoundingClientRect();
      // Its label stands with the axis's times (which the sideways pin repeats), under its fold's start.
      const ns = g.getAttribute('data-fold-ns');
      return {
        text: svg.querySelector(`[data-fold-ns="${ns}"]:not(.fold-mark) .fold-label`)?.textContent ?? '',
        title: g.querySelector('title')?.textContent ?? '',
        inLabelledStall: labelledStalls.some((s) => s.top <= band.top + 1 && s.bottom >= band.bottom - 1),
      };
    });
  }, side);
}

const runEndMark = (page: Page, side: 'a' | 'b') => page.locator(`[data-side="${side}"] .run-end-mark`);

for (const [name, query, bQuery] of [
  ['Nagle off on B', 'preset=heidemann-odd-final&b.nagle=0', 'preset=heidemann-odd-final&nagle=0'],
  [
    'the headers not flushed alone on B (the 200 ms lesson)',
    'preset=heidemann-short-initial&b.flush=none',
    'preset=heidemann-short-initial&flush=none',
  ],
] as const) {
  test(`a comparison shares the clock, but B's ladder shows no wait of A's: ${name}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openLab(page, query);
    const b = engine(bQuery);
    // B was over long before A: its ladder says where, and A's, which runs to the axis's end, does not.
    await expect(runEndMark(page, 'b')).toHaveAttribute('data-run-end-ns', String(Math.round(b.endNs)));
    // The run's end, as the playback clock names it: the page time (B's breakdown) can be sooner.
    await expect(page.locator('[data-side="b"] .run-end-label')).toHaveText(/^run end/);
    await expect(runEndMark(page, 'a')).toHaveCount(0);
    // The folds are A's waits: on B, which had finished, they carry no length.
    const folds = await foldMarks(page, 'b');
    expect(folds.length).toBeGreaterThan(0);
    for (const f of folds) {
      expect(f.text).not.toMatch(/\d/);
      expect(f.title).toContain('this run was over');
    }
  });
}

test('a wait has one number: a fold inside a labelled stall gives no second length', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLab(page);
  await expect(page.getByLabel('Fold idle gaps')).toBeChecked();
  const folds = await foldMarks(page, 'a');
  // The default page's delayed-ACK and Nagle stalls each hold a fold.
  expect(folds.filter((f) => f.inLabelledStall).length).toBeGreaterThanOrEqual(2);
  for (const f of folds.filter((f) => f.inLabelledStall)) {
    expect(f.text).not.toMatch(/\d/);
    // Its own length (the wire idle, not the stall) is still there, in words, on hover.
    expect(f.title).toMatch(/^Time axis folded: \d+\sms with nothing on the wire, inside the/);
  }
});

test("the playhead's time is not written over a tick's", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Ends at 910 ms: the playhead's label sits 10 ms below the 900 ms tick.
  await openLab(page, 'preset=langley-quic');
  const clash = await page.evaluate(() => {
    const svg = document.querySelector('[data-side="a"] svg.ladder-svg')!;
    const playhead = svg.querySelector('.playhead-label')!.getBoundingClientRect();
    return [...svg.querySelectorAll('.tick-label')]
      .filter((t) => {
        const r = t.getBoundingClientRect();
        return (
          r.left < playhead.right &&
          playhead.left < r.right &&
          r.top + 1 < playhead.bottom &&
          playhead.top + 1 < r.bottom
        );
      })
      .map((t) => t.textContent);
  });
  expect(clash).toEqual([]);
});

/** The labels (packet names, bursts, stalls) of a side's ladder that reach below its run's end mark. */
async function labelsPastRunEnd(page: Page, side: 'a' | 'b') {
  return page.evaluate((side) => {
    const svg = document.querySelector(`[data-side="${side}"] svg.ladder-svg`)!;
    const endY = svg.querySelector('.run-end-mark line')!.getBoundingClientRect().top;
    return [...svg.querySelectorAll('.packet-label, .stall-label')]
      .filter((t) => t.getBoundingClientRect().bottom > endY + 0.5)
      .map((t) => t.textContent);
  }, side);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  for (const [name, query] of [
    ['default page, Nagle off on B', 'b.nagle=0'],
    ['Heidemann odd final, Nagle off on B', 'preset=heidemann-odd-final&b.nagle=0'],
    ['P-HTTP, delayed ACK off on B', 'preset=heidemann-table1-phttp&b.delack=off'],
  ] as const) {
    for (const tcpdump of [false, true]) {
      test(`at ${viewport.width} px B's labels stay above its end mark (${name}, ${tcpdump ? 'tcpdump' : 'plain'} names)`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await openLab(page, query);
        await expect(runEndMark(page, 'b')).toHaveCount(1);
        if (tcpdump) await page.getByLabel('tcpdump labels').check();
        // Labels are placed once the run is drawn whole.
        await expect(
          page.locator('[data-side="b"]').locator('.packet-label, .stall-label').first(),
        ).toBeAttached();
        await expect.poll(() => labelsPastRunEnd(page, 'b')).toEqual([]);
      });
    }
  }
}

test("a label on a load's or a fold's line has a backdrop, so the line does not run between its words", async ({
  page,
}) => {
  // Kruse /Test with 16 connections: each load's connections open, and ask, on the load's line.
  await openLab(page, '?preset=kruse-test&conns=16');
  await expect(page.locator('.load-mark').first()).toBeAttached();
  const found = await page
    .locator('.ladder-svg')
    .first()
    .evaluate((svg) => {
      const rules = [...svg.querySelectorAll('.load-mark line, .fold-break')].flatMap((el) => {
        if (el instanceof SVGLineElement) return [el.y1.baseVal.value];
        return [...(el.getAttribute('d') ?? '').matchAll(/M[\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
      });
      const onRule = [...svg.querySelectorAll<SVGTextElement>('.packet-labels text')].filter((t) => {
        const box = t.getBBox();
        return rules.some((y) => y > box.y + 1 && y < box.y + box.height - 1);
      });
      return {
        onRule: onRule.map((t) => t.textContent),
        bare: onRule
          .filter((t) => {
            const back = t.previousElementSibling;
            if (!(back instanceof SVGRectElement) || !back.classList.contains('label-backdrop')) return true;
            const b = back.getBBox();
            const box = t.getBBox();
            return b.x > box.x + 1 || b.x + b.width < box.x + box.width - 1;
          })
          .map((t) => t.textContent),
      };
    });
  expect(found.onRule).toContain('GET /oufr/e03.gif');
  expect(found.onRule).toContain('connection 17');
  expect(found.bare).toEqual([]);
});

for (const width of [1440, 390]) {
  test(`at ${width} px each of Kruse's five page loads has a time on the folded axis and its page under its number, no label over another`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // The playhead in load 3: played to the end, its time is written where a phone has room for
    // only one label under load 5's.
    await openLab(page, 'preset=kruse-lerc&t=65000');
    await expect(page.getByLabel('Fold idle gaps')).toBeChecked();
    const axis = await page.locator('[data-side="a"] svg.ladder-svg').evaluate((svg) => {
      const box = (el: Element) => el.getBoundingClientRect();
      const loadYs = [...svg.querySelectorAll('.load-mark line')].map((l) => box(l).top);
      const ticks = [...svg.querySelectorAll('.ladder-axis .tick-label')].map((t) => ({
        text: t.textContent,
        y: (box(t).top + box(t).bottom) / 2,
      }));
      const texts = [...svg.querySelectorAll('.ladder-axis text, .playhead-label')]
        .filter((t) => t.textContent !== '')
        .map((t) => ({ text: t.textContent, ...box(t).toJSON() }));
      const marks = [...svg.querySelectorAll('[data-load]')].map((t) => ({
        lines: [t.firstChild!.textContent, t.querySelector('.load-page')?.textContent],
        left: box(t).left - box(svg).left,
      }));
      return { loadYs, ticks, texts, marks };
    });
    // Each load's mark names its page on a line under its number, inside the axis column: the
    // mark had said "load 2" alone while the rows beside it were /acts's. On a phone the last
    // load is two lines high, and its page gives way to its one time (asserted below).
    expect(axis.marks.map((m) => m.lines)).toEqual([
      ['load 2', '/acts'],
      ['load 3', '/oufr'],
      ['load 4', '/Test'],
      ['load 5', width > 1000 ? '/LeRC' : undefined],
    ]);
    for (const m of axis.marks) expect(m.left).toBeGreaterThanOrEqual(0);
    // Load 1 runs from the top to load 2's line, load 5 from its line to the end.
    expect(axis.loadYs).toHaveLength(4);
    const bounds = [-Infinity, ...axis.loadYs, Infinity];
    for (let i = 0; i < 5; i++) {
      const own = axis.ticks.filter((t) => t.y > bounds[i] && t.y < bounds[i + 1]);
      expect(own.length, `load ${i + 1}`).toBeGreaterThan(0);
    }
    expect(overlappingPairs(axis.texts)).toEqual([]);
  });
}

/** Side `side`'s ladder scrolled 300 px sideways: the texts its axis pin draws (the elements its
 * copies are made from), once the pin shows. */
async function pinnedTexts(page: Page, side: 'a' | 'b') {
  const box = page.locator(`[data-side="${side}"] .ladder-scroll`);
  await box.evaluate((el) => {
    el.scrollLeft = 300;
    el.dispatchEvent(new Event('scroll'));
  });
  await expect(box.locator('.axis-pin')).toHaveCSS('opacity', '1');
  return box.evaluate((el) =>
    [...el.querySelectorAll('.axis-pin use')].flatMap((u) => {
      const source = document.getElementById(u.getAttribute('href')!.slice(1));
      if (!source) return [];
      const texts = source.matches('text') ? [source] : [...source.querySelectorAll('text')];
      return texts.map((t) => ({ cls: t.getAttribute('class'), text: t.textContent }));
    }),
  );
}

/** The texts of one class written on side `side`'s ladder, each once (the pin's copies are not in the page's tree). */
const axisTexts = (page: Page, side: 'a' | 'b', cls: string) =>
  page.locator(`[data-side="${side}"] svg.ladder-svg .${cls}`).allTextContents();

test("a ladder scrolled sideways keeps, at its left edge, which load is which, how long each fold is and the playhead's time", async ({
  page,
}) => {
  // On a phone Kruse's four lanes scroll sideways: the load labels and the playhead's time had
  // scrolled away with the axis, and only the tick times came back at the edge; then the folds'
  // lengths ("⋯ 24.2 s"), the time between the loads, still did.
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page, 'preset=kruse-lerc&t=65000');
  const folds = await axisTexts(page, 'a', 'fold-label');
  expect(folds.filter((f) => /^⋯ \d+(\.\d+)?\ss$/.test(f)).length).toBeGreaterThanOrEqual(3);
  const pinned = await pinnedTexts(page, 'a');
  expect(pinned.filter((t) => t.cls === 'load-label').map((t) => t.text)).toEqual([
    'load 2/acts',
    'load 3/oufr',
    'load 4/Test',
    'load 5',
  ]);
  const playhead = pinned.filter((t) => t.cls === 'playhead-label');
  expect(playhead).toHaveLength(1);
  expect(playhead[0].text).toMatch(/^65\ss$/);
  expect(pinned.filter((t) => t.cls === 'tick-label').length).toBeGreaterThan(4);
  // Every fold's label the axis writes, written once on the page.
  expect(pinned.filter((t) => t.cls === 'fold-label').map((t) => t.text)).toEqual(folds);
});

test("a comparison's ladder scrolled sideways keeps, at its left edge, where its run ended", async ({
  page,
}) => {
  // Four HTTP/1.0 connections side by side on a phone, B (delayed ACK off) over at 18 ms: its
  // "run end" label had scrolled away with the axis, the line and the shading after it left unnamed.
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page, 'http=1.0&conns=4&b.delack=off');
  await expect(runEndMark(page, 'b')).toHaveCount(1);
  const label = await axisTexts(page, 'b', 'run-end-label');
  expect(label).toEqual([expect.stringMatching(/^run end\d+(\.\d+)?\sms$/)]);
  const pinned = await pinnedTexts(page, 'b');
  expect(pinned.filter((t) => t.cls === 'run-end-label').map((t) => t.text)).toEqual(label);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px a ladder zoomed late in a long run writes its ticks whole, at their times`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // A 115 s run (400 KB over a modem) zoomed onto 1.5 s at 110 s: its ticks had been written
    // "110200 ms", too long for the axis, which showed "10200 ms", 100 s from the packets beside it.
    await openLab(page, 'link=ppp28k&objects=400000&zoom=110000,111500');
    const ticks = await page.evaluate(() => {
      const svg = document.querySelector('[data-side="a"] svg.ladder-svg')!;
      const left = svg.getBoundingClientRect().left;
      return [...svg.querySelectorAll('.ladder-axis .tick-label')].map((t) => ({
        text: t.textContent ?? '',
        inside: t.getBoundingClientRect().left >= left,
      }));
    });
    expect(ticks.length).toBeGreaterThan(2);
    for (const tick of ticks) {
      expect(tick.inside, tick.text).toBe(true);
      // Read back, each is a time inside the window zoomed onto.
      const [, value, unit] = /^([\d.]+) (ms|s)$/.exec(tick.text)!;
      const seconds = Number(value) / (unit === 'ms' ? 1000 : 1);
      expect(seconds, tick.text).toBeGreaterThanOrEqual(110);
      expect(seconds, tick.text).toBeLessThanOrEqual(111.5);
    }
  });
}

test("in a 640 x 360 embed, B's run end with no room for its label stays off the time axis", async ({
  page,
}) => {
  // B ends at 17.5 ms, just above the playhead's label at 190 ms (the folded axis): its own label
  // gives way, and the bare line had run through the axis column, read as one of its ticks.
  await page.setViewportSize({ width: 640, height: 360 });
  await openLab(page, 'preset=heidemann-odd-final&b.nagle=0&embed=1&view=ladder');
  const mark = runEndMark(page, 'b');
  await expect(mark).toHaveCount(1);
  await expect(page.locator('[data-side="b"] .run-end-label')).toHaveCount(0);
  const { lineLeft, axisRight } = await page.evaluate(() => {
    const svg = document.querySelector('[data-side="b"] svg.ladder-svg')!;
    const ticks = [...svg.querySelectorAll('.tick-label, .fold-label, .playhead-label')];
    return {
      lineLeft: svg.querySelector('.run-end-mark line')!.getBoundingClientRect().left,
      axisRight: Math.max(...ticks.map((t) => t.getBoundingClientRect().right)),
    };
  });
  expect(lineLeft).toBeGreaterThan(axisRight);
});

test("zoomed onto a fold's end on a phone, the ticks read apart and the fold's length stays in view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The 4 ms after the Nagle fold take most of the view, ticked every half millisecond: written to
  // the view's whole ms they had read "322 ms, 322 ms, 323 ms, 323 ms ...".
  await openLab(page, 'v=1&zoom=250.075503,325.412024');
  const ticks = page.locator('[data-side="a"] .ladder-axis .tick-label');
  await expect(ticks).toHaveText([
    '321.5 ms',
    '322 ms',
    '322.5 ms',
    '323 ms',
    '323.5 ms',
    '324 ms',
    '324.5 ms',
    '325 ms',
  ]);
  // Pinched onto the delayed ACK's end: the fold inside it runs far above the view, and its length
  // is written beside its part in view, not at its middle, where it had been cut at the top edge.
  await openLab(page, 'v=1&zoom=125.237536,324.255784');
  const inView = await page.locator('[data-side="a"] svg.ladder-svg').evaluate((svg) => {
    // The view's top edge, where the host lines start.
    const top = svg.querySelector('[data-lane] line')!.getAttribute('y1');
    return [...svg.querySelectorAll<SVGTextElement>('.ladder-axis .fold-label')].map((t) => {
      const box = t.getBBox();
      return { text: t.textContent!.replace(/\s/g, ' '), middle: box.y + box.height / 2 - Number(top) };
    });
  });
  expect(inView.map((f) => f.text)).toContain('⋯ 116 ms');
  for (const f of inView) expect(f.middle, f.text).toBeGreaterThanOrEqual(0);
});
