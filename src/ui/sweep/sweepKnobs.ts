// The knobs a custom sweep can put on an axis (the schema rows with sweep values), and the
// figures it can plot. Units go into the axis labels.
import type { StallCause } from '../../engine/trace';
import { parseValue, querySettings } from '../../scenario/codec';
import {
  applies,
  CONFIG_KEYS,
  failingRule,
  SCHEMA,
  type ConfigKey,
  type Row,
  type Settings,
} from '../../scenario/schema';
import { suggestedValueText } from '../controls/fieldModel';
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

/** Settings with a query's values laid over them (values that do not parse are left out). */
function withQuery(settings: Settings, query: string | undefined): Settings {
  return { ...settings, ...querySettings(query ?? '') };
}

/**
 * Whether sweeping this knob can change the run over these settings: the schema's rule, the one
 * Settings hides knobs by, with the base settings the sweep adds for the knob (its `needs`) laid
 * over them. `other` is the sweep's other axis: a knob that applies at some of its values counts
 * (connections, one line per HTTP mode).
 */
export function knobApplies(
  key: string,
  settings: Settings,
  other: { key: string; values: readonly string[] } | null = null,
): boolean {
  const knob = findKnob(key);
  if (!knob) return false;
  const base = withQuery(settings, knob.needs);
  if (applies(knob.key, base)) return true;
  if (!other || !(other.key in SCHEMA)) return false;
  return other.values.some((v) => applies(knob.key, withQuery(base, `${other.key}=${v}`)));
}

/** The first knob a custom sweep offers on the x axis: connections when they apply, else the
 * round-trip time (it applies to every scenario), else the first knob that applies. */
export function defaultSweepKnob(settings: Settings): SweepKnob {
  const first = ['conns', 'rtt'].map(findKnob).find((k) => k && applies(k.key, settings));
  return first ?? SWEEP_KNOBS.find((k) => !k.needs && applies(k.key, settings)) ?? SWEEP_KNOBS[0];
}

/** A rule's value in words: "HTTP/1.1", "on", "4 connections". */
function valueWords(key: ConfigKey, text: string): string {
  const parsed = parseValue(SCHEMA[key], text);
  return parsed.ok ? suggestedValueText(key, parsed.value) : text;
}

function andList(items: string[]): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Why sweeping this knob changes nothing over these settings, in the words Settings would use
 * ("Connections has no effect with HTTP/1.1: it applies to HTTP/1.0 and HTTP/1.0 with
 * Keep-Alive"), or null when it applies.
 */
export function notApplyingNote(
  key: string,
  settings: Settings,
  other: { key: string; values: readonly string[] } | null = null,
): string | null {
  const knob = findKnob(key);
  if (!knob || knobApplies(key, settings, other)) return null;
  const base = withQuery(settings, knob.needs);
  const when = failingRule(knob.key, base)!;
  const on = when.key as ConfigKey;
  const value = base[on];
  const now = valueWords(on, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  const where = when.in
    ? andList(when.in.map((v) => valueWords(on, v)))
    : `any ${(SCHEMA[on] as Row).label} but ${andList((when.notIn ?? []).map((v) => valueWords(on, v)))}`;
  return `${(SCHEMA[knob.key] as Row).label} has no effect with ${now}: it applies to ${where}, so a sweep of it draws a flat line.`;
}

const METRIC_LABELS: Record<string, string> = {
  load_s: 'page load (s)',
  packets: 'packets',
  bytes: 'bytes (IP level)',
  payload_bytes: 'payload bytes',
  throughput_kbps: 'throughput (kbit/s)',
  retransmits: 'retransmissions',
  rtt_p50_ms: 'median RTT (ms)',
  srtt_max_ms: "server's highest smoothed RTT (ms)",
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
