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
});
