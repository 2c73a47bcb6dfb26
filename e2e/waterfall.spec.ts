// The waterfall as a student reads it: stream numbers clear of the object names, the time axis
// and the legend in sight while a long list of objects scrolls, and every phase visible on the
// panel in both themes.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openLab } from './lab';

const waterfall = (page: Page) => page.locator('[data-view="waterfall"]');
/** The box the waterfall's rows scroll in. */
const SCROLL_BOX = '[role="region"][aria-label="Waterfall, scrollable"]';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each HTTP/2 row's stream number and object name as drawn. */
async function streamAndName(rows: Locator): Promise<Array<{ stream: Box; name: Box; bar: number }>> {
  return rows.evaluateAll((els) =>
    els.map((row) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      const bars = [...row.querySelectorAll('[data-phase]')].map((r) => r.getBoundingClientRect().x);
      return {
        stream: box(row.querySelector('.row-label-stream')!),
        name: box(row.querySelector('[data-row-name]')!),
        bar: Math.min(...bars),
      };
    }),
  );
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px an HTTP/2 row's stream number and object name do not overlap`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLab(page, 'v=1&preset=wang-spdy');
    const rows = waterfall(page).locator('[data-exchange][data-stream]');
    expect(await rows.count()).toBeGreaterThan(20); // two- and three-digit streams
    const svgLeft = await waterfall(page)
      .locator('svg.waterfall-svg')
      .first()
      .evaluate((el) => el.getBoundingClientRect().x);
    for (const { stream, name, bar } of await streamAndName(rows)) {
      expect(stream.x).toBeGreaterThanOrEqual(svgLeft);
      expect(name.x, 'the name starts after its stream number').toBeGreaterThanOrEqual(
        stream.x + stream.width + 4,
      );
      expect(name.x + name.width, 'the name ends before the bars').toBeLessThanOrEqual(bar);
    }
  });
}

