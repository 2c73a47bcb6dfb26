// The run's first packet keeps its label when zoomed in. Over QUIC (langley-quic, 0 to 30 ms) the
// client's Initial leaves 14 px below the ladder's top and falls so steeply that every place along
// it was taken by its own arrow or lay off the plot: only the 0-RTT packet sent a millisecond
// after it was named. Its label now goes above its start, under the lanes' headings.
import { describe, expect, it } from 'vitest';
import { LADDER_MARGIN } from '../src/views/ladderLayout';
import { LANE_HEAD_BASELINE_PX } from '../src/views/ladderLabels';
import { ladderView } from './support/ladderView';

const overlaps = (a: { x0: number; y0: number; x1: number; y1: number }, b: typeof a) =>
  a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

describe("the first packet's label, zoomed in", () => {
  // The ladder on a 1280 x 800 page (822 x 580) and on a 390 x 844 phone (312 x 470).
  for (const [width, height] of [
    [822, 580],
    [312, 470],
  ])
    it(`names QUIC's Initial and the 0-RTT packet after it, apart (${width} px)`, () => {
      const { labels } = ladderView('preset=langley-quic', 'a', width, height, { window: [0, 30e6] });
      const packet = (index: number) =>
        labels.labels.find((l) => l.item.kind === 'packet' && l.item.index === index);
      const initial = packet(0);
      const zeroRtt = packet(1);
      // In full where it fits between the host lines; on a phone its first packet's name.
      expect(initial?.text).toBe(width > 400 ? 'Initial[CRYPTO] 0-RTT[STREAM 2]' : 'Initial[CRYPTO] …');
      expect(zeroRtt?.text).toBe('0-RTT[STREAM 0]');
      expect(overlaps(initial!.rect, zeroRtt!.rect)).toBe(false);
      // Above its arrow's start, clear of the "client" heading's letters (baseline 8 px above the top).
      const top = LADDER_MARGIN.top;
      expect(initial!.rect.y1).toBeLessThanOrEqual(top + 14);
      expect(initial!.rect.y0).toBeGreaterThanOrEqual(top - LANE_HEAD_BASELINE_PX + 3);
    });
});
