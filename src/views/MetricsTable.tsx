// The run's figures shaped like Nielsen et al.'s tables (packets, bytes, seconds, % overhead),
// with side B and the difference when comparing, and the paper's figures when a preset has them.
// Seconds are the page time: with repeated loads, the last load (as the papers report it), each
// load's time and the whole run being given apart below the table.
import type { Metrics } from '../engine/metrics';
import { formatDuration, shownNs } from './format';
import { PageEndBeforeRunEnd, pageEndsBeforeRun } from './PageEnd';
import { RunEndAfterLoads } from './RunEnd';
import { betweenLoads } from './betweenLoads';

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

/**
 * A run's figure as the table shows it. Seconds are the page time as the headline gives it
 * (formatDuration), rounded where it rounds: whole seconds from 100 s, two decimals from 1 s
 * ("10.78", where three digits had read "10.8" under "The page took 10.78 s"), whole milliseconds
 * from 10 ms ("0.043" under "43 ms", where three digits had read "0.0431"), three digits below.
 */
export function formatMetric(name: MetricName, value: number): string {
  if (name === 'elapsed_s') {
    // The metrics give seconds to the microsecond: back to nanoseconds whole, as the headline counts.
    const s = shownNs(Math.round(value * 1e9)) / 1e9;
    return s.toFixed(s >= 100 ? 0 : s >= 1 ? 2 : s >= 0.01 ? 3 : s >= 0.001 ? 5 : 6);
  }
  if (name === 'overhead_pct') return value.toFixed(2);
  return String(Math.round(value));
}

/** A paper's figure as the table shows it: seconds to three digits, as the papers print them
 * (Nielsen's 63.8 s over the modem, Heidemann's 0.0260). */
export function formatPaperMetric(name: MetricName, value: number): string {
  if (name === 'elapsed_s') return value >= 100 ? value.toFixed(1) : value.toPrecision(3);
  return formatMetric(name, value);
}

const decimalsIn = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
/** Significant digits in a figure as shown ("0.0261": 3, "10.78": 4). */
const digitsIn = (text: string) => text.replace('.', '').replace(/^0+/, '').length;

/** B − A: seconds to as many significant digits as A and B are shown with (three, or four from
 * 10 s), but to no more decimals: a tiny difference would claim microseconds beside figures given
 * to the millisecond (+0.00000600), and a large one beside a small B five decimals (−0.38034). Its
 * size is the difference between A and B as shown, so the row adds up (0.390 − 0.190 had read
 * +0.201, the true 0.2006); its sign is the true one's. */
export function formatDelta(name: MetricName, a: number, b: number): string {
  const sign = b > a ? '+' : b < a ? '−' : '±';
  const diff = Number(formatMetric(name, b)) - Number(formatMetric(name, a));
  const share = Math.abs((100 * (b - a)) / a);
  const pct = a === 0 ? '' : ` (${sign}${share >= 10 || share === 0 ? share.toFixed(0) : share.toFixed(1)}%)`;
  const shown = Math.max(decimalsIn(formatMetric(name, a)), decimalsIn(formatMetric(name, b)));
  const digits = Math.max(3, digitsIn(formatMetric(name, a)), digitsIn(formatMetric(name, b)));
  const places = diff === 0 ? shown : Math.min(shown, decimalsIn(Math.abs(diff).toPrecision(digits)));
  const size = name === 'elapsed_s' ? Math.abs(diff).toFixed(places) : formatMetric(name, Math.abs(diff));
  return `${sign}${size}${name === 'overhead_pct' ? '' : pct}`;
}

/** A run's loads: each load's time, and the whole run, in seconds. */
export interface RunLoads {
  loads_s: Array<number | null>;
  run_s: number;
  /** When the run ends, its connections closed (the playback clock's end). */
  end_s: number;
  /** The time between loads, the page idle (none when each load starts as the last ends). */
  idle_ns: number;
  /** Each load's page, when the loads went round different pages (loadPageNames); else null. */
  pages: string[] | null;
}

export interface MetricsTableProps {
  a: MetricValues;
  b?: MetricValues;
  paper?: { label: string; values: Partial<MetricValues> };
  /** Side B's paper figures, when B is a preset of its own (`b.preset`). */
  paperB?: { label: string; values: Partial<MetricValues> };
  /** The figures as rows and the runs as columns: five rows of two to four numbers fit a phone,
   * where six columns do not. */
  figuresAsRows?: boolean;
}

function LoadsNote({ loads }: { loads: RunLoads[] }) {
  // formatDuration keeps each figure with its unit when the note wraps, and a page keeps its figure.
  const seconds = (s: number | null) => (s === null ? 'unfinished' : formatDuration(s * 1e9));
  if (!loads.some((l) => l.loads_s.length > 1)) return null;
  return (
    <p className="note" data-loads-note="">
      {loads.map((l, i) =>
        l.loads_s.length > 1 ? (
          <span key={i} data-loads={i === 0 ? 'a' : 'b'}>
            {' '}
            {loads.length > 1 ? `${i === 0 ? 'A' : 'B'}: the` : 'The'}{' '}
            {l.pages ? (
              <>
                browser loaded {l.loads_s.length} pages in turn (
                <span data-metric-loads="">
                  {l.loads_s.map((s, k) => `${l.pages![k]}\u00a0${seconds(s)}`).join(', ')}
                </span>
                ); Seconds give the last, {l.pages[l.pages.length - 1]},
              </>
            ) : (
              <>
                page was loaded {l.loads_s.length} times (each load:{' '}
                <span data-metric-loads="">{l.loads_s.map(seconds).join(', ')}</span>); Seconds give the last
                load,
              </>
            )}{' '}
            as the papers report it. All {l.loads_s.length} loads took{' '}
            <span
              data-metric={i === 0 ? 'run_s' : undefined}
              data-metric-b={i === 0 ? undefined : 'run_s'}
              data-value={l.run_s}
            >
              {seconds(l.run_s)}
            </span>
            , {betweenLoads(l.idle_ns)}
            <RunEndAfterLoads loadsNs={l.run_s * 1e9} endNs={l.end_s * 1e9} />; packets and bytes count the
            whole run.
          </span>
        ) : null,
      )}
    </p>
  );
}

