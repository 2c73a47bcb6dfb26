// The y axes of the time-sequence plot and of the congestion strips under it: the plot's bytes in
// round numbers of one unit (KB, MB, as formatBytes writes sizes), and each strip with three ticks,
// which fit its 70 px without crowding.
import { nice, ticks } from 'd3';
import { byteUnit, trim } from './format';

export interface AxisTick {
  value: number;
  label: string;
}

/** An axis from 0 to `top`, with its ticks. */
export interface ValueAxis {
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
    top: top * unit.bytes,
    ticks: ticks(0, top, count).map((v) => ({
      value: v * unit.bytes,
      label: v === 0 ? '0' : `${trim(v, 2)} ${unit.name}`,
    })),
  };
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
    top: 2 * step,
    ticks: [0, step, 2 * step].map((v) => ({ value: v, label: trim(v, 6) })),
  };
}