/** Time-axis labels of the waterfall that a reader can see: inside the scrolled box, on top. */
async function visibleTicks(page: Page): Promise<string[]> {
  return waterfall(page).evaluate((view, scrollBox) => {
    const box = document.querySelector(scrollBox)!.getBoundingClientRect();
    return [...view.querySelectorAll('text.tick-label')]
      .filter((t) => {
        const r = t.getBoundingClientRect();
        const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
        if (cy < box.top || cy > box.bottom || cx < box.left || cx > box.right) return false;
        const hit = document.elementFromPoint(cx, cy);
        return hit === t || t.contains(hit);
      })
      .map((t) => t.textContent ?? '');
  }, SCROLL_BOX);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px a long waterfall keeps its time axis and legend in view and says it scrolls`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLab(page, 'preset=nielsen-wan-pipe-first');
    const view = waterfall(page);
    const region = page.locator(SCROLL_BOX);
    await region.scrollIntoViewIfNeeded();
    await expect(view.locator('[data-exchange]')).toHaveCount(43);
    const scrolls = await region.evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(scrolls).toBe(true);
    for (const at of ['top', 'middle', 'end'] as const) {
      await region.evaluate((el, where) => {
        const most = el.scrollHeight - el.clientHeight;
        el.scrollTop = where === 'top' ? 0 : where === 'middle' ? most / 2 : most;
      }, at);
      const ticks = await visibleTicks(page);
      expect(
        ticks.filter((t) => /\d/.test(t)).length,
        `time axis in view at the ${at}`,
      ).toBeGreaterThanOrEqual(3);
      const legend = view.getByRole('list', { name: 'Waterfall phases' });
      await expect(legend).toBeInViewport();
      const [regionBox, legendBox] = [(await region.boundingBox())!, (await legend.boundingBox())!];
      expect(legendBox.y, 'the legend sits below the scrolled rows').toBeGreaterThanOrEqual(
        regionBox.y + regionBox.height - 1,
      );
    }
    // Where the list goes on, the panel says so, and says it again at the end.
    await expect(view.getByText('43 requests; scroll up for the first')).toBeVisible();
    await region.evaluate((el) => (el.scrollTop = 0));
    await expect(view.getByText('43 requests; scroll for more')).toBeVisible();
  });
}

test('a short waterfall does not scroll and says nothing about scrolling', async ({ page }) => {
  await openLab(page, '');
  const view = waterfall(page);
  await page.locator(SCROLL_BOX).scrollIntoViewIfNeeded();
  expect(await page.locator(SCROLL_BOX).evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  await expect(view.getByText(/scroll/)).toHaveCount(0);
  expect((await visibleTicks(page)).length).toBeGreaterThanOrEqual(3);
});

/**
 * For every phase mark (bars and legend swatches): the contrast against the panel of its outline
 * and of its fill as painted over the panel, WCAG 2.
 */
async function phaseContrasts(page: Page) {
  return waterfall(page).evaluate((view) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const lum = ([r, g, b]: number[]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const card = rgb(getComputedStyle(view.querySelector('svg.waterfall-svg > rect')!).fill);
    const marks = [
      ...view.querySelectorAll('svg.waterfall-svg [data-phase]'),
      ...view.querySelectorAll('[aria-label="Waterfall phases"] [data-phase]'),
    ];
    return marks.map((mark) => {
      const style = getComputedStyle(mark);
      const alpha = Number(style.fillOpacity) * Number(style.opacity);
      const fill = rgb(style.fill).map((c, i) => c * alpha + card[i] * (1 - alpha));
      const outlined = style.stroke !== 'none' && parseFloat(style.strokeWidth) >= 1;
      return {
        phase: mark.getAttribute('data-phase')!,
        fill: ratio(fill, card),
        outline: outlined ? ratio(rgb(style.stroke), card) : 0,
      };
    });
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    // The legend names the wait for a server process, the TLS handshake and a request held at the
    // client only where some request had one.
    for (const [query, phases] of [
      ['', 6],
      ['preset=kruse-oufr', 6],
      ['preset=kruse-test&conns=16', 7],
      ['http=1.0&conns=4&tls=1.3', 8],
    ] as const) {
      test(`every waterfall phase stands out from the panel (${query || 'default page'})`, async ({
        page,
      }) => {
        await openLab(page, query);
        const marks = await phaseContrasts(page);
        expect(new Set(marks.map((m) => m.phase)).size).toBe(phases);
        for (const m of marks)
          expect(
            Math.max(m.fill, m.outline),
            `${m.phase}: fill ${m.fill}, outline ${m.outline}`,
          ).toBeGreaterThanOrEqual(3);
      });
    }
  });
}

/** Whether side A's fade is shown, and whether it lies over A's last row of bars. */
async function sideAFadeAndLastRow(page: Page) {
  return page.locator(SCROLL_BOX).evaluate((box) => {
    const a = box.querySelector('[data-waterfall-side="a"]')!;
    const fade = a.querySelector('.waterfall-fade')!;
    const rows = a.querySelectorAll('[data-exchange]');
    const bars = [...rows[rows.length - 1].querySelectorAll('[data-phase]')].map((r) =>
      r.getBoundingClientRect(),
    );
    const [fadeBox, shown] = [fade.getBoundingClientRect(), box.getBoundingClientRect()];
    return {
      fadeShown: getComputedStyle(fade).visibility === 'visible',
      lastRowInView: bars.every((r) => r.top >= shown.top && r.bottom <= shown.bottom),
      fadeOverLastRow: bars.some((r) => r.bottom > fadeBox.top && r.top < fadeBox.bottom),
    };
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px a comparison's fade never washes out run A's last row`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // Two runs of three minutes' traffic: on a phone the ladder shows them as an overview (no
    // packet drawn until zoomed), so the waterfall's rows are what to wait for.
    await page.goto('/?preset=kruse-oufr&b.iw=10');
    for (const side of ['a', 'b'])
      await expect(page.locator(`[data-waterfall-side="${side}"] [data-exchange]`).first()).toBeAttached({
        timeout: 20_000,
      });
    const region = page.locator(SCROLL_BOX);
    await region.scrollIntoViewIfNeeded();
    // At the top, A's rows go on below: the fade says so.
    await region.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(async () => (await sideAFadeAndLastRow(page)).fadeShown).toBe(true);
    // A's end in the middle of the box, B's rows below it: A's last row is whole and unwashed.
    await region.evaluate((el) => {
      const a = el.querySelector('[data-waterfall-side="a"]')!;
      const aBottom = a.getBoundingClientRect().bottom - el.getBoundingClientRect().top + el.scrollTop;
      el.scrollTop = aBottom - el.clientHeight / 2;
    });
    await expect(page.getByText(/requests; scroll for more/)).toBeVisible(); // B goes on below
    await expect
      .poll(async () => {
        const { fadeShown, lastRowInView, fadeOverLastRow } = await sideAFadeAndLastRow(page);
        return { lastRowInView, washed: fadeShown && fadeOverLastRow };
      })
      .toEqual({ lastRowInView: true, washed: false });
  });
}

