// Measures a preset's figure on a simulated run, so published and simulated sit side by side.
import { computeMetrics, elapsedNs, longestStallMs } from '../engine/metrics';
import type { StallCause, Trace } from '../engine/trace';
import type { FigureKey } from './presets';

export function measureFigure(figure: FigureKey, trace: Trace): number {
  if (figure.startsWith('longest_stall_ms:')) {
    return longestStallMs(trace, figure.slice('longest_stall_ms:'.length) as StallCause);
  }
  const m = computeMetrics(trace);
  switch (figure) {
    case 'elapsed_ms':
      return elapsedNs(trace) / 1e6;
    case 'packets':
      return m.packets.total;
    case 'bytes':
      return m.bytes;
    case 'overhead_pct':
      return m.overhead_pct;
  }
  throw new Error(`unknown figure ${figure}`);
}
