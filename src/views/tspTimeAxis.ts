// The time axis the time-sequence plot and the congestion strips under it share: the same plot
// area left and right and the same ticks, so a moment sits at the same x in every chart and a
// student can read times straight down from one chart to the next.
import { scaleLinear, type LinearScale } from './piecewiseScale';

/** Room left of the plot area for the y tick labels, and right of it for the last tick label. */
export const TIME_AXIS_INSET = { left: 62, right: 14 } as const;

/** Time (ns) -> x over the plot area of a chart `width` pixels wide. */
export function tspTimeScale([fromNs, toNs]: [number, number], width: number): LinearScale {
  return scaleLinear()
    .domain([fromNs, toNs])
    .range([TIME_AXIS_INSET.left, width - TIME_AXIS_INSET.right]);
}

/** The tick times, about one per 110 px so the labels never touch. */
export function tspTimeTicks(x: LinearScale, width: number): number[] {
  return x.ticks(Math.max(2, Math.floor(width / 110)));
}