test("Kruse's five loads: the waterfall folds the waits between loads as the ladder does, and unfolds with it", async ({
  page,
}) => {
  await openLab(page, 'preset=kruse-test');
  const view = waterfall(page);
  await view.scrollIntoViewIfNeeded();
  const figure = view.locator('[data-waterfall-side="a"] svg.waterfall-svg');
  await expect(figure.locator('.fold-mark')).toHaveCount(4);
  await expect(figure.locator('[data-fold-label]').first()).toHaveText(/^⋯ \d+(\.\d)?\ss$/);
  // The first load's HTML row, from its first phase to its last, is wide enough to read.
  const htmlBar = await figure.locator('[data-exchange="0"] [data-phase]').evaluateAll((els) => {
    const boxes = els.map((e) => e.getBoundingClientRect());
    return Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left));
  });
  expect(htmlBar).toBeGreaterThan(30);
  await page.getByLabel('Fold idle gaps').uncheck();
  await expect(figure.locator('.fold-mark')).toHaveCount(0);
});

test('a request lost with its connection ends in a cross where it was asked again, and the legend says so', async ({
  page,
}) => {
  // Kruse 4.2's stale connections: three requests meet the RST of a connection the server closed.
  await openLab(page, 'stale=1&katimeout=1&loads=2&loadgap=2&http=1.0ka');
  const lost = waterfall(page).locator('[data-lost]');
  await expect(lost).toHaveCount(3);
  await expect(lost.first().locator('title')).toContainText('asked for again');
  // Each cross is left of the end of the run: the row no longer runs on to it.
  const ends = await lost.evaluateAll((rows) =>
    rows.map((row) => {
      const mark = row.querySelector('[data-lost-mark]')!.getBoundingClientRect();
      const bars = [...row.querySelectorAll('[data-phase]')].map((r) => r.getBoundingClientRect().right);
      return { mark: mark.right, bars: Math.max(0, ...bars) };
    }),
  );
  const svg = await waterfall(page).locator('svg.waterfall-svg').first().boundingBox();
  for (const { mark, bars } of ends) {
    expect(bars).toBeLessThanOrEqual(mark);
    expect(mark).toBeLessThan(svg!.x + svg!.width * 0.75);
  }
  await expect(waterfall(page).getByText('lost with its connection')).toBeVisible();
  // Nothing lost on the default page: no cross in the legend.
  await openLab(page, '');
  await expect(waterfall(page).getByText('lost with its connection')).toHaveCount(0);
});

test('the legend names the playhead, the magenta line the waterfall draws at the playback time', async ({
  page,
}) => {
  await openLab(page);
  const legend = waterfall(page).getByRole('list', { name: 'Waterfall phases' });
  const entry = legend.locator('[data-legend="playhead"]');
  await expect(entry).toHaveText('playhead: where playback has reached');
  // Its mark is the colour of the line drawn over the rows.
  const drawn = await waterfall(page)
    .locator('svg.waterfall-svg line[stroke-width="1.5"]')
    .first()
    .getAttribute('stroke');
  await expect(entry.locator('line')).toHaveAttribute('stroke', drawn!);
});

