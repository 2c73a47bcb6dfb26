// The figures table's B − A row: a difference is written to three significant digits, as the
// figures are, and to no more decimals than the figures it is taken from, so it never looks more
// exact than they are.
import { describe, expect, it } from 'vitest';
import { formatDelta, formatMetric } from '../src/views/MetricsTable';

describe('the B − A row', () => {
  it('gives a difference of seconds to three digits, and no more decimals than A and B are shown with', () => {
    // TLS 1.3 resumed against TLS 1.2 on the LAN: 0.122 s both, 6 µs apart.
    expect(formatMetric('elapsed_s', 0.122006)).toBe('0.122');
    expect(formatDelta('elapsed_s', 0.122, 0.122006)).toBe('+0.000 (+0.0%)');
    // HTTP/2 against HTTP/3 on the LAN: 0.02615 s and 0.0219 s, shown 0.0261 and 0.0219.
    expect(formatMetric('elapsed_s', 0.02615)).toBe('0.0261');
    expect(formatDelta('elapsed_s', 0.02615, 0.0219)).toBe('−0.0042 (−16%)');
    expect(formatDelta('elapsed_s', 17.88, 4.55)).toBe('−13.3 (−75%)');
    // The default page, 0.392 s, against a fix that takes 11.7 ms: the difference beside 0.0117
    // had read −0.38034, five decimals for a figure given to three digits.
    expect(formatMetric('elapsed_s', 0.01166)).toBe('0.0117');
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
  it('keeps whole counts whole and equal figures as ±0', () => {
    expect(formatDelta('packets', 31, 30)).toBe('−1 (−3.2%)');
    expect(formatDelta('elapsed_s', 0.5, 0.5)).toBe('±0.000 (±0%)');
  });
});
