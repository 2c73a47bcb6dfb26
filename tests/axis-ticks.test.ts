// The y axes of the time-sequence plot (bytes in KB or MB) and of the congestion strips (three ticks).
import { describe, expect, it } from 'vitest';
import { byteAxis, byteAxisBetween, stripAxis } from '../src/views/axisTicks';
import { formatBytes, formatDuration, formatTick, shownNs, stepDecimals } from '../src/views/format';
import { axisTime } from '../src/views/LadderAxis';
import { scaleLinear } from '../src/views/piecewiseScale';
import { stretchTicks, type Gap } from '../src/views/timeScale';

const labels = (axis: { ticks: Array<{ label: string }> }) => axis.ticks.map((t) => t.label);

describe('the sequence axis', () => {
  it('writes a long run in megabytes, not as raw byte counts', () => {
    const axis = byteAxis(38_000_000, 6);
    expect(labels(axis)).toEqual([
      '0',
      '5 MB',
      '10 MB',
      '15 MB',
      '20 MB',
      '25 MB',
      '30 MB',
      '35 MB',
      '40 MB',
    ]);
    expect(axis.top).toBe(40 * 2 ** 20);
  });

  it('writes a small page in kilobytes', () => {
    const axis = byteAxis(150_000, 6);
    expect(labels(axis).at(-1)).toBe('160 KB');
    expect(axis.ticks.at(-1)!.value).toBe(160 * 1024);
  });

  it('keeps a label short whatever the run: at most 7 characters up to gigabytes', () => {
    for (const maxBytes of [10, 900, 1500, 60_000, 999_999, 1_100_000, 123_456_789, 987_654_321, 5e9]) {
      const axis = byteAxis(maxBytes, 6);
      expect(axis.top).toBeGreaterThanOrEqual(maxBytes);
      expect(axis.ticks.at(-1)!.value).toBe(axis.top);
      for (const label of labels(axis)) expect(label.length, `${maxBytes}: ${label}`).toBeLessThanOrEqual(7);
    }
  });

  it('counts a connection that sent nothing in whole bytes', () => {
    expect(labels(byteAxis(1, 6))).toEqual(['0', '2 B', '4 B', '6 B', '8 B', '10 B']);
  });
});

describe('a zoomed sequence axis', () => {
  it('spans exactly the range it is given, ticked inside it in round steps of MB or KB', () => {
    const axis = byteAxisBetween(2_800_000, 3_900_000, 6);
    expect([axis.bottom, axis.top]).toEqual([2_800_000, 3_900_000]);
    expect(labels(axis)).toEqual(['2.8 MB', '3 MB', '3.2 MB', '3.4 MB', '3.6 MB']);
    // Under a hundredth of a megabyte a step, kilobytes: "3620 KB", not "3.535 MB".
    expect(labels(byteAxisBetween(3_700_000, 3_730_000, 6))).toEqual([
      '3615 KB',
      '3620 KB',
      '3625 KB',
      '3630 KB',
      '3635 KB',
      '3640 KB',
    ]);
  });

  it('widens a range too narrow for whole bytes or for labels that fit left of the plot, about its middle', () => {
    for (const [low, high] of [
      [20_000_000, 20_000_100],
      [8_240_241, 8_240_241],
      [900_000, 900_010],
      [0, 0],
    ]) {
      const axis = byteAxisBetween(low, high, 6);
      expect(axis.bottom).toBeLessThanOrEqual(low);
      expect(axis.top).toBeGreaterThanOrEqual(high);
      expect(axis.bottom + axis.top).toBeCloseTo(low + high, -2);
      expect(axis.ticks.length).toBeGreaterThanOrEqual(3);
      for (const label of labels(axis)) {
        expect(label, `${low}-${high}`).toMatch(/^(0|\d+ B|[\d.]+ (KB|MB))$/);
        expect(label.length, `${low}-${high}: ${label}`).toBeLessThanOrEqual(8);
      }
    }
    expect(labels(byteAxisBetween(20_000_000, 20_000_100, 6))).toContain('19531 KB');
  });
});

describe('a congestion strip', () => {
  it('has three ticks, 0, a round step and twice it, the top at or above the largest value', () => {
    for (let max = 0.003; max < 5e6; max *= 1.37) {
      const axis = stripAxis(max);
      expect(axis.ticks.map((t) => t.value)).toEqual([0, axis.top / 2, axis.top]);
      expect(axis.top).toBeGreaterThanOrEqual(max);
      expect(axis.top).toBeLessThan(2 * max);
    }
  });

  it('labels its ticks in round numbers', () => {
    expect(labels(stripAxis(4.32))).toEqual(['0', '2.5', '5']);
    expect(labels(stripAxis(108))).toEqual(['0', '60', '120']);
    expect(labels(stripAxis(0.27))).toEqual(['0', '0.15', '0.3']);
  });
});

describe('sizes', () => {
  it('are written as before below a gigabyte, in GB above it', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20_000_000)).toBe('19.1 MB');
    expect(formatBytes(3 * 2 ** 30)).toBe('3 GB');
  });
});

