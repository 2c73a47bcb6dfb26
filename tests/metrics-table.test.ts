// The figures table's seconds, as precise as the headline's page time, and its B − A row: a
// difference is written to as many significant digits as the figures are, and to no more decimals
// than the figures it is taken from, so it never looks more exact than they are.
import { describe, expect, it } from 'vitest';
import { formatDelta, formatMetric, formatPaperMetric } from '../src/views/MetricsTable';
import { shownNs } from '../src/views/format';

describe('the B − A row', () => {
  it('gives a difference of seconds to the digits of A and B, and no more decimals than they are shown with', () => {
    // TLS 1.3 resumed against TLS 1.2 on the LAN: 0.122 s both, 6 µs apart.
    expect(formatMetric('elapsed_s', 0.122006)).toBe('0.122');
    expect(formatDelta('elapsed_s', 0.122, 0.122006)).toBe('+0.000 (+0.0%)');
    // HTTP/2 against HTTP/3 on the LAN: 0.02615 s and 0.0219 s, shown 0.026 and 0.022 (26 and 22 ms).
    expect(formatMetric('elapsed_s', 0.02615)).toBe('0.026');
    expect(formatDelta('elapsed_s', 0.02615, 0.0219)).toBe('−0.004 (−16%)');
    // From 10 s the figures have four digits, and so has their difference: 17.88 − 4.55.
    expect(formatDelta('elapsed_s', 17.88, 4.55)).toBe('−13.33 (−75%)');
    // The default page, 0.392 s, against a fix that takes 11.7 ms (shown 0.012, as "12 ms"): the
    // difference had read −0.38034, five decimals for a figure given to three digits.
    expect(formatMetric('elapsed_s', 0.01166)).toBe('0.012');
    expect(formatDelta('elapsed_s', 0.392, 0.01166)).toBe('−0.380 (−97%)');
  });
  it('gives the difference of A and B as shown, so the row adds up', () => {
    // The odd final segment against the short initial one: 189.7 and 390.3 ms, shown 0.190 and 0.390.
    expect([formatMetric('elapsed_s', 0.1897), formatMetric('elapsed_s', 0.3903)]).toEqual([
      '0.190',
      '0.390',
    ]);
    expect(formatDelta('elapsed_s', 0.1897, 0.3903)).toBe('+0.200 (+106%)');
    expect(formatDelta('overhead_pct', 23.784, 20.123)).toBe('−3.66');
  });
  it('gives seconds as precisely as the headline gives the page time', () => {
    // HTTP/2 loading the 2024 page over LTE: "The page took 10.78 s" above, 10.8 in the table.
    expect(formatMetric('elapsed_s', 10.7804)).toBe('10.78');
    expect(formatMetric('elapsed_s', 10.8)).toBe('10.80');
    expect(formatMetric('elapsed_s', 123.4)).toBe('123');
    for (const s of [0.00423, 0.0431, 0.118, 0.392, 1.52, 7.5, 10.7804, 63.838, 99.123, 123.4, 250.6])
      expect(Number(formatMetric('elapsed_s', s)), `${s} s`).toBeCloseTo(shownNs(s * 1e9) / 1e9, 9);
  });
  it('gives times between 10 and 100 ms to the millisecond, as the headline does', () => {
    // Heidemann's HTTP/1.0 row: "The page took 43 ms" above a table that read 0.0431.
    expect(formatMetric('elapsed_s', 0.043118)).toBe('0.043');
    expect(formatMetric('elapsed_s', 0.01)).toBe('0.010');
    // A time on a half millisecond rounds up, as the headline's does (28.5 ms is "29 ms").
    expect(formatMetric('elapsed_s', 0.0285)).toBe('0.029');
    // Below 10 ms the headline keeps two decimals of a millisecond, and so does the table; at
    // 999.5 ms it writes a whole second, and the table 1.00.
    expect(formatMetric('elapsed_s', 0.004234)).toBe('0.00423');
    expect(formatMetric('elapsed_s', 0.9996)).toBe('1.00');
    expect(formatMetric('elapsed_s', 0.000243)).toBe('0.000243');
  });
  it("gives a paper's seconds to three digits, as the papers print them", () => {
    expect(formatPaperMetric('elapsed_s', 63.8)).toBe('63.8');
    expect(formatPaperMetric('elapsed_s', 0.026)).toBe('0.0260');
  });
  it('keeps whole counts whole and equal figures as ±0', () => {
    expect(formatDelta('packets', 31, 30)).toBe('−1 (−3.2%)');
    expect(formatDelta('elapsed_s', 0.5, 0.5)).toBe('±0.000 (±0%)');
  });
});
