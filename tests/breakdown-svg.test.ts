// "Where did the time go" as a picture for a slide: one run's bar stands alone, as on the page; a
// comparison's bars are named A and B.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/scenario';
import { breakdownSvg } from '../src/ui/export/breakdownSvg';

/** The bars' names, written left of the bars and clear of the picture's edge. */
const sideNames = (svg: string) => [...svg.matchAll(/<text x="8"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe("the breakdown's picture", () => {
  it('names the bars A and B only in a comparison', () => {
    const a = runQuery('preset=heidemann-odd-final');
    const b = runQuery('preset=heidemann-odd-final&nagle=0');
    const one = breakdownSvg([{ side: 'a', trace: a.trace, path: a.path }]);
    // The bar itself and its legend are there, without a lone "A" beside it.
    expect(one).toContain("Nagle's algorithm holding a short segment: 173\u00a0ms");
    expect(sideNames(one)).toEqual([]);
    const two = breakdownSvg([
      { side: 'a', trace: a.trace, path: a.path },
      { side: 'b', trace: b.trace, path: b.path },
    ]);
    expect(sideNames(two)).toEqual(['A', 'B']);
  });

  // The picture of a page loaded three times had shown "Nagle 180 ms ... 200 ms" alone, where the
  // panel says which load that is and what all three took.
  it('says which load it gives, as the panel does, for a page loaded several times', () => {
    const notes = (svg: string) =>
      [...svg.matchAll(/<text[^>]*data-load-note[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    const three = runQuery('loads=3');
    expect(notes(breakdownSvg([{ side: 'a', trace: three.trace, path: three.path }])).join(' ')).toBe(
      'Load 3 of 3, from 722\u00a0ms to 922\u00a0ms; all 3 loads took 922\u00a0ms, one straight after another, and the run ends at 923\u00a0ms as the connections close.',
    );
    // One load needs no such sentence; a comparison gives each side's.
    const one = runQuery('');
    expect(notes(breakdownSvg([{ side: 'a', trace: one.trace, path: one.path }]))).toEqual([]);
    const wan = runQuery('loads=3&link=wan');
    const both = notes(
      breakdownSvg([
        { side: 'a', trace: three.trace, path: three.path },
        { side: 'b', trace: wan.trace, path: wan.path },
      ]),
    );
    expect(both.filter((line) => /^[AB]: /.test(line)).map((line) => line.slice(0, 15))).toEqual([
      'A: Load 3 of 3,',
      'B: Load 3 of 3,',
    ]);
  });
});
