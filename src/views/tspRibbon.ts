// Where the time-sequence plot draws its ACK, window and cwnd lines, in pixels. The data lies
// between them: each segment is sent at or above the ACK line and at or below the window and cwnd
// lines. On a plot of megabytes the three are a pixel or two apart, and drawn on their values each
// line lay on the data's ink (or the data on theirs): a bulk transfer over the WAN at 1% loss showed
// one blue line. So each line is drawn on the outside of the data's ink, as a figure's boundaries
// are: the ACK line just under its value, the window and cwnd lines just over theirs, clear of the
// most a segment's bar reaches past its values (its end ticks' half stroke; on a long run a
// segment's bar, a hundredth of a pixel, is drawn a pixel tall). Where a segment is many pixels
// tall (a small run, a zoom) this moves a line by about its width; on a long run it gives each
// series a row of its own, bottom to top: ACK, data, window and cwnd.
import type { StepPoint } from './tspSeries';

/** How far the data's ink reaches past its values: below a segment's start, above its end. */
export interface DataInk {
  belowPx: number;
  abovePx: number;
}

type Scale = (v: number) => number;

/** The data's ink past its values, for bars with end ticks of `tickStrokePx` (0 for none), at
 * least `minBarPx` tall, the longest segment `segmentPx` tall on the plot. */
export function dataInk(tickStrokePx: number, minBarPx: number, segmentPx: number): DataInk {
  const tick = tickStrokePx / 2;
  return { belowPx: tick, abovePx: tick + Math.max(0, minBarPx - segmentPx) };
}

/** The ACK line's points, in pixels: its stroke's top edge where the data's ink ends below. */
export function ackLinePx(acks: readonly StepPoint[], y: Scale, ink: DataInk, widthPx: number) {
  return acks.map((p) => [p.timeNs, y(p.value) + ink.belowPx + widthPx / 2] as const);
}

/** A window or cwnd line's points, in pixels: its stroke's bottom edge where the data's ink ends above. */
export function limitLinePx(line: readonly StepPoint[], y: Scale, ink: DataInk, widthPx: number) {
  return line.map((p) => [p.timeNs, y(p.value) - ink.abovePx - widthPx / 2] as const);
}
