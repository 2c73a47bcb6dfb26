// @vitest-environment jsdom
// A frame of playback moves the time-sequence plot's playhead, and nothing else need change: the
// lines (ACK, window, cwnd, the congestion strips) and the bars are built once per view in pieces,
// a piece wholly played is left as it was, and the run's stalls are sorted once per view. Rebuilt
// whole each frame, a 90 MB transfer's plot had played at 6 frames a second.
import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { TimeSequencePlot } from '../src/views/TimeSequencePlot';
import { CongestionChart } from '../src/views/CongestionChart';
import { stepPieces } from '../src/views/playPieces';
import { run } from './support/trace';

// 10 MB over the WAN with loss: about 11,000 packets, lines of thousands of steps.
const BULK = 'objects=10000000&flush=none&link=wan&loss=1&window=65535';

describe('the time-sequence plot during playback', () => {
  const trace = run(BULK);
  const domain: [number, number] = [0, trace.endNs];
  const box = document.createElement('div');
  const draw = (cursorNs: number) =>
    act(() =>
      render(
        <div>
          <TimeSequencePlot
            trace={trace}
            conn={0}
            side="a"
            cursorNs={cursorNs}
            domain={domain}
            width={900}
            height={300}
            onBrush={() => {}}
          />
          <CongestionChart trace={trace} conn={0} cursorNs={cursorNs} domain={domain} width={900} />
        </div>,
        box,
      ),
    );
  const paths = () => [...box.querySelectorAll('path')].map((p) => p.getAttribute('d') ?? '');

  it('rewrites only the pieces the playhead crosses from one frame to the next', () => {
    expect(trace.packets.length).toBeGreaterThan(10_000);
    draw(trace.endNs * 0.6);
    const before = paths();
    const total = before.reduce((n, d) => n + d.length, 0);
    // A frame later (a 60th of a 10 s playback of the run).
    draw(trace.endNs * 0.6 + trace.endNs / 600);
    const after = paths();
    const kept = new Set(before);
    const rewritten = after.filter((d) => !kept.has(d)).reduce((n, d) => n + d.length, 0);
    expect(total).toBeGreaterThan(100_000);
    // Rebuilt whole, every line and the data bars were rewritten: over nine tenths of it.
    expect(rewritten / total).toBeLessThan(0.25);
    // The ACK line is in pieces; the one the playhead crosses is cut by the plot's playhead clip,
    // whose edge is the playhead's line.
    const ack = [...box.querySelectorAll('path[data-series="ack"]')];
    expect(ack.length).toBeGreaterThan(1);
    const cut = ack.filter((p) => p.getAttribute('clip-path') === 'url(#tsp-clip-a-played)');
    expect(cut.length).toBeLessThanOrEqual(1);
    const clip = box.querySelector('#tsp-clip-a-played rect')!;
    const playhead = box.querySelector('svg.tsp-svg [data-series="playhead"]')!;
    expect(Number(clip.getAttribute('x')) + Number(clip.getAttribute('width'))).toBeCloseTo(
      Number(playhead.getAttribute('x1')),
      6,
    );
  });

  it("reads the run's stalls once per view, not on every frame", () => {
    draw(trace.endNs * 0.5);
    let reads = 0;
    const stalls = trace.stalls;
    const counted = new Proxy(stalls, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    (trace as { stalls: typeof stalls }).stalls = counted;
    try {
      draw(trace.endNs * 0.5 + 1); // the new array: read once
      const first = reads;
      for (let i = 2; i < 12; i++) draw(trace.endNs * 0.5 + i * 1e6);
      expect(stalls.length).toBeGreaterThan(10);
      expect(reads - first).toBe(0);
    } finally {
      (trace as { stalls: typeof stalls }).stalls = stalls;
    }
  });
});

describe('a dense step line', () => {
  it('writes each pixel column once and draws the same pixels', () => {
    // 2,000 steps over 50 px: a hundred half-pixel columns of twenty, rising and falling.
    const points = Array.from({ length: 2000 }, (_, i) => [i, (i * 37) % 50] as const);
    const pieces = stepPieces(
      points,
      2000,
      (t) => t / 40,
      (v) => v,
      true,
    );
    const d = pieces.map((p) => p.d).join('');
    // Each column: at most its lowest, highest and last value, and the step into it.
    expect((d.match(/V/g) ?? []).length).toBeLessThanOrEqual(3 * 102);
    expect((d.match(/H/g) ?? []).length).toBeLessThanOrEqual(102);
    // The pieces meet: each starts where the one before it ended.
    expect(pieces.length).toBe(2);
    expect(pieces[1].fromNs).toBe(pieces[0].toNs);
  });
});