test("a line marks where the page loaded, at the end of its last object's bar and at the headline's time", async ({
  page,
}) => {
  // The Yahoo page over HTTP/3: the run goes on about 30 ms past the page (ACKs and the close),
  // so the axis's end is not the page's time.
  await openLab(page, 'http=3&link=lte');
  const figure = waterfall(page).locator('svg.waterfall-svg').first();
  const line = figure.locator('[data-load-end]');
  await expect(line).toHaveCount(1);
  const headline = await page.locator('[data-callout]').first().textContent();
  const took = /The page took\s*([\d.]+)\s*ms/.exec(headline ?? '')?.[1];
  expect(took).toBeDefined();
  await expect(line.locator('title')).toHaveText(
    `The page loaded: its last object arrived ${took} ms after it began`,
  );
  const { lineX, barsEnd, axisEnd } = await figure.evaluate((svg) => {
    const right = (els: Element[]) => Math.max(...els.map((e) => e.getBoundingClientRect().right));
    return {
      lineX: svg.querySelector('[data-load-end]')!.getBoundingClientRect().x,
      barsEnd: right([...svg.querySelectorAll('[data-exchange] [data-phase]')]),
      axisEnd: svg.getBoundingClientRect().right,
    };
  });
  expect(Math.abs(lineX - barsEnd)).toBeLessThan(1.5);
  expect(lineX).toBeLessThan(axisEnd - 20);
  await expect(
    waterfall(page).getByRole('list', { name: 'Waterfall phases' }).locator('[data-legend="load-end"]'),
  ).toHaveText('page loaded: its last object arrived');
  // Playback back at the start: the page has not loaded yet, and the line is not drawn.
  await page.getByRole('slider', { name: 'Playhead' }).focus();
  await page.keyboard.press('Home');
  await expect(line).toHaveCount(0);
  // Kruse's five loads: a line for each.
  await openLab(page, 'preset=kruse-test');
  await expect(waterfall(page).locator('svg.waterfall-svg').first().locator('[data-load-end]')).toHaveCount(
    5,
  );
});

test('a connection’s “3 streams” reads whole where its page-loaded line ends under it', async ({ page }) => {
  // HTTP/2 on B loads the page in 26 ms of A's 523 ms axis: its load line falls on the label.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLab(page, 'b.http=2');
  const side = page.locator('[data-waterfall-side="b"]');
  const line = side.locator('[data-load-end]');
  await expect(line).toHaveCount(1);
  const label = side.locator('text', { hasText: '3 streams' });
  await label.scrollIntoViewIfNeeded();
  const lineBox = (await line.boundingBox())!;
  const textBox = (await label.boundingBox())!;
  const x = lineBox.x + lineBox.width / 2;
  expect(x).toBeGreaterThan(textBox.x);
  expect(x).toBeLessThan(textBox.x + textBox.width);
  // What is painted on top where the line crosses the words: the words (it had been the line).
  const onTop = await page.evaluate(
    ([px, py]) => {
      // The element's own words, not its tooltip's.
      const el = document.elementFromPoint(px, py);
      return el
        ? [...el.childNodes].map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : '')).join('')
        : null;
    },
    [x, textBox.y + textBox.height / 2],
  );
  expect(onTop).toBe('3 streams');
});

// The TLS handshake had read "waiting its turn 5.13 ms" (HTTP/3's handshake read "connecting"),
// and a GET Nagle held 184 ms at the client "request on the wire 185 ms".
for (const [query, row, phrases] of [
  [
    'tls=1.3',
    '/',
    [
      'connecting 0.481 ms',
      'TLS handshake 4.63 ms',
      'waiting its turn 0.5 ms',
      'request held by Nagle 3.21 ms',
    ],
  ],
  [
    'http=2',
    '/',
    [
      'connecting 0.481 ms',
      'TLS handshake 4.63 ms',
      'waiting its turn 0.5 ms',
      'request held by Nagle 3.21 ms',
    ],
  ],
  ['http=3', '/', ['connecting (QUIC and TLS at once) 4.99 ms', 'waiting its turn 0.5 ms']],
  [
    'http=1.0&conns=4&tls=1.3',
    '/images/yahoo1.gif',
    ['TLS handshake 6.75 ms', 'request held by Nagle 184 ms'],
  ],
] as const)
  test(`a row's tooltip names its TLS handshake, and a request held at the client (${query})`, async ({
    page,
  }) => {
    await openLab(page, query);
    const titles = await waterfall(page).locator('[data-exchange] > title').allTextContents();
    const title = titles.find((t) => t.startsWith(`${row} on `))!;
    expect(title).toBeDefined();
    // Figures and units are joined by a no-break space.
    const parts = /\((.*)\)$/.exec(title)![1].replace(/\s/g, ' ').split(', ');
    for (const phrase of phrases) expect(parts, title).toContain(phrase);
    expect(title).not.toMatch(/waiting its turn\s[1-9]/);
    const legend = await page.locator('[aria-label="Waterfall phases"] li').allTextContents();
    expect(legend.includes('TLS handshake')).toBe(query !== 'http=3');
    expect(legend.includes('request held at the client')).toBe(phrases.some((p) => p.includes('held')));
  });

/** A duration as the tooltips write it ("0.389 ms", "206 ms", "1.52 s"), in ms. */
const readMs = (text: string) => Number(text.split(/\s/)[0]) * (/\ss$/.test(text) ? 1000 : 1);