/** One row of the usual table: a run (or the paper, or B − A) and how each of its cells reads. */
interface RunLine {
  key: 'a' | 'paper' | 'paper-b' | 'b' | 'delta';
  label: string;
  className?: string;
  cell: (name: MetricName) => { text: string; attrs: Record<string, string | number> };
}

function runLines({ a, b, paper, paperB }: MetricsTableProps): RunLine[] {
  const lines: RunLine[] = [
    {
      key: 'a',
      label: b ? 'A' : 'Simulated',
      cell: (n) => ({ text: formatMetric(n, a[n]), attrs: { 'data-metric': n, 'data-value': a[n] } }),
    },
  ];
  if (b) {
    lines.push(
      {
        key: 'b',
        label: 'B',
        cell: (n) => ({ text: formatMetric(n, b[n]), attrs: { 'data-metric-b': n, 'data-value': b[n] } }),
      },
      {
        key: 'delta',
        label: 'B − A',
        className: 'delta-row',
        cell: (n) => ({ text: formatDelta(n, a[n], b[n]), attrs: { 'data-metric-delta': n } }),
      },
    );
  }
  // The paper's figures after the comparison: on a phone, where runs are columns, its long
  // heading had pushed B − A off the screen.
  const paperLine = (key: 'paper' | 'paper-b', row: typeof paper, attr: string) =>
    row &&
    lines.push({
      key,
      label: row.label,
      className: 'paper-row',
      cell: (n) => {
        const v = row.values[n];
        return { text: v === undefined ? '—' : formatPaperMetric(n, v), attrs: { [attr]: n } };
      },
    });
  paperLine('paper', paper, 'data-paper-metric');
  paperLine('paper-b', paperB, 'data-paper-b-metric');
  return lines;
}

const EXPLANATION_ID = 'metrics-explained';

/** The table alone: the page puts it in a box of its own that may scroll sideways. */
export function MetricsTable(props: MetricsTableProps) {
  const lines = runLines(props);
  return (
    <table
      className={`metrics${props.figuresAsRows ? ' metrics--figures-as-rows' : ''}`}
      data-metrics=""
      aria-describedby={EXPLANATION_ID}
    >
      {props.figuresAsRows ? <FiguresAsRows lines={lines} /> : <RunsAsRows lines={lines} />}
    </table>
  );
}

/** What the figures count, and the loads when there were several: below the table, never in its
 * scroll box, so the words wrap to the panel's width. */
export function MetricsNotes({ loads = [], headers = 'TCP/IP' }: { loads?: RunLoads[]; headers?: string }) {
  return (
    <>
      <p className="note" id={EXPLANATION_ID} data-metrics-explained="">
        Figures of the run, counted as the papers count them: IP bytes include the {headers} headers (as
        tcpdump reports), payload bytes are what Nielsen et al.&apos;s tables call Bytes, overhead is the
        headers&apos; share, Seconds the time the page took.
      </p>
      <LoadsNote loads={loads} />
      <RunEndsNote loads={loads} />
    </>
  );
}

/** A single load's Seconds end with its last byte, the run (packets and bytes) as it closes. */
function RunEndsNote({ loads }: { loads: RunLoads[] }) {
  const notes = loads.map((l, i) =>
    l.loads_s.length > 1 ? null : (
      <PageEndBeforeRunEnd
        key={i}
        pageNs={l.run_s * 1e9}
        endNs={l.end_s * 1e9}
        side={loads.length > 1 ? (i === 0 ? 'a' : 'b') : undefined}
      />
    ),
  );
  if (!loads.some((l) => l.loads_s.length <= 1 && pageEndsBeforeRun(l.run_s * 1e9, l.end_s * 1e9)))
    return null;
  return (
    <p className="note" data-run-ends-note="">
      {notes}Packets and bytes count the whole run.
    </p>
  );
}

/** As Nielsen et al. print theirs: a row per run, a column per figure. */
function RunsAsRows({ lines }: { lines: RunLine[] }) {
  return (
    <>
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
        {lines.map((line) => (
          <tr key={line.key} data-row={line.key} className={line.className}>
            <th scope="row">{line.label}</th>
            {METRIC_COLUMNS.map((c) => {
              const { text, attrs } = line.cell(c.name);
              return (
                <td key={c.name} {...attrs}>
                  {text}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </>
  );
}

/** The same cells turned a quarter: a row per figure, a column per run. */
function FiguresAsRows({ lines }: { lines: RunLine[] }) {
  return (
    <>
      <thead>
        <tr>
          <th scope="col">Figure</th>
          {lines.map((line) => (
            <th scope="col" key={line.key} data-column={line.key} className={line.className}>
              {line.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {METRIC_COLUMNS.map((c) => (
          <tr key={c.name} data-figure={c.name}>
            <th scope="row">{c.title}</th>
            {lines.map((line) => {
              const { text, attrs } = line.cell(c.name);
              return (
                <td key={line.key} className={line.className} {...attrs}>
                  {text}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </>
  );
}
