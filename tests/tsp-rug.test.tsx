// @vitest-environment jsdom
// A dense time-sequence plot marks where the losses were: a tick along its top for each pixel
// column holding a resent segment, up to the playhead. A small plot has none.
import { describe, expect, it } from 'vitest';
import { isResentReason } from '../src/engine/trace';
import type { Trace } from '../src/engine/trace';
import { run } from './support/trace';
import { drawPlot } from './support/tspPlot';

const WIDTH = 900;
// The plot area's edges (the y labels' room on the left, the last tick label's on the right).
const LEFT = 62;
const RIGHT = WIDTH - 14;

const draw = (trace: Trace, cursorNs: number, domain?: [number, number]) =>
  drawPlot(trace, { width: WIDTH, cursorNs, domain });

/** The rug's ticks' pixel columns, read from what is drawn. */
const rugColumns = (box: Element, series = 'retransmit') =>
  [...box.querySelectorAll(`[data-rug="${series}"] path`)]
    .flatMap((p) => [...(p.getAttribute('d') ?? '').matchAll(/M([\d.]+),/g)].map((m) => Number(m[1]) - 0.5))
    .sort((a, b) => a - b);

/** The distinct pixel columns of the server's resent segments sent in [from, to] by `cursorNs`. */
function resentColumns(trace: Trace, cursorNs: number, [from, to]: [number, number]): number[] {
  const columns = trace.packets
    .filter((p) => p.conn === 0 && p.dir === 's2c' && p.len > 0 && isResentReason(p.reason))
    .filter((p) => p.sendNs <= cursorNs && p.sendNs >= from && p.sendNs <= to)
    .map((p) => Math.floor(LEFT + ((p.sendNs - from) / (to - from)) * (RIGHT - LEFT)))
    .filter((c) => c < RIGHT);
  return [...new Set(columns)].sort((a, b) => a - b);
}

describe("a dense time-sequence plot's rug of losses", () => {
  // 10 MB over the WAN with 1% loss: about 7,000 segments, a hundred or so resent.
  const trace = run('objects=10000000&flush=none&link=wan&loss=1&window=65535');

  it('has a tick at each pixel column holding a resend, none past the playhead', () => {
    for (const at of [0.6, 1]) {
      const cursorNs = trace.endNs * at;
      const box = draw(trace, cursorNs);
      const expected = resentColumns(trace, cursorNs, [0, trace.endNs]);
      expect(expected.length).toBeGreaterThan(20);
      expect(rugColumns(box)).toEqual(expected);
      const playheadX = Number(box.querySelector('[data-series="playhead"]')?.getAttribute('x1') ?? RIGHT);
      expect(Math.max(...rugColumns(box))).toBeLessThanOrEqual(playheadX);
    }
  });

  it('follows a zoom', () => {
    const domain: [number, number] = [trace.endNs * 0.25, trace.endNs * 0.75];
    const box = draw(trace, trace.endNs, domain);
    const expected = resentColumns(trace, trace.endNs, domain);
    expect(expected.length).toBeGreaterThan(10);
    expect(rugColumns(box)).toEqual(expected);
  });

  it('sits along the top of the plot, in the colour its key names', () => {
    const box = draw(trace, trace.endNs);
    const rug = box.querySelector('[data-rug="retransmit"]')!;
    expect(rug.getAttribute('stroke')).toBe('var(--packet-retransmit)');
    const key = box.querySelector('[data-legend="retransmit dropped"]')!;
    expect(key.textContent).toContain('ticks on top');
    const brush = box.querySelector('.tsp-brush')!;
    // Under the row of the stall bands' caps (6 px and a pixel's gap).
    expect(Number(rug.getAttribute('data-rug-top'))).toBe(Number(brush.getAttribute('y')) + 7);
  });

  it("leaves the plot's top row to the stall bands' caps, each in its cause's colour over the card", () => {
    const box = draw(trace, trace.endNs);
    const top = Number(box.querySelector('.tsp-brush')!.getAttribute('y'));
    const bands = [...box.querySelectorAll('[data-stall]')];
    expect(bands.length).toBeGreaterThan(5);
    for (const band of bands) {
      const [tint, under, cap] = [...band.querySelectorAll('rect')];
      // The cap: 6 px along the top, at the ladder's band opacity (a band under a pixel wide, as
      // faint as its share of that pixel, at least a fifth), over a card-coloured underlay so that
      // an overlapping band's cap does not mix with it.
      expect([cap.getAttribute('y'), cap.getAttribute('height')]).toEqual([String(top), '6']);
      const ink = Number(cap.getAttribute('fill-opacity')) / 0.55;
      if (Number(cap.getAttribute('width')) > 1) expect(ink).toBe(1);
      else expect(ink).toBeGreaterThanOrEqual(0.2 - 1e-9);
      expect(cap.hasAttribute('data-stall-cap')).toBe(true);
      expect([under.getAttribute('y'), under.getAttribute('height'), under.getAttribute('style')]).toEqual([
        String(top),
        '6',
        'fill: var(--card);',
      ]);
      // The tint under it, lighter, from the cap's foot down, across the same time.
      expect(tint.getAttribute('y')).toBe(String(top + 6));
      expect(Number(tint.getAttribute('fill-opacity'))).toBeCloseTo(0.22 * ink, 9);
      expect(tint.getAttribute('fill')).toBe(cap.getAttribute('fill'));
      expect(tint.getAttribute('x')).toBe(cap.getAttribute('x'));
      expect(tint.getAttribute('width')).toBe(cap.getAttribute('width'));
    }
  });

  it('is not drawn on a small plot, whose resends carry their letters', () => {
    const small = run('link=wan&loss=3');
    const box = draw(small, small.endNs);
    expect(box.querySelectorAll('[data-mark="retransmit"]').length).toBeGreaterThan(0);
    expect(box.querySelectorAll('[data-rug]').length).toBe(0);
    expect(box.textContent).not.toContain('ticks on top');
  });
});
