// The y axes of the time-sequence plot and of the congestion strips under it: the plot's bytes in
// round numbers of one unit (KB, MB, as formatBytes writes sizes), and each strip with three ticks,
// which fit its 70 px without crowding.
import { nice, tickStep, ticks } from 'd3';
import { byteUnit, stepDecimals, trim } from './format';

export interface AxisTick {
  value: number;
  label: string;
}

/** An axis from `bottom` (0 but on a zoomed plot) to `top`, with its ticks. */
export interface ValueAxis {
  bottom: number;
  top: number;
  ticks: AxisTick[];
}

/** Below this the bytes axis still counts in whole bytes (a connection that sent nothing). */
const MIN_BYTES_TOP = 10;

/** A bytes axis from 0 to at least `maxBytes`, with about `count` ticks at round numbers of the unit
 * `maxBytes` is written in, labelled in it: "0", "10 MB", "20 MB" rather than "20971520". */
export function byteAxis(maxBytes: number, count: number): ValueAxis {
  const unit = byteUnit(Math.max(maxBytes, MIN_BYTES_TOP));
  const [, top] = nice(0, Math.max(maxBytes, MIN_BYTES_TOP) / unit.bytes, count);
  return {
    bottom: 0,
    top: top * unit.bytes,
    ticks: ticks(0, top, count).map((v) => ({
      value: v * unit.bytes,
      label: v === 0 ? '0' : `${trim(v, 2)} ${unit.name}`,
    })),
  };
}

/** The longest tick label a zoomed axis writes: what fits left of the plot ("19.05 MB", "19531 KB"). */
const MAX_ZOOMED_LABEL_CHARS = 8;

/** A bytes axis over [low, high] (a zoomed plot's range), with about `count` ticks at round numbers
 * inside it. A range so narrow that its ticks would be less than a byte apart, or so narrow and so
 * far from 0 that their labels would need more digits than fit left of the plot, is widened about
 * its middle until they are whole and fit: a deep zoom into a 20 MB transfer reads "19530 KB",
 * "19531 KB", not "19530.5 KB". */
export function byteAxisBetween(low: number, high: number, count: number): ValueAxis {
  const middle = (low + high) / 2;
  let span = Math.max(high - low, 1);
  for (let tries = 0; ; tries++, span *= 2) {
    const bottom = Math.max(0, middle - span / 2);
    const { axis, stepBytes } = labelledByteAxis(bottom, bottom + span, count);
    const fits = stepBytes >= 1 && axis.ticks.every((t) => t.label.length <= MAX_ZOOMED_LABEL_CHARS);
    if (fits || tries === 60) return axis;
  }
}

/** Ticks over exactly [low, high], labelled in the unit `high` is written in with as many decimals as
 * the step needs ("3.25 MB"), or where the step is under a hundredth of a megabyte (or gigabyte), in
 * the unit below ("3790 KB", not "3.7012 MB"). */
function labelledByteAxis(low: number, high: number, count: number): { axis: ValueAxis; stepBytes: number } {
  let unit = byteUnit(Math.max(high, MIN_BYTES_TOP));
  const smaller = byteUnit(unit.bytes / 1024);
  if (smaller.bytes > 1 && tickStep(low / unit.bytes, high / unit.bytes, count) < 0.01) unit = smaller;
  const [from, to] = [low / unit.bytes, high / unit.bytes];
  const step = tickStep(from, to, count);
  const decimals = stepDecimals(step);
  const axis = {
    bottom: low,
    top: high,
    ticks: ticks(from, to, count).map((v) => ({
      value: v * unit.bytes,
      label: v === 0 ? '0' : `${trim(v, decimals)} ${unit.name}`,
    })),
  };
  return { axis, stepBytes: step * unit.bytes };
}

/** The steps a strip's axis may take, times a power of ten. Each is less than twice the one before,
 * so one of them always lies in [max / 2, max): two steps reach `max` and one does not. */
const STRIP_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** A strip's axis from 0 to at least `max` (> 0) in exactly three ticks, 0, one step and two steps:
 * the smallest round step that reaches `max` in two. */
export function stripAxis(max: number): ValueAxis {
  const half = max / 2;
  const power = 10 ** Math.floor(Math.log10(half));
  const step = STRIP_STEPS.map((m) => m * power).find((s) => s >= half)!;
  return {
    bottom: 0,
    top: 2 * step,
    ticks: [0, step, 2 * step].map((v) => ({ value: v, label: trim(v, 6) })),
  };
}
