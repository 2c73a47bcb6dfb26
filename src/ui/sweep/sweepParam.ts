// The `sweep=` URL value: a ready-made sweep's id, or a custom sweep over the current scenario:
//   sweep=custom:x=conns:1,4,8,16;series=window:8192,16384;y=load_s
// `x=<knob>[:<values>]` (values default to the knob's list), optional `series=<knob>[:<values>]`,
// `y=<metric>` (load_s, packets, bytes, payload_bytes, throughput_kbps, retransmits, rtt_p50_ms, srtt_max_ms or stall_s:<cause>; default
// load_s). Read defensively: what cannot be read is reported and left out, never thrown.
import { SCHEMA } from '../../scenario/schema';
import { parseValue, quote } from '../../scenario/codec';
import { didYouMean, didYouMeanKey } from '../../scenario/didYouMean';
import { PRESETS } from '../../scenario/presets';
import { sweepJoined } from '../../views/SweepChart';
import {
  axisIsNumeric,
  findSweep,
  SWEEPS,
  type SweepAxis,
  type SweepMetric,
  type SweepSpec,
} from '../../scenario/sweeps';
import { findKnob, isSweepMetric, metricLabel } from './sweepKnobs';

const MAX_VALUES = 12;
const MAX_SERIES = 6;

export interface CustomSweep {
  x: { key: string; values: string[] };
  series: { key: string; values: string[] } | null;
  y: SweepMetric;
}

export type SweepChoice = { kind: 'ready'; spec: SweepSpec } | { kind: 'custom'; custom: CustomSweep };

export function encodeCustomSweep(c: CustomSweep): string {
  const parts = [`x=${c.x.key}:${c.x.values.join(',')}`];
  if (c.series) parts.push(`series=${c.series.key}:${c.series.values.join(',')}`);
  parts.push(`y=${c.y}`);
  return `custom:${parts.join(';')}`;
}

function readAxis(text: string, limit: number, problems: string[]): CustomSweep['x'] | null {
  const [key, list] = [text.split(':')[0], text.split(':').slice(1).join(':')];
  const knob = findKnob(key);
  if (!knob) {
    problems.push(`sweep: ${quote(key)} cannot be swept`);
    return null;
  }
  // `x=rtt:` with nothing after the colon: the knob's own values, as for `x=rtt`, but said.
  if (!list && text.includes(':')) problems.push(`sweep: ${key}: lists no values; sweeping its usual ones`);
  const raw = list ? list.split(',').map((v) => v.trim()) : knob.values;
  const values = raw.filter((v) => {
    const ok = parseValue(SCHEMA[knob.key], v).ok;
    if (!ok) problems.push(`sweep: ${key}=${quote(v)} is not a valid value, left out`);
    return ok;
  });
  const unique = [...new Set(values)].slice(0, limit);
  if (values.length > limit) problems.push(`sweep: only the first ${limit} values of ${key} are swept`);
  return unique.length > 0 ? { key: knob.key, values: unique } : null;
}

/** For a `preset=` that names no preset: "; did you mean sweep=kruse-fig2?" when it is a sweep's. */
export function sweepHint(typed: string): string {
  return didYouMeanKey(
    typed,
    'sweep',
    SWEEPS.map((w) => w.id),
  );
}

/** Read `sweep=`; null (with a problem) when nothing usable is left. */
export function parseSweepParam(raw: string, problems: string[]): SweepChoice | null {
  if (!raw.startsWith('custom:')) {
    const spec = findSweep(raw);
    const ids = SWEEPS.map((w) => w.id);
    // A preset's name given as a sweep's is named as the preset it is.
    const hint =
      didYouMean(raw, ids) ||
      didYouMeanKey(
        raw,
        'preset',
        PRESETS.map((p) => p.id),
      );
    if (!spec) problems.push(`sweep=${quote(raw)}: no such sweep${hint}`);
    return spec ? { kind: 'ready', spec } : null;
  }
  const fields = new Map<string, string>();
  for (const part of raw.slice(7).split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at), part.slice(at + 1));
    else if (part) problems.push(`sweep: ${quote(part)} is not name=value, ignored`);
  }
  const x = fields.has('x') ? readAxis(fields.get('x')!, MAX_VALUES, problems) : null;
  if (!x) {
    problems.push('sweep: a custom sweep needs a knob on the x axis (x=conns:1,4,8)');
    return null;
  }
  let series = fields.has('series') ? readAxis(fields.get('series')!, MAX_SERIES, problems) : null;
  if (series && series.key === x.key) {
    problems.push('sweep: the series knob must differ from the x knob; series left out');
    series = null;
  }
  const yText = fields.get('y') ?? 'load_s';
  const y: SweepMetric = isSweepMetric(yText) ? yText : 'load_s';
  if (yText !== y) problems.push(`sweep: y=${quote(yText)} is not a figure; plotting the page load`);
  return { kind: 'custom', custom: { x, series, y } };
}

function axisOf(axis: { key: string; values: string[] }): SweepAxis {
  const knob = findKnob(axis.key)!;
  return { key: knob.key, values: axis.values, label: knob.label };
}

/** The spec of a custom sweep over a base scenario (its query, without view keys). */
export function customSpec(custom: CustomSweep, base: string): SweepSpec {
  const needs = [findKnob(custom.x.key)?.needs, custom.series && findKnob(custom.series.key)?.needs];
  const x = axisOf(custom.x);
  const series = custom.series ? axisOf(custom.series) : undefined;
  return {
    id: 'custom',
    // Over choices the points stand alone (SweepChart): a series is a colour, not a line.
    title: `${capitalize(metricLabel(custom.y))} against ${x.label}${series ? `, one ${sweepJoined(axisIsNumeric(x), x.values) ? 'line' : 'colour and shape'} per ${series.label}` : ''}`,
    source: 'Custom sweep over the current scenario',
    claim: '',
    base: [base, ...needs.filter(Boolean)].filter(Boolean).join('&'),
    x,
    series,
    y: custom.y,
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
