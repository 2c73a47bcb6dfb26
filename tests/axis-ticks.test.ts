// The y axes of the time-sequence plot (bytes in KB or MB) and of the congestion strips (three ticks).
import { describe, expect, it } from 'vitest';
import { byteAxis, byteAxisBetween, stripAxis } from '../src/views/axisTicks';
import { formatBytes, formatDuration, formatTick, shownNs } from '../src/views/format';
import { axisTime } from '../src/views/LadderAxis';
import { scaleLinear } from '../src/views/piecewiseScale';
import { stretchTicks } from '../src/views/timeScale';

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

describe('a time as shown', () => {
  it('is the time formatDuration writes, so differences between shown times add up', () => {
    expect(shownNs(189_700_000)).toBe(190e6);
    expect(shownNs(390_300_000)).toBe(390e6);
    expect(shownNs(2_618_000_000)).toBeCloseTo(2.62e9, 0);
    expect(shownNs(456_700)).toBeCloseTo(457_000, 3);
    expect(shownNs(123_456_000_000)).toBe(123e9);
  });
});

describe("the playhead's time", () => {
  /** A ladder 580 px tall (1280 x 800) zoomed onto [fromNs, toNs]: its ticks' labels, about eight
   * down the view as the axis asks for them, and the playhead's at `atNs`. */
  const ladderAt = (fromNs: number, toNs: number, atNs: number) => {
    const [top, bottom] = [40, 566];
    const y = scaleLinear().domain([fromNs, toNs]).range([top, bottom]);
    const time = axisTime(y, top, bottom);
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
