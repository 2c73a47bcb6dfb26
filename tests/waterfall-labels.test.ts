// The waterfall's label columns: a stream column as wide as the widest stream number, a name
// column as wide as the longest name while the figure has room, names cut in the middle after.
import { describe, expect, it } from 'vitest';
import { fitName, labelColumns } from '../src/views/waterfallLabels';
import type { WaterfallRow } from '../src/views/waterfallPhases';

const row = (label: string, stream?: number, conn = 0): WaterfallRow => ({
  key: label,
  label,
  conn,
  startNs: 0,
  endNs: 1,
  firstByteNs: null,
  lostNs: null,
  askedAgain: false,
  written: true,
  phases: [],
  ...(stream === undefined ? {} : { stream }),
});

describe('waterfall label columns', () => {
  it('has no stream column without streams', () => {
    const columns = labelColumns([row('/'), row('/a/yahoo1.gif')], 1000);
    expect(columns.streamRight).toBe(0);
    expect(columns.barsLeft).toBeGreaterThan(columns.nameRight);
  });

  it('widens the stream column with the digits of the largest stream', () => {
    const one = labelColumns([row('/doc.html', 1), row('/img2048-01.gif', 3)], 1000);
    const three = labelColumns([row('/doc.html', 1), row('/img2048-01.gif', 129)], 1000);
    expect(three.streamRight - one.streamRight).toBeGreaterThanOrEqual(12);
    // The names move right by as much: the column between stays the same.
    expect(three.nameRight - three.streamRight).toBe(one.nameRight - one.streamRight);
  });

  it('gives the longest name its width on a wide figure and cuts names on a narrow one', () => {
    const rows = [row('/doc.html', 1), row('/img2048-01.gif', 129)];
    const wide = labelColumns(rows, 1000);
    expect(wide.nameChars).toBeGreaterThanOrEqual('img2048-01.gif'.length);
    const narrow = labelColumns(rows, 200);
    expect(narrow.nameChars).toBeLessThan('img2048-01.gif'.length);
    expect(narrow.barsLeft).toBeLessThan(wide.barsLeft);
  });

  it('leaves room for the heading of a multiplexed connection', () => {
    const columns = labelColumns([row('/a', 1, 11)], 1000);
    expect(columns.nameRight).toBeGreaterThanOrEqual('connection 12'.length * 7);
  });

  it('leaves room for a connection heading set in under a load heading', () => {
    // A page loaded several times sets each connection's heading 12 px in, under "load 2".
    const once = labelColumns([row('/a', 1, 11)], 1000);
    const twice = labelColumns([row('/a', 1, 11), { ...row('/a', 3, 11), load: 1 }], 1000);
    expect(twice.nameRight - once.nameRight).toBe(12);
  });
});

describe('fitName', () => {
  it('keeps a name that fits', () => {
    expect(fitName('img2048-01.gif', 14)).toBe('img2048-01.gif');
  });
  it('drops the middle, keeping more of the end that tells rows apart', () => {
    const cut = fitName('img2048-01.gif', 10);
    expect(cut).toHaveLength(10);
    expect(cut).toBe('img…01.gif');
  });
});
