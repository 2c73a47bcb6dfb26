// The knobs a custom sweep can put on an axis (the schema rows with sweep values), and the
// figures it can plot. Units go into the axis labels.
import type { StallCause } from '../../engine/trace';
import { CONFIG_KEYS, SCHEMA, type ConfigKey, type Row } from '../../scenario/schema';
import { SWEEP_METRICS, type SweepMetric } from '../../scenario/sweeps';
import { KNOWN_CAUSES, causeStyle } from '../../scenario/stallCauses';

export interface SweepKnob {
  key: ConfigKey;
  label: string;
  values: string[];
  /** Extra base settings that make the knob matter (images need the pm-images page). */
  needs?: string;
}

/** An axis label from the schema: the knob's label with its unit, when the label does not say it. */
export function axisLabel(key: ConfigKey): string {
  const row: Row = SCHEMA[key];
  const unit = 'unit' in row ? row.unit : '';
  return unit && !row.label.toLowerCase().includes(unit) ? `${row.label} (${unit})` : row.label;
}

/** Every schema row with sweep values, in schema order. */
export const SWEEP_KNOBS: readonly SweepKnob[] = CONFIG_KEYS.flatMap((key): SweepKnob[] => {
  const sweep = (SCHEMA[key] as Row).sweep;
  return sweep ? [{ key, label: axisLabel(key), values: [...sweep.values], needs: sweep.needs }] : [];
});

export function findKnob(key: string): SweepKnob | undefined {
  return SWEEP_KNOBS.find((k) => k.key === key);
}

const METRIC_LABELS: Record<string, string> = {
  load_s: 'page load (s)',
  packets: 'packets',
  bytes: 'bytes (IP level)',
  payload_bytes: 'payload bytes',
  throughput_kbps: 'throughput (kbit/s)',
  retransmits: 'retransmissions',
  rtt_p50_ms: 'median RTT (ms)',
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
