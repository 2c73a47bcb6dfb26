// @vitest-environment jsdom
// A stall's label on the time-sequence plot is set where no line is drawn through it: along the
// plot's top as a rule, along its foot where a transfer's data and its lines climb through the top
// (the last seconds of a 2.4 MB page over LTE, "216 of 1,420 rwnd stalls", had been crossed out by
// the data, ACK and cwnd lines). The lines are read back from the paths drawn, not from the code
// that placed the labels.
import { describe, expect, it } from 'vitest';
import { lineIndex, linesCross } from '../src/views/tspLabelRoom';
import { tspSeries } from '../src/views/tspSeries';
import type { Trace } from '../src/engine/trace';
import { run } from './support/trace';
import { drawPlot } from './support/tspPlot';

/** A median page of 2024 over HTTP/2 and LTE at 1% loss: its data climbs corner to corner. */
const LTE_PAGE = 'http=2&page=almanac24&link=lte&cc=bbr&tls=1.3&loss=1';
/** Heidemann's persistent connection, drawn as a phone draws it (348 x 240): the window line's last
 * step runs through the top of the last Nagle band, where "Nagle 187 ms" stood. */
const PHTTP = 'preset=heidemann-table1-phttp';

const draw = (trace: Trace, width: number, height?: number) => drawPlot(trace, { width, height });

type Segment = [number, number, number, number];

/** A path's straight pieces, from the absolute and relative moves, lines and steps the plot writes. */
function segmentsOf(d: string): Segment[] {
  const out: Segment[] = [];
  let [x, y] = [0, 0];
  for (const [, cmd, args] of d.matchAll(/([MLHVmlhv])([^MLHVmlhv]*)/g)) {
    const n = args
      .split(/[ ,]+/)
      .filter((s) => s !== '')
      .map(Number);
    const [x0, y0] = [x, y];
    if (cmd === 'M') [x, y] = [n[0], n[1]];
    else if (cmd === 'L') [x, y] = [n[0], n[1]];
    else if (cmd === 'H') x = n[0];
    else if (cmd === 'V') y = n[0];
    else if (cmd === 'h') x += n[0];
    else if (cmd === 'v') y += n[0];
    else if (cmd === 'l') [x, y] = [x + n[0], y + n[1]];
    else if (cmd === 'm') [x, y] = [x + n[0], y + n[1]];
    if (cmd !== 'M' && cmd !== 'm') out.push([x0, y0, x, y]);
  }
  return out;
}

/** A label's glyphs, about: 11.5 px bold italic, 7 px a character, cap height over the baseline. */
function labelBox(t: Element) {
  const x = Number(t.getAttribute('x'));
  const y = Number(t.getAttribute('y'));
  const w = t.textContent!.length * 7;
  const anchor = t.getAttribute('text-anchor');
  const left = anchor === 'end' ? x - w : anchor === 'middle' ? x - w / 2 : x;
  return { left, right: left + w, top: y - 8, bottom: y + 1 };
}

/** The lines (data, ACK, window, cwnd) drawn through each label: "text: series, ..." */
function crossings(box: Element): string[] {
  const lines = [...box.querySelectorAll('path[data-series]')]
    .filter((p) => ['data', 'ack', 'window', 'cwnd'].includes(p.getAttribute('data-series')!))
    .map((p) => ({
      series: p.getAttribute('data-series')!,
      segments: segmentsOf(p.getAttribute('d') ?? ''),
    }));
  return [...box.querySelectorAll('[data-stall-label]')].flatMap((t) => {
    const b = labelBox(t);
    const through = lines
      .filter(({ segments }) =>
        segments.some(
          ([x0, y0, x1, y1]) =>
            Math.max(x0, x1) >= b.left &&
            Math.min(x0, x1) <= b.right &&
            Math.max(y0, y1) >= b.top &&
            Math.min(y0, y1) <= b.bottom,
        ),
      )
      .map((l) => l.series);
    return through.length > 0 ? [`${t.textContent}: ${[...new Set(through)].join(', ')}`] : [];
  });
}

describe('stall labels on the time-sequence plot', () => {
  for (const [name, query, width, height] of [
    ['a page over LTE', LTE_PAGE, 850, 300],
    ["Heidemann's persistent connection", PHTTP, 348, 240],
  ] as const)
    it(`${name} at ${width} x ${height} px: no line is drawn through a label`, () => {
      const box = draw(run(query), width, height);
      expect(box.querySelectorAll('[data-stall-label]').length).toBeGreaterThan(0);
      expect(crossings(box)).toEqual([]);
    });

  it('a label the lines cross along the top goes to the foot; one they leave alone stays on top', () => {
    // 850 px, the plot's width in a 1280 px page.
    const box = draw(run(LTE_PAGE), 850);
    const labels = [...box.querySelectorAll('[data-stall-label]')];
    const ys = labels.map((t) => Number(t.getAttribute('y')));
    const top = Math.min(...ys);
    // The first rwnd group, before the data has climbed, along the top; the last, at the top right
    // corner the data reaches, along the foot (under 300 px, over its 30 px axis).
    expect(ys[0]).toBe(top);
    const last = labels.filter((t) => t.getAttribute('data-stall-label') === 'rwnd').at(-1)!;
    expect(Number(last.getAttribute('y'))).toBeGreaterThan(250);
  });

  it('mid-playback a label weighs only the lines drawn so far', () => {
    // The lines are cut at the playhead: before the data reaches the top, nothing crosses it there.
    const trace = run(LTE_PAGE);
    const index = lineIndex(tspSeries(trace, 0));
    const y = (seq: number) => 270 - seq / 10_000;
    const end = trace.endNs;
    // A box high up over the run's last fifth: the finished run's lines climb through it...
    const top = y(2_200_000);
    expect(linesCross(index, end * 0.8, end, end, 1e-6, y, top - 10, top + 2)).toBe(true);
    // ...but not with the playhead at the fifth's start, where the lines stop.
    expect(linesCross(index, end * 0.8, end, end * 0.8, 1e-6, y, top - 10, top + 2)).toBe(false);
  });
});
