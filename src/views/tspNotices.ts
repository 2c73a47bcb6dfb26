// The notes over a time-sequence plot that give times: in the unit of the plot's time axis, as
// its ticks write them. Under ticks "1100 ms, 1200 ms" a window said to run "between 1.1 s and
// 1.46 s" had read as another quantity, in another unit.
import { formatDuration, formatTick, secondsAxis, UNIT_SPACE } from './format';

type Window = [fromNs: number, toNs: number];

/** A moment on the axis over `window`, as its ticks write it (number and unit kept together). */
export const axisTime = (ns: number, [fromNs, toNs]: Window) =>
  formatTick(ns, toNs - fromNs, toNs).replace(' ', UNIT_SPACE);

/**
 * A span of time beside the axis over `window`, in its unit, as formatDuration gives it ("162 ms",
 * "1.52 s") where that is the axis's: "1500 ms" beside ticks in ms, "0.162 s" beside ticks in s.
 */
export function axisDuration(ns: number, [fromNs, toNs]: Window): string {
  if (!secondsAxis(toNs - fromNs, toNs))
    return ns < 999.5e6 ? formatDuration(ns) : `${Math.round(ns / 1e6)}${UNIT_SPACE}ms`;
  return ns < 1e9 ? `${Number((ns / 1e9).toPrecision(3))}${UNIT_SPACE}s` : formatDuration(ns);
}

/** "Stream 8 carries no data between 1099 ms and 1465 ms. " (`what`: the stream or connection). */
export const emptyNotice = (what: string, window: Window) =>
  `${what} carries no data between ${axisTime(window[0], window)} and ${axisTime(window[1], window)}. `;

/** "Connection 1 lasts 0.162 s of the 6.92 s shown. ": a connection that is a sliver of the window. */
export const sliverNotice = (conn: number, [startNs, endNs]: Window, window: Window) =>
  `Connection ${conn + 1} lasts ${axisDuration(endNs - startNs, window)} of the ${axisDuration(window[1] - window[0], window)} shown. `;