for (const query of ['', 'page=microscape&http=1.0&conns=4', 'http=2']) {
  test(`a row's tooltip gives the length of its bar, which its phases add up to (${query || 'the default page'})`, async ({
    page,
  }) => {
    // yahoo1.gif waits its turn for 200 ms behind the HTML: its tooltip had said "6.51 ms (waiting
    // its turn 200 ms, ...)", the time from its request only, a part longer than the whole.
    await openLab(page, query);
    const titles = await waterfall(page).locator('[data-exchange] > title').allTextContents();
    expect(titles.length).toBeGreaterThan(2);
    for (const title of titles) {
      const m = /: ([\d.]+\sm?s) \((.*)\)$/.exec(title);
      expect(m, title).not.toBeNull();
      const total = readMs(m![1]);
      const parts = m![2].split(', ').map((part) => readMs(/([\d.]+\sm?s)$/.exec(part)![1]));
      const sum = parts.reduce((a, b) => a + b, 0);
      // Each figure is rounded as written: to 1 ms from 10 ms up, finer below.
      expect(Math.abs(sum - total), title).toBeLessThanOrEqual(0.5 * (parts.length + 1));
    }
  });
}

for (const scheme of ['light', 'dark'] as const)
  for (const width of [1280, 390])
    test(`an HTTP/2 page loaded twice: "load N" heads as the outer level, "connection 1" set in under it (${scheme}, ${width} px)`, async ({
      page,
    }) => {
      // Both headings had been the same 12 px bold at the same place: which held which was unclear.
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await openLab(page, 'http=2&loads=2&link=wan');
      const figure = waterfall(page).locator('svg.waterfall-svg').first();
      await expect(figure.locator('[data-load-heading]')).toHaveCount(2);
      await expect(figure.locator('[data-connection-group]')).toHaveCount(2);
      const drawn = await figure.evaluate((svg) => {
        const look = (el: Element) => {
          const css = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          return {
            size: parseFloat(css.fontSize),
            weight: Number(css.fontWeight),
            fill: css.fill,
            left: r.left,
            right: r.right,
            y: r.y + r.height / 2,
          };
        };
        const text = (sel: string) => [...svg.querySelectorAll(`${sel} > text`)].map(look);
        const names = [...svg.querySelectorAll('[data-exchange] [data-row-name]')].map(look);
        const bars = [...svg.querySelectorAll('[data-phase]')].map((p) => p.getBoundingClientRect().left);
        return {
          loads: text('[data-load-heading]'),
          conns: text('[data-connection-group]'),
          names,
          barsLeft: Math.min(...bars),
        };
      });
      drawn.conns.forEach((conn, k) => {
        const load = drawn.loads[k];
        // The load's heading above its connection's, larger and bolder; the connection's set in
        // and in the softer ink, yet no lighter than its rows' names.
        expect(conn.y - load.y, `load ${k + 1}`).toBeCloseTo(22, 0);
        expect(load.size).toBeGreaterThan(conn.size);
        expect(load.weight).toBeGreaterThan(conn.weight);
        expect(conn.weight).toBeGreaterThan(drawn.names[0].weight);
        expect(conn.left - load.left).toBeGreaterThanOrEqual(10);
        expect(conn.fill).not.toBe(load.fill);
        expect(conn.right).toBeLessThan(drawn.barsLeft);
        expect(load.right).toBeLessThan(drawn.barsLeft);
      });
      // Loaded once, the connection's heading is the top level: bold, at the left edge.
      await openLab(page, 'http=2&link=wan');
      const single = waterfall(page).locator('[data-connection-group] > text');
      await expect(single).toHaveCount(1);
      expect(await single.evaluate((el) => Number(getComputedStyle(el).fontWeight))).toBe(700);
      expect(await single.getAttribute('x')).toBe('4');
    });

