// The notes over a time-sequence plot write their times in the unit of the plot's time axis: a
// window "between 1.1 s and 1.46 s" under ticks reading "1100 ms, 1200 ms" had been one quantity
// in two units.
import { describe, expect, it } from 'vitest';
import { axisDuration, emptyNotice, sliverNotice } from '../src/views/tspNotices';
import { tspTimeAxis } from '../src/views/tspTimeAxis';
import { connectionSeries } from '../src/views/streamSeries';
import { packetsBetween } from '../src/views/tspSeries';
import { run } from './support/trace';

const MS = 1e6;
const S = 1e9;
/** The text as read, its no-break spaces (a number kept with its unit) as spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const unitOf = (text: string) => text.trim().split(/\s/).at(-1);
/** The unit of the ticks the plot draws over `window`, 800 px wide (one unit for all of them). */
function tickUnit(window: [number, number]): string {
  const units = new Set(tspTimeAxis(window, 800).ticks.map((t) => unitOf(t.text)));
  expect(units.size).toBe(1);
  return [...units][0]!;
}

describe('a window without the packets followed', () => {
  it('HTTP/3, stream 8 zoomed to 1098.6-1464.8 ms: its times read as the ticks do, in ms', () => {
    const window: [number, number] = [1098.6 * MS, 1464.8 * MS];
    expect(tickUnit(window)).toBe('ms');
    // Each time kept with its unit, as in the callout's sentences.
    expect(emptyNotice('Stream 8', window)).toContain('1099\u00a0ms');
    expect(plain(emptyNotice('Stream 8', window))).toBe(
      'Stream 8 carries no data between 1099 ms and 1465 ms. ',
    );
  });

  it('a window of 30 ms: to the tenth of a ms, as its ticks', () => {
    const window: [number, number] = [2040.25 * MS, 2070.25 * MS];
    expect(tickUnit(window)).toBe('ms');
    expect(plain(emptyNotice('Connection 4', window))).toBe(
      'Connection 4 carries no data between 2040.3 ms and 2070.3 ms. ',
    );
  });

  it("a window holding only a connection's handshake: no data, which is what the note says", () => {
    // Connection 2 of HTTP/1.0 over the WAN opens in 400-470 ms: its SYN and SYN-ACK, no data.
    const trace = run('http=1.0&link=wan');
    const window: [number, number] = [400 * MS, 470 * MS];
    const inWindow = trace.packets.filter(
      (p) => p.conn === 1 && p.sendNs >= window[0] && p.sendNs <= window[1],
    );
    expect(inWindow.length).toBeGreaterThan(0);
    expect(inWindow.every((p) => p.len === 0)).toBe(true);
    expect(packetsBetween(connectionSeries(trace, 1, null), ...window)).toBe(0);
    expect(plain(emptyNotice('Connection 2', window))).toBe(
      'Connection 2 carries no data between 400 ms and 470 ms. ',
    );
  });

  it('late in a long run the ticks, and the note, are in seconds', () => {
    const window: [number, number] = [170.2 * S, 171.6 * S];
    expect(tickUnit(window)).toBe('s');
    expect(plain(emptyNotice('Connection 1', window))).toBe(
      'Connection 1 carries no data between 170.2 s and 171.6 s. ',
    );
  });
});

describe('a connection that is a sliver of the window shown', () => {
  it('Microscape over HTTP/1.0 beside 1.1, the whole 6.92 s run: its 162 ms life in seconds', () => {
    const window: [number, number] = [0, 6.92 * S];
    expect(tickUnit(window)).toBe('s');
    expect(plain(sliverNotice(0, [0, 162 * MS], window))).toBe(
      'Connection 1 lasts 0.162 s of the 6.92 s shown. ',
    );
  });

  it('a window of 3 s, whose ticks are in ms: the window and the life in ms', () => {
    const window: [number, number] = [0, 3 * S];
    expect(tickUnit(window)).toBe('ms');
    expect(plain(sliverNotice(2, [1200 * MS, 1352.4 * MS], window))).toBe(
      'Connection 3 lasts 152 ms of the 3000 ms shown. ',
    );
  });

  it('keeps three figures of a short life, never rounding it to nothing', () => {
    expect(plain(axisDuration(0.3 * MS, [0, 60 * S]))).toBe('0.0003 s');
    expect(plain(axisDuration(0.3 * MS, [0, 60 * MS]))).toBe('0.3 ms');
    expect(plain(axisDuration(1.5 * S, [0, 3 * S]))).toBe('1500 ms');
  });
});