describe('durations', () => {
  it('write a wait that rounds to a second as "1 s", as the breakdown beside it does', () => {
    // The default page at 5% loss has an RTO wait of 999.786 ms: the ladder had labelled it
    // "1000 ms" while "where did the time go" gave the cause "1 s".
    expect(formatDuration(999.786e6)).toBe('1\u00a0s');
    expect(formatDuration(999.4e6)).toBe('999\u00a0ms');
    expect(formatDuration(1000.2e6)).toBe('1\u00a0s');
    expect(formatDuration(9.996e6)).toBe('10\u00a0ms');
    expect(formatDuration(1234e6)).toBe('1.23\u00a0s');
  });
});

describe('time ticks', () => {
  it('are written in ms on an axis that ends before 10 s, as before', () => {
    expect(formatTick(4.2e6, 20e6, 25e6)).toBe('4.2 ms');
    expect(formatTick(9800e6, 1e9, 9900e6)).toBe('9800 ms');
    expect(formatTick(12e9, 60e9, 60e9)).toBe('12 s');
  });

  it('are written in seconds, as precise as the span asks, on an axis zoomed late in a long run', () => {
    // "174200 ms" was too long for the ladder's axis, which cut it to "74200 ms".
    expect(formatTick(174.2e9, 1.4e9, 175e9)).toBe('174.2 s');
    expect(formatTick(174e9, 1.4e9, 175e9)).toBe('174 s');
    expect(formatTick(87_766.5e6, 20e6, 87_770e6)).toBe('87.7665 s');
    expect(formatTick(10_000.25e6, 2e6, 10_001e6)).toBe('10.00025 s');
  });
});

describe('a tick step', () => {
  it('asks for as many decimals as its multiples need to be written exactly', () => {
    expect([10, 5, 2, 1].map(stepDecimals)).toEqual([0, 0, 0, 0]);
    expect([0.5, 0.2, 0.1].map(stepDecimals)).toEqual([1, 1, 1]);
    expect([0.05, 0.02, 0.01].map(stepDecimals)).toEqual([2, 2, 2]);
    expect([0.005, 0.0005, 0.000_002].map(stepDecimals)).toEqual([3, 4, 6]);
    // No step (an axis with no ticks), or a degenerate one: no decimals of its own.
    expect([Infinity, 0, NaN].map(stepDecimals)).toEqual([0, 0, 0]);
  });

  it("writes ticks half a millisecond apart to the half, whatever the view's span", () => {
    // An 89 ms view, most of it folded, with ticks half a millisecond apart after the fold: to the
    // span's whole ms they had read "322 ms" twice.
    expect([321.5e6, 322e6, 322.5e6].map((t) => formatTick(t, 89e6, 325e6, 0.5e6))).toEqual([
      '321.5 ms',
      '322 ms',
      '322.5 ms',
    ]);
    // Seconds alike: a run past 10 s, ticks 5 ms apart in a 6 s view.
    expect([113.005e9, 113.01e9].map((t) => formatTick(t, 6e9, 150e9, 5e6))).toEqual([
      '113.005 s',
      '113.01 s',
    ]);
  });
});

describe('a time as shown', () => {
  it('is the time formatDuration writes, so differences between shown times add up', () => {
    expect(shownNs(189_700_000)).toBe(190e6);
    expect(shownNs(390_300_000)).toBe(390e6);
    expect(shownNs(2_618_000_000)).toBeCloseTo(2.62e9, 0);
    expect(shownNs(456_700)).toBeCloseTo(457_000, 3);
    expect(shownNs(123_456_000_000)).toBe(123e9);
  });
});