for (const width of [1280, 390])
  test(`loads of different pages head their rows with the page: "load 2 · /acts", clear of the bars (${width} px)`, async ({
    page,
  }) => {
    // Kruse's loop (/LeRC, /acts, /oufr, /Test, /LeRC): the headings had said "load 2" alone.
    await page.setViewportSize({ width, height: 900 });
    for (const query of ['preset=kruse-lerc', 'preset=kruse-lerc&http=getall']) {
      await openLab(page, query);
      const figure = waterfall(page).locator('svg.waterfall-svg').first();
      await figure.scrollIntoViewIfNeeded();
      await expect(figure.locator('[data-load-heading] > text')).toHaveText([
        'load 1 · /LeRC',
        'load 2 · /acts',
        'load 3 · /oufr',
        'load 4 · /Test',
        'load 5 · /LeRC',
      ]);
      const drawn = await figure.evaluate((svg) => {
        const box = (el: Element) => el.getBoundingClientRect();
        const headings = [...svg.querySelectorAll('[data-load-heading] > text')].map((t) => box(t));
        const bars = [...svg.querySelectorAll('[data-exchange] [data-phase]')].map((p) => box(p).left);
        return {
          left: Math.min(...headings.map((h) => h.left)) - box(svg).left,
          right: Math.max(...headings.map((h) => h.right)),
          barsLeft: Math.min(...bars),
          barsShare: (box(svg).right - Math.min(...bars)) / box(svg).width,
        };
      });
      expect(drawn.left, query).toBeGreaterThanOrEqual(0);
      expect(drawn.right, query).toBeLessThan(drawn.barsLeft);
      // The bars keep most of a phone's figure.
      expect(drawn.barsShare, query).toBeGreaterThan(0.6);
    }
  });

for (const width of [1280, 390])
  test(`a page loaded three times heads each load's rows: "load 1" to "load 3", each bar ending at its page-loaded line (${width} px)`, async ({
    page,
  }) => {
    // Three "/" rows and three page-loaded lines had followed one another, none labelled.
    await page.setViewportSize({ width, height: 900 });
    await openLab(page, 'loads=3&link=wan');
    const figure = waterfall(page).locator('svg.waterfall-svg').first();
    await figure.scrollIntoViewIfNeeded();
    const headings = figure.locator('[data-load-heading]');
    await expect(headings).toHaveCount(3);
    await expect(headings.locator('text')).toHaveText(['load 1', 'load 2', 'load 3']);
    await expect(headings.nth(1).locator('title')).toHaveText(
      /^Load 2 of 3, the rows below: the page loaded [\d.]+\sms after it began$/,
    );
    const drawn = await figure.evaluate((svg) => {
      const box = (el: Element) => el.getBoundingClientRect();
      const mid = (el: Element) => box(el).y + box(el).height / 2;
      const rows = [...svg.querySelectorAll('[data-exchange]')].map((row) => ({
        name: row.querySelector('[data-row-name]')!.textContent,
        y: mid(row.querySelector('[data-row-name]')!),
        nameRight: box(row.querySelector('[data-row-name]')!).right,
        barsLeft: Math.min(...[...row.querySelectorAll('[data-phase]')].map((p) => box(p).left)),
      }));
      const headings = [...svg.querySelectorAll('[data-load-heading]')].map((h) => ({
        y: mid(h.querySelector('text')!),
        left: box(h.querySelector('text')!).left,
        right: box(h.querySelector('text')!).right,
        barLeft: box(h.querySelector('[data-load-bar]')!).left,
        barRight: box(h.querySelector('[data-load-bar]')!).right,
      }));
      const ends = [...svg.querySelectorAll('[data-load-end]')].map((l) => box(l).x);
      return { rows, headings, ends, svgLeft: box(svg).left };
    });
    expect(drawn.rows.map((r) => r.name)).toEqual(Array(3).fill(['/', 'yahoo1.gif', 'yahoo2.gif']).flat());
    drawn.headings.forEach((h, k) => {
      // One row above its load's "/" row, below the last row of the load before.
      const first = drawn.rows[3 * k];
      expect(first.y - h.y, `load ${k + 1}`).toBeCloseTo(22, 0);
      if (k > 0) expect(h.y - drawn.rows[3 * k - 1].y).toBeCloseTo(22, 0);
      // In the label column, clear of every bar; its bar from the load's first row to where it loaded.
      expect(h.left).toBeGreaterThanOrEqual(drawn.svgLeft);
      expect(h.right).toBeLessThan(Math.min(...drawn.rows.map((r) => r.barsLeft)));
      expect(Math.abs(h.barLeft - first.barsLeft)).toBeLessThan(1.5);
      expect(Math.abs(h.barRight - drawn.ends[k])).toBeLessThan(1.5);
    });
    // A page loaded once has no heading.
    await openLab(page, 'link=wan');
    await expect(waterfall(page).locator('[data-load-heading]')).toHaveCount(0);
  });
