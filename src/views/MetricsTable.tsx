// The run's figures shaped like Nielsen et al.'s tables (packets, bytes, seconds, % overhead),
// with side B and the difference when comparing, and the paper's figures when a preset has them.
// Seconds are the page time: with repeated loads, the last load (as the papers report it), each
// load's time and the whole run being given apart below the table.
import type { Metrics } from '../engine/metrics';
import { formatDuration } from './format';

export type MetricName = 'packets' | 'bytes' | 'payload_bytes' | 'elapsed_s' | 'overhead_pct';
export type MetricValues = Record<MetricName, number>;

export const METRIC_COLUMNS: Array<{ name: MetricName; title: string }> = [
  { name: 'packets', title: 'Packets' },
  { name: 'bytes', title: 'IP bytes' },
  { name: 'payload_bytes', title: 'Payload bytes' },
  { name: 'elapsed_s', title: 'Seconds' },
  { name: 'overhead_pct', title: '% overhead' },
];

/** The figures of a run; `elapsed_s` is the page time (the last load when there were several). */
export function metricValues(m: Metrics): MetricValues {
  return {
    packets: m.packets.total,
    bytes: m.bytes,
    payload_bytes: m.payload_bytes,
    elapsed_s: m.last_load_s ?? m.elapsed_s,
    overhead_pct: m.overhead_pct,
  };
}

export function formatMetric(name: MetricName, value: number): string {
  if (name === 'elapsed_s') return value >= 100 ? value.toFixed(1) : value.toPrecision(3);
  if (name === 'overhead_pct') return value.toFixed(2);
  return String(Math.round(value));
}

function formatDelta(name: MetricName, a: number, b: number): string {
  const diff = b - a;
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  const share = Math.abs((100 * diff) / a);
  const pct = a === 0 ? '' : ` (${sign}${share >= 10 || share === 0 ? share.toFixed(0) : share.toFixed(1)}%)`;
  return `${sign}${formatMetric(name, Math.abs(diff))}${name === 'overhead_pct' ? '' : pct}`;
}

/** A run's loads: each load's time, and the whole run, in seconds. */
export interface RunLoads {
  loads_s: Array<number | null>;
  run_s: number;
}

export interface MetricsTableProps {
  a: MetricValues;
  b?: MetricValues;
  paper?: { label: string; values: Partial<MetricValues> };
  /** Side A's loads, then side B's when comparing. */
  loads?: RunLoads[];
}

/** Below the table, so it wraps to the panel's width even when the table scrolls sideways. */
function LoadsNote({ loads }: { loads: RunLoads[] }) {
  // A no-break space keeps each figure with its unit when the note wraps.
  const seconds = (s: number | null) =>
    s === null ? 'unfinished' : formatDuration(s * 1e9).replace(' ', '\u00a0');
  if (!loads.some((l) => l.loads_s.length > 1)) return null;
  return (
    <p className="note" data-loads-note="">
      {loads.map((l, i) =>
        l.loads_s.length > 1 ? (
          <span key={i} data-loads={i === 0 ? 'a' : 'b'}>
            {' '}
            {loads.length > 1 ? `${i === 0 ? 'A' : 'B'}: the` : 'The'} page was loaded {l.loads_s.length}{' '}
            times (each load: <span data-metric-loads="">{l.loads_s.map(seconds).join(', ')}</span>); Seconds
            give the last load, as the papers report it. All {l.loads_s.length} loads took{' '}
            <span
              data-metric={i === 0 ? 'run_s' : undefined}
              data-metric-b={i === 0 ? undefined : 'run_s'}
              data-value={l.run_s}
            >
              {seconds(l.run_s)}
            </span>
            , with the page idle between loads; packets and bytes count the whole run.
          </span>
        ) : null,
      )}
    </p>
  );
}

export function MetricsTable({ a, b, paper, loads = [] }: MetricsTableProps) {
  return (
    <>
      <table className="metrics" data-metrics="">
        <caption>
          Figures of the run, counted as the papers count them: IP bytes include the TCP/IP headers (as
          tcpdump reports), payload bytes are what Nielsen et al.'s tables call Bytes, overhead is the
          headers' share, Seconds the time the page took.
        </caption>
        <thead>
          <tr>
            <th scope="col">Run</th>
            {METRIC_COLUMNS.map((c) => (
              <th scope="col" key={c.name}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr data-row="a">
            <th scope="row">{b ? 'A' : 'Simulated'}</th>
            {METRIC_COLUMNS.map((c) => (
              <td key={c.name} data-metric={c.name} data-value={a[c.name]}>
                {formatMetric(c.name, a[c.name])}
              </td>
            ))}
          </tr>
          {paper && (
            <tr data-row="paper" className="paper-row">
              <th scope="row">{paper.label}</th>
              {METRIC_COLUMNS.map((c) => {
                const v = paper.values[c.name];
                return (
                  <td key={c.name} data-paper-metric={c.name}>
                    {v === undefined ? '—' : formatMetric(c.name, v)}
                  </td>
                );
              })}
            </tr>
          )}
          {b && (
            <>
              <tr data-row="b">
                <th scope="row">B</th>
                {METRIC_COLUMNS.map((c) => (
                  <td key={c.name} data-metric-b={c.name} data-value={b[c.name]}>
                    {formatMetric(c.name, b[c.name])}
                  </td>
                ))}
              </tr>
              <tr data-row="delta" className="delta-row">
                <th scope="row">B − A</th>
                {METRIC_COLUMNS.map((c) => (
                  <td key={c.name} data-metric-delta={c.name}>
                    {formatDelta(c.name, a[c.name], b[c.name])}
                  </td>
                ))}
              </tr>
            </>
          )}
        </tbody>
      </table>
      <LoadsNote loads={loads} />
    </>
  );
}
