// The knobs a custom sweep can put on an axis, with the values it tries by default, and the
// figures it can plot. Units go into the axis labels.
import type { StallCause } from '../../engine/trace';
import type { ConfigKey } from '../../scenario/schema';
import { SWEEP_METRICS, type SweepMetric } from '../../scenario/sweeps';
import { KNOWN_CAUSES, causeStyle } from '../../views/stallStyle';

export interface SweepKnob {
  key: ConfigKey;
  label: string;
  values: string[];
  /** Extra base settings that make the knob matter (images need the pm-images page). */
  needs?: string;
}

export const SWEEP_KNOBS: readonly SweepKnob[] = [
  { key: 'conns', label: 'connections', values: ['1', '2', '4', '8', '16'] },
  { key: 'window', label: 'window (bytes)', values: ['4096', '8192', '16384', '32768', '65536'] },
  { key: 'iw', label: 'initial window (segments)', values: ['1', '2', '4k', '10'] },
  { key: 'images', label: 'images', values: ['1', '2', '5', '10', '20'], needs: 'page=pm-images' },
  {
    key: 'imagebytes',
    label: 'bytes per image',
    values: ['512', '2544', '10240', '45566'],
    needs: 'page=pm-images',
  },
  { key: 'rtt', label: 'round-trip time (ms)', values: ['1', '10', '50', '100', '250', '550'] },
  { key: 'bw', label: 'bandwidth (bit/s)', values: ['28800', '128000', '1544000', '10000000', '100000000'] },
  {
    key: 'link',
    label: 'link',
    values: ['ethernet10', 'wan', 't1', 'ppp28k', 'geo', 'broadband', 'lte', 'leo'],
  },
  { key: 'mss', label: 'MSS (bytes)', values: ['256', '536', '1460', '4312', '8960'] },
  { key: 'loss', label: 'loss (%)', values: ['0', '1', '2', '5', '10'] },
  {
    key: 'objects',
    label: 'transfer (bytes)',
    values: ['1024', '2048', '5120', '10240', '20480', '51200', '102400'],
    needs: 'page=custom',
  },
  { key: 'http', label: 'HTTP mode', values: ['1.0', '1.0ka', '1.1', '1.1pipe', 'getall'] },
  { key: 'delack', label: 'delayed ACK', values: ['bsd', 'fixed', 'off'] },
  { key: 'nagle', label: 'Nagle', values: ['1', '0'] },
  { key: 'queue', label: 'router queue (packets)', values: ['2', '5', '10', '20', '50'] },
];

export function findKnob(key: string): SweepKnob | undefined {
  return SWEEP_KNOBS.find((k) => k.key === key);
}

const METRIC_LABELS: Record<string, string> = {
  load_s: 'page load (s)',
  packets: 'packets',
  bytes: 'bytes (IP level)',
  payload_bytes: 'payload bytes',
  throughput_kbps: 'throughput (kbit/s)',
};

/** Every figure a sweep can plot: the metrics, then stall time per cause. */
export const SWEEP_Y_CHOICES: readonly SweepMetric[] = [
  ...SWEEP_METRICS,
  ...KNOWN_CAUSES.map((c): SweepMetric => `stall_s:${c}`),
];

export function isSweepMetric(text: string): text is SweepMetric {
  return (SWEEP_Y_CHOICES as readonly string[]).includes(text);
}

export function metricLabel(metric: SweepMetric): string {
  if (metric.startsWith('stall_s:'))
    return `stalled on ${causeStyle(metric.slice(8) as StallCause).short} (s)`;
  return METRIC_LABELS[metric] ?? metric;
}