describe("the ladder's ticks", () => {
  /** The tick labels down a ladder's view from `top` to `bottom` of the scale `y`, with `gaps` folded. */
  const tickTexts = (
    y: ReturnType<typeof scaleLinear>,
    [top, bottom]: [number, number],
    gaps: Gap[] = [],
  ) => {
    const time = axisTime(y, top, bottom, gaps);
    return stretchTicks(y, [y.invert(top), y.invert(bottom)], gaps, (bottom - top) / 8).flatMap((s) =>
      s.ticks.map((t) => ({ t, text: time(t) })),
    );
  };
  /** The time a label writes, in ns. */
  const read = (text: string) => Number.parseFloat(text) * (text.endsWith(' s') ? 1e9 : 1e6);
  const PHONE: [number, number] = [40, 456];
  const DESKTOP: [number, number] = [40, 566];

  it('are told apart after a fold, where the view is mostly folded time (a phone, zoomed by a pinch)', () => {
    // The default page zoomed onto 236 to 325 ms: 85 ms of it folded into 22 px, the 4 ms after the
    // fold given the rest. Written to the view's whole ms, the eight ticks had read "322 ms, 322 ms,
    // 323 ms, 323 ms, 324 ms, 324 ms, 325 ms, 325 ms".
    const gaps = [{ startNs: 200e6, endNs: 321.319e6 }];
    const y = scaleLinear().domain([236.235e6, 321.319e6, 325.412e6]).range([40, 62, 456]);
    expect(tickTexts(y, PHONE, gaps).map((l) => l.text)).toEqual([
      '321.5 ms',
      '322 ms',
      '322.5 ms',
      '323 ms',
      '323.5 ms',
      '324 ms',
      '324.5 ms',
      '325 ms',
    ]);
  });

  it('each read as the time they stand at, on deep zooms and long runs, on a phone and a desktop', () => {
    const views: Array<[string, number, number, Gap[]]> = [
      ['4 µs', 322_000_000, 322_004_000, []],
      ['40 µs', 322_000_000, 322_040_000, []],
      ['a second late in a long run', 150e9, 151e9, []],
      ['a whole 300 s run', 0, 300e9, []],
      // A long run with most of it folded: 60 ms of it after the fold.
      ['60 ms after a long fold', 100e9, 180.06e9, [{ startNs: 50e9, endNs: 180e9 }]],
    ];
    for (const [name, fromNs, toNs, gaps] of views)
      for (const [top, bottom] of [PHONE, DESKTOP]) {
        const foldNs = gaps.length ? gaps[0].endNs : fromNs;
        const y = gaps.length
          ? scaleLinear()
              .domain([fromNs, foldNs, toNs])
              .range([top, top + 22, bottom])
          : scaleLinear().domain([fromNs, toNs]).range([top, bottom]);
        const labels = tickTexts(y, [top, bottom], gaps);
        expect(labels.length, name).toBeGreaterThan(3);
        expect(new Set(labels.map((l) => l.text)).size, `${name}: ${labels.map((l) => l.text)}`).toBe(
          labels.length,
        );
        for (const { t, text } of labels) expect(read(text), `${name}: ${text}`).toBeCloseTo(t, -1);
      }
  });
});

describe("the playhead's time", () => {
  /** A ladder 580 px tall (1280 x 800) zoomed onto [fromNs, toNs]: its ticks' labels, about eight
   * down the view as the axis asks for them, and the playhead's at `atNs`. */
  const ladderAt = (fromNs: number, toNs: number, atNs: number) => {
    const [top, bottom] = [40, 566];
    const y = scaleLinear().domain([fromNs, toNs]).range([top, bottom]);
    const time = axisTime(y, top, bottom, []);
    const [{ ticks }] = stretchTicks(y, [fromNs, toNs], [], (bottom - top) / 8);
    return { ticks: ticks.map(time), playhead: time(atNs) };
  };
  /** The ticks just above and below the playhead's time hold it between them. */
  const between = ({ ticks, playhead }: { ticks: string[]; playhead: string }) => {
    const at = Number.parseFloat(playhead);
    const times = ticks.map((t) => Number.parseFloat(t));
    return [times.filter((t) => t < at).at(-1), times.find((t) => t > at)];
  };

  it('is written as the ticks are, between the two it lies between, on a long run zoomed onto a stall', () => {
    // A median 2024 page, pipelined over a lossy WAN: "Show the stall" frames 113.32 to 114.04 s of
    // a 148 s run, the playhead at the stall's end, 113.757047 s. It had read "114 s", between the
    // ticks "113.7 s" and "113.8 s", a hundred pixels above the axis's own "114 s".
    const view = ladderAt(113_321e6, 114_044e6, 113_757_047_000);
    expect(view.ticks).toEqual(['113.4 s', '113.5 s', '113.6 s', '113.7 s', '113.8 s', '113.9 s', '114 s']);
    expect(view.playhead).toBe('113.757 s');
    expect(between(view)).toEqual([113.7, 113.8]);
    // HTTP/1.0 keep-alive over the satellite at 5% loss, 345.2 to 351.5 s: it had read "350 s".
    const geo = ladderAt(345_224.6e6, 351_514.4e6, 349_627_465_000);
    expect(geo.playhead).toBe('349.63 s');
    expect(between(geo)).toEqual([349, 350]);
  });

  it('goes as fine as the ticks go, and keeps a short run\'s "18.37 s"', () => {
    // Zoomed onto 20 ms, ticks 2 ms apart.
    const deep = ladderAt(113_750e6, 113_770e6, 113_757_347_000);
    expect(deep.playhead).toBe('113.7573 s');
    expect(between(deep)).toEqual([113.756, 113.758]);
    // The whole 148 s run; an 18.5 s one.
    expect(ladderAt(0, 148e9, 113_757_047_000).playhead).toBe('113.76 s');
    expect(ladderAt(0, 18.5e9, 18_371_000_000).playhead).toBe('18.37 s');
  });

  it('reads to a hundredth of a second on the playback clock, past 100 s too', () => {
    expect(formatDuration(113_757_047_000, 2)).toBe('113.76\u00a0s');
    expect(formatDuration(18_371_000_000, 2)).toBe('18.37\u00a0s');
    expect(formatDuration(523_456_000, 2)).toBe('523\u00a0ms');
    // A duration past 100 s is still written in whole seconds ("148 s run").
    expect(formatDuration(147_630_000_000)).toBe('148\u00a0s');
  });
});
