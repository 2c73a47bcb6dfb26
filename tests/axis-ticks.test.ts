// The y axes of the time-sequence plot (bytes in KB or MB) and of the congestion strips (three ticks).
import { describe, expect, it } from 'vitest';
import { byteAxis, byteAxisBetween, stripAxis } from '../src/views/axisTicks';
import { formatBytes, formatDuration, formatTick, shownNs } from '../src/views/format';

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
