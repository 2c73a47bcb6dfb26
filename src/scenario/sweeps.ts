// Sweeps: one knob on the x axis, optionally one knob for the series, a figure on the y axis.
// Every point is a full simulation (run by sweepRun.ts, so the page's own bundle does not carry
// the engine). The ready-made sweeps redraw the papers' figures.
import { computeMetrics, pageTimeNs, reportedLoadResponseBytes } from '../engine/metrics';
import type { PathTiming } from '../engine/path';
import type { StallCause, Trace } from '../engine/trace';
import { breakdown, partNs } from './breakdown';
import { parseQuery } from './codec';
import { linkFigure } from './links';
import { NIELSEN_TABLES_4_9 } from './paperFigures';
import { SCHEMA, type ConfigKey } from './schema';

export type SweepMetric =
  | 'load_s' // the page load (the last one, when loaded several times)
  | 'packets'
  | 'bytes'
  | 'payload_bytes'
  | 'throughput_kbps' // response bytes over the load time
  | 'retransmits'
  | 'rtt_p50_ms' // the data senders' median round trip
  | 'srtt_max_ms' // the highest smoothed RTT a server reached: what a standing queue adds
  | `stall_s:${StallCause}`;

export interface SweepAxis {
  key: ConfigKey | 'preset';
  values: string[];
  label: string;
  /** How the chart, legend and table name each value, where its value reads as a code (a preset id). */
  names?: string[];
}

/** A sweep point's figure by its x and series values: null while it runs (or if it failed). */
export type PointY = (x: string, series: string | null) => number | null;

export interface SweepSpec {
  id: string;
  title: string;
  source: string;
  /** What the figure shows, in the paper's words: the tests check the shape. */
  claim: string;
  base: string;
  x: SweepAxis;
  series?: SweepAxis;
  y: SweepMetric;
  /** Plot the saving against another run of the same point instead: `other - this` in the y unit
   * ('difference'), or as a share of the other ('reduction_pct'). `label` names the other run on
   * the y axis, in words. */
  compare?: { versus: string; as: 'difference' | 'reduction_pct'; label: string };
  /** Published points to overlay, where the paper gives numbers. */
  published?: Array<{ x: string; series?: string; y: number }>;
  /** Draw Kruse's simple baseline model beside the simulation. */
  model?: 'kruse-baseline';
  /**
   * The claim's figure as the simulation gives it, from the points once all are in (`y` of a
   * point, null while it runs): shown under the claim, so a reader need not work it out from the
   * chart to see where the model and the paper differ.
   */
  measured?: (y: PointY) => string | null;
}

/** Padmanabhan and Mogul's Fig. 3 transfer lengths and windows (bytes). */
const PM_LENGTHS = ['1024', '2048', '5120', '10240', '20480', '51200', '102400', '512000'];
const PM_WINDOWS = ['4096', '8192', '16384', '32768'];

/** The codel-buffer sweep's claim in its figures: drop-tail's smoothed RTT at the smallest and
 * largest buffer, CoDel's at its highest. */
function codelAgainstBuffer(y: PointY): string | null {
  const small = y('30', 'none');
  const large = y('1000', 'none');
  const codel = ['30', '100', '300', '1000'].map((x) => y(x, 'codel'));
  if (small === null || large === null || codel.some((v) => v === null)) return null;
  const most = Math.max(...(codel as number[]));
  return `drop-tail: ${Math.round(small)} ms with 30 packets, ${Math.round(large)} ms with 1000; CoDel: at most ${Math.round(most)} ms`;
}

/** Padmanabhan and Mogul's Fig. 3-2 (T1, 70 ms): 2 KB against the best throughput; 20 KB against an 8 KB window's long transfer. */
function remoteThroughput(y: PointY): string | null {
  const small = y('2048', '16384');
  const twenty = y('20480', '8192');
  const long = y('512000', '8192');
  const all = PM_LENGTHS.flatMap((x) => PM_WINDOWS.map((w) => y(x, w)));
  if (small === null || twenty === null || long === null || all.some((v) => v === null) || long <= 0)
    return null;
  const best = Math.max(...(all as number[]));
  return `Simulated here: a 2 KB transfer gets ${Math.round((100 * small) / best)}% of the best throughput; a 20 KB one ${Math.round((100 * twenty) / long)}% of what an 8 KB window carries over 500 KB.`;
}

/** Fig. 3-3 (10 Mb/s Ethernet): a 2 KB and a 20 KB transfer's share of the link, with a 16 KB window. */
function localThroughput(y: PointY): string | null {
  const small = y('2048', '16384');
  const twenty = y('20480', '16384');
  if (small === null || twenty === null) return null;
  const share = (kbps: number) => Math.round(kbps / 100); // % of 10,000 kbit/s
  return `Simulated here, with a 16 KB window: a 2 KB transfer gets ${share(small)}% of the 10 Mb/s link, a 20 KB one ${share(twenty)}%.`;
}

/** Round trips one series adds over another on the longest path of a sweep over `rtt` (ms), load in seconds. */
function roundTripsAdded(y: PointY, rttMs: string, series: string, over: string): number | null {
  const a = y(rttMs, series);
  const b = y(rttMs, over);
  return a === null || b === null ? null : Math.round(((a - b) * 1000 * 10) / Number(rttMs)) / 10;
}

const roundTrips = (n: number) => `${n} round trip${n === 1 ? '' : 's'}`;

/** The TLS sweep: the round trips each version adds to a request, on the 550 ms path. */
function tlsRoundTrips(y: PointY): string | null {
  const v12 = roundTripsAdded(y, '550', '1.2', 'none');
  const v13 = roundTripsAdded(y, '550', '1.3', 'none');
  if (v12 === null || v13 === null) return null;
  return `Simulated here, on the 550 ms path: TLS 1.2 adds ${roundTrips(v12)}, TLS 1.3 ${roundTrips(v13)}.`;
}

/** The QUIC sweep: the round trips HTTP/3 saves against HTTP/1.1 over TLS 1.3, on the 550 ms path. */
function quicRoundTrips(y: PointY): string | null {
  const saved = roundTripsAdded(y, '550', '1.1', '3');
  return saved === null ? null : `Simulated here, on the 550 ms path: HTTP/3 saves ${roundTrips(saved)}.`;
}

const KRUSE_PAGE_KEYS = ['lerc', 'acts', 'oufr', 'test'];

/** Kruse's Fig. 2: each page's time with 8 and with 16 connections against its time with 4. */
function beyondFour(y: PointY): string | null {
  const changes = (conns: string) =>
    KRUSE_PAGE_KEYS.map((page) => {
      const four = y('4', `kruse-${page}`);
      const more = y(conns, `kruse-${page}`);
      return four === null || four <= 0 || more === null ? null : Math.round((100 * (more - four)) / four);
    });
  const [at8, at16] = [changes('8'), changes('16')];
  if ([...at8, ...at16].some((c) => c === null)) return null;
  const words = (cs: Array<number | null>) =>
    cs
      .map(
        (c, i) =>
          `${KRUSE_PAGE_KEYS[i]} ${c === 0 ? 'the same' : c! < 0 ? `${-c!}% faster` : `${c}% slower`}`,
      )
      .join(', ');
  // The paper finds /Test gaining little above 4 connections and only /acts worse: the model's
  // /Test gains at 8, and pages slower at 16 other than /acts differ too.
  const differs = [
    'test',
    ...KRUSE_PAGE_KEYS.filter((page, i) => page !== 'acts' && page !== 'test' && at16[i]! > 0),
  ];
  return `Simulated here, against 4 connections: 8 give ${words(at8)}; 16 give ${words(at16)} (the presets say why ${differs.join(' and ')} differ from the paper).`;
}

/** Kruse's Fig. 5: what persistent connections save each page with 8 and with 16 connections. */
function persistentSavings(y: PointY): string | null {
  const saved = (conns: string) =>
    KRUSE_PAGE_KEYS.map((page) => {
      const s = y(conns, `kruse-${page}`);
      if (s === null) return null;
      const v = Math.round(s * 100) / 100;
      return v < 0 ? `${page} loses ${(-v).toFixed(2)} s` : `${page} ${v.toFixed(2)} s`;
    });
  const at8 = saved('8');
  const at16 = saved('16');
  if ([...at8, ...at16].some((w) => w === null)) return null;
  return `Simulated here, the time persistent connections save with 8 connections: ${at8.join(', ')}; with 16: ${at16.join(', ')} (the paper finds the same saving at 8 and 16; where the model differs, the presets say why).`;
}

/** Kruse's Fig. 7: what 8 -> 16 KB and 16 -> 96 KB of window save each page, over one connection. */
function windowSavings(y: PointY): string | null {
  const saved = (from: string, to: string) =>
    KRUSE_PAGE_KEYS.map((page) => {
      const a = y(from, `kruse-${page}`);
      const b = y(to, `kruse-${page}`);
      return a === null || b === null || a <= 0 ? null : `${page} ${Math.round((100 * (a - b)) / a)}%`;
    });
  const small = saved('8192', '16384');
  const large = saved('16384', '98304');
  if ([...small, ...large].some((w) => w === null)) return null;
  return `Simulated here, the time saved going from 8 to 16 KB: ${small.join(', ')}; from 16 to 96 KB: ${large.join(', ')}.`;
}

/** Mathis's square-root law: what four times the loss (1% to 4%) leaves of each controller's throughput. */
function fourTimesTheLoss(y: PointY): string | null {
  const names: Record<string, string> = { newreno: 'NewReno', cubic: 'CUBIC', bbr: 'BBR' };
  const kept = Object.keys(names).map((cc) => {
    const before = y('1', cc);
    const after = y('4', cc);
    return before === null || after === null || before <= 0
      ? null
      : `${names[cc]} ${Math.round((100 * after) / before)}%`;
  });
  if (kept.some((k) => k === null)) return null;
  return `Simulated here: four times the loss (1% to 4%) leaves ${kept.join(', ')} of its throughput (the square-root law: 50%).`;
}

/** Padmanabhan and Mogul's Figs 6-1 and 6-2: how much of the old protocol's latency GETALL saves, at a few image counts. */
function newProtocolCut(y: PointY): string | null {
  const counts = ['5', '10', '20'];
  const cuts = counts.map((n) => {
    const old = y(n, '1.0');
    const now = y(n, 'getall');
    return old === null || now === null || old <= 0 ? null : Math.round((1 - now / old) * 100);
  });
  if (cuts.some((c) => c === null)) return null;
  return `Simulated here: the new protocol cuts latency by ${cuts[0]}% at ${counts[0]} images, ${cuts[1]}% at ${counts[1]}, ${cuts[2]}% at ${counts[2]}.`;
}

/**
 * Fig. 6-1 also splits the cut: "more than half of the improvement comes from pipelining" (1.1 to
 * GETALL), the rest from long-lived connections (1.0 to 1.1). The paper gives no figures for it.
 */
function newProtocolCutAndSplit(y: PointY): string | null {
  const cut = newProtocolCut(y);
  const counts = ['5', '10', '20'];
  const shares = counts.map((n) => {
    const [old, kept, all] = [y(n, '1.0'), y(n, '1.1'), y(n, 'getall')];
    return old === null || kept === null || all === null || old <= all
      ? null
      : Math.round((100 * (kept - all)) / (old - all));
  });
  if (cut === null || shares.some((s) => s === null)) return null;
  const most = shares.every((s) => s! > 50);
  return `${cut.slice(0, -1)}; pipelining gives ${shares[0]}%, ${shares[1]}% and ${shares[2]}% of that cut${
    most
      ? '.'
      : ', where the paper says more than half: here long-lived connections save about a round trip per image, and pipelining a little less (the model differs from the paper, which gives no figures for the split).'
  }`;
}

export interface SweepPoint {
  x: string;
  series: string | null;
  query: string;
  y: number;
}

export const SWEEP_METRICS: readonly SweepMetric[] = [
  'load_s',
  'packets',
  'bytes',
  'payload_bytes',
  'throughput_kbps',
  'retransmits',
  'rtt_p50_ms',
  'srtt_max_ms',
];

/**
 * The query of one point: the base with the x and series values laid over it. A path figure swept
 * to what the point's link gives it anyway (`rtt=90` over the WAN) is left unset, as is one swept to
 * what the page sets it to: the run is the same, and its link the page's own, not one that would
 * keep 90 ms over another link chosen after.
 */
export function pointQuery(spec: SweepSpec, x: string, series: string | null): string {
  const parts = [spec.base];
  if (spec.series && series !== null) parts.push(`${spec.series.key}=${series}`);
  parts.push(`${spec.x.key}=${x}`);
  // A preset resets every key, so it goes first.
  const pairs = parts.flatMap((p) => [...new URLSearchParams(p)]);
  const presets = pairs.filter(([k]) => k === 'preset');
  let rest = pairs.filter(([k]) => k !== 'preset');
  const query = (kept: Array<[string, string]>) =>
    new URLSearchParams([...presets.slice(-1), ...kept]).toString();
  // The figure the point's run has without `kept`'s setting of `key`.
  const figureWithout = (key: string, kept: Array<[string, string]>) => {
    const settings = parseQuery(query(kept)).config.settings;
    return linkFigure(key, settings[key as ConfigKey] as number | null, settings.link);
  };
  for (const key of [spec.x.key, spec.series?.key]) {
    const at = rest.map(([k]) => k).lastIndexOf(key ?? '');
    // Only a path figure has a value of its own when unset (linkFigure gives null for any other).
    if (key === undefined || at < 0 || linkFigure(key, 0, '') === null) continue;
    const value = Number(rest[at][1]);
    const unset = rest.filter(([k]) => k !== key);
    const without = rest.filter((_, i) => i !== at);
    // The link's own figure: no setting of it at all (over `link=wan&rtt=250`, 90 ms is the WAN's).
    if (figureWithout(key, unset) === value) rest = unset;
    // The page's own setting: once, as the page has it.
    else if (figureWithout(key, without) === value) rest = without;
  }
  return query(rest);
}

/** The page time the headline gives: the load it reports (the last, when loaded several times). */
export function loadNs(trace: Trace): number {
  return pageTimeNs(trace);
}

/** The server's smoothed RTT at its highest: its timing starts when TCP sends, so it includes the
 * router queue's wait, which the capture's RTT (taken after the queue) does not. */
function highestServerSrttNs(trace: Trace): number {
  let most = 0;
  for (const s of trace.samples ?? [])
    if (s.side === 'server' && s.srttNs !== null) most = Math.max(most, s.srttNs);
  return most;
}

/**
 * A run's figure. A stall time is the time "where did the time go" gives the cause in the
 * reported load, each instant once: summed over connections, four HTTP/1.0 connections waiting on
 * delayed ACKs at once had plotted 1.95 s beside the breakdown's 0.55 s for the same run.
 */
export function measure(metric: SweepMetric, trace: Trace, path: PathTiming): number {
  if (metric.startsWith('stall_s:'))
    return partNs(breakdown(trace, path), metric.slice(8) as StallCause) / 1e9;
  const m = computeMetrics(trace);
  switch (metric) {
    case 'load_s':
      return loadNs(trace) / 1e9;
    case 'packets':
      return m.packets.total;
    case 'bytes':
      return m.bytes;
    case 'payload_bytes':
      return m.payload_bytes;
    case 'retransmits':
      return m.retransmits;
    case 'rtt_p50_ms':
      return m.rtt_ms?.p50 ?? 0;
    case 'srtt_max_ms':
      return highestServerSrttNs(trace) / 1e6;
    case 'throughput_kbps':
      return (reportedLoadResponseBytes(trace) * 8) / (loadNs(trace) / 1e9) / 1000;
  }
  throw new Error(`unknown metric ${metric}`);
}

/**
 * Whether an axis's values are quantities, to be placed by size, or choices, to be spaced evenly
 * in their order: HTTP modes `1.0, 1.1, 2, 3` or TLS `1.2, 1.3` read as numbers but are names
 * (on a numeric axis 1.0 and 1.1 sat on top of each other).
 */
export function axisIsNumeric(axis: SweepAxis): boolean {
  if (axis.key === 'preset') return false;
  const kind = SCHEMA[axis.key].kind;
  return kind === 'number' || kind === 'list';
}

/** Every point of a sweep, in order: series by series, x by x. */
export function sweepQueries(spec: SweepSpec): Array<Omit<SweepPoint, 'y'>> {
  const series = spec.series ? spec.series.values : [null];
  return series.flatMap((s) => spec.x.values.map((x) => ({ x, series: s, query: pointQuery(spec, x, s) })));
}

// ---- Ready-made sweeps ------------------------------------------------------------------------

const KRUSE_PAGES = ['kruse-lerc', 'kruse-acts', 'kruse-oufr', 'kruse-test'];
const CONNS: SweepAxis = { key: 'conns', values: ['1', '4', '8', '16'], label: 'connections' };
const KRUSE_SERIES: SweepAxis = { key: 'preset', values: KRUSE_PAGES, label: 'page' };

function nielsenPoints(table: string, metric: 'packets' | 'seconds', visit: string): SweepSpec['published'] {
  const rows: Record<string, string> = {
    'HTTP/1.0': '1.0',
    'HTTP/1.1': '1.1',
    'HTTP/1.1 pipelined': 'pipe',
    'HTTP/1.1 pipelined w/ compression': 'pipe-gzip',
  };
  return NIELSEN_TABLES_4_9.filter(
    (f) => f.table === table && f.metric === metric && f.visit === visit && rows[f.row],
  ).map((f) => ({ x: rows[f.row], y: f.value }));
}

/** Nielsen's table rows, as the x axis names them (its presets' ids read "1.0", "pipe-gzip"). */
const NIELSEN_PROTOCOLS: Record<string, string> = {
  '1.0': 'HTTP/1.0',
  '1.1': 'HTTP/1.1',
  pipe: 'pipelined',
  'pipe-gzip': 'pipelined, deflated',
};

function nielsenSweep(net: 'lan' | 'wan' | 'ppp', table: string, metric: 'packets' | 'seconds'): SweepSpec {
  const modes = net === 'ppp' ? ['1.1', 'pipe', 'pipe-gzip'] : ['1.0', '1.1', 'pipe', 'pipe-gzip'];
  return {
    id: `nielsen-${net}-${metric}`,
    title: `${metric === 'packets' ? 'Packets' : 'Seconds'} per protocol, ${net.toUpperCase()}, first visit (${table})`,
    source: `Nielsen et al. 1997, ${table}`,
    // Only the protocols on the x axis: the paper has no HTTP/1.0 row on PPP.
    claim:
      metric === 'packets'
        ? `packets fall from ${net === 'ppp' ? 'HTTP/1.1' : 'HTTP/1.0 to 1.1'} to pipelining to pipelining with deflate`
        : net === 'ppp'
          ? 'pipelining is faster than HTTP/1.1 without it'
          : 'pipelining is fastest; HTTP/1.1 without pipelining is slower than HTTP/1.0 with four connections',
    base: '',
    x: {
      key: 'preset',
      values: modes.map((m) => `nielsen-${net}-${m}-first`),
      label: 'protocol',
      names: modes.map((m) => NIELSEN_PROTOCOLS[m]),
    },
    y: metric === 'packets' ? 'packets' : 'load_s',
    published: nielsenPoints(table, metric, 'first')?.map((p) => ({
      ...p,
      x: `nielsen-${net}-${p.x}-first`,
    })),
  };
}

export const SWEEPS: readonly SweepSpec[] = [
  {
    id: 'kruse-fig2',
    title: 'Response time against connections (Kruse Fig. 2)',
    source: 'Kruse et al. 1998, Fig. 2 (16 KB window, Keep-Alive)',
    claim: 'little benefit from more than 4 connections',
    base: '',
    x: CONNS,
    series: KRUSE_SERIES,
    y: 'load_s',
    model: 'kruse-baseline',
    measured: beyondFour,
  },
  {
    id: 'kruse-fig5',
    title: 'Time saved by persistent connections (Kruse Fig. 5)',
    source: 'Kruse et al. 1998, Fig. 5 (16 KB window)',
    claim: 'persistent connections save most when there are few connections',
    base: 'http=1.0ka',
    x: CONNS,
    series: KRUSE_SERIES,
    y: 'load_s',
    compare: { versus: 'http=1.0', as: 'difference', label: 'HTTP/1.0' },
    measured: persistentSavings,
  },
  {
    id: 'kruse-fig6',
    title: 'Time saved by the 4K initial window, without Keep-Alive (Kruse Fig. 6)',
    source: 'Kruse et al. 1998, Fig. 6',
    claim: 'the 4K initial window saves time on new connections',
    base: 'http=1.0&iw=4k',
    x: CONNS,
    series: KRUSE_SERIES,
    y: 'load_s',
    compare: { versus: 'iw=1', as: 'difference', label: 'a 1-segment initial window' },
  },
  {
    id: 'kruse-fig7',
    title: 'Response time against the TCP window, one connection (Kruse Fig. 7)',
    source: 'Kruse et al. 1998, Fig. 7 (one persistent connection)',
    claim: 'going from 8 KB to 16 KB helps; windows above 16 KB help only pages with large elements',
    base: 'conns=1',
    x: { key: 'window', values: ['8192', '16384', '65536', '98304'], label: 'window (bytes)' },
    series: KRUSE_SERIES,
    y: 'load_s',
    model: 'kruse-baseline',
    measured: windowSavings,
  },
  ...(['t1', 'ethernet10'] as const).map((link): SweepSpec => ({
    id: link === 't1' ? 'pm-fig3-2' : 'pm-fig3-3',
    title: `Throughput against transfer length, ${link === 't1' ? 'RTT 70 ms' : 'RTT near 0'} (Padmanabhan-Mogul Fig. 3-${link === 't1' ? 2 : 3})`,
    source: `Padmanabhan & Mogul 1994, Fig. 3-${link === 't1' ? 2 : 3}`,
    claim:
      link === 't1'
        ? 'a 2 KB transfer gets under 10% of the best throughput, a 20 KB one about half of what a reasonable window (8 KB) carries; too small a window limits throughput at any length'
        : 'locally, per-connection overhead holds a 2 KB transfer to about 25% of capacity and a 20 KB one to about 70%',
    base: `preset=pm-throughput&link=${link}`,
    x: {
      key: 'objects',
      values: PM_LENGTHS,
      label: 'transfer (bytes)',
    },
    series: { key: 'window', values: PM_WINDOWS, label: 'window' },
    y: 'throughput_kbps',
    measured: link === 't1' ? remoteThroughput : localThroughput,
  })),
  ...([2544, 45566] as const).map((size): SweepSpec => ({
    id: size === 2544 ? 'pm-fig6-1' : 'pm-fig6-2',
    title: `Latency against number of ${size}-byte images, remote server (Padmanabhan-Mogul Fig. 6-${size === 2544 ? 1 : 2})`,
    source: `Padmanabhan & Mogul 1994, Fig. 6-${size === 2544 ? 1 : 2}`,
    claim:
      size === 2544
        ? 'the new protocol cuts latency by more than half, and more than half of the improvement comes from pipelining'
        : 'the new protocol cuts latency by about 22%',
    base: `preset=pm-remote-${size}&conns=1`,
    x: { key: 'images', values: ['1', '2', '5', '10', '15', '20'], label: 'images' },
    series: { key: 'http', values: ['1.0', '1.1', 'getall'], label: 'protocol' },
    y: 'load_s',
    measured: size === 2544 ? newProtocolCutAndSplit : newProtocolCut,
  })),
  ...(['remote', 'local'] as const).map((where): SweepSpec => ({
    id: where === 'remote' ? 'pm-fig6-3' : 'pm-fig6-4',
    title: `Latency saved by the new protocol, ${where} server (Padmanabhan-Mogul Fig. 6-${where === 'remote' ? 3 : 4})`,
    source: `Padmanabhan & Mogul 1994, Fig. 6-${where === 'remote' ? 3 : 4}`,
    claim: 'the benefit is greatest for small images and at least a moderate number of them',
    base: `preset=pm-${where}-2544&http=getall`,
    x: { key: 'images', values: ['1', '2', '5', '10', '20'], label: 'images' },
    series: { key: 'imagebytes', values: ['512', '2544', '10240', '45566'], label: 'image size (bytes)' },
    y: 'load_s',
    compare: { versus: 'http=1.0&conns=1', as: 'reduction_pct', label: 'HTTP/1.0 on one connection' },
  })),
  nielsenSweep('lan', 'Nielsen Table 4', 'packets'),
  nielsenSweep('lan', 'Nielsen Table 4', 'seconds'),
  nielsenSweep('wan', 'Nielsen Table 6', 'packets'),
  nielsenSweep('wan', 'Nielsen Table 6', 'seconds'),
  nielsenSweep('ppp', 'Nielsen Table 8', 'packets'),
  nielsenSweep('ppp', 'Nielsen Table 8', 'seconds'),
  {
    id: 'tls-by-rtt',
    title: 'What TLS costs, against the round trip (one small object, modern hosts)',
    source: 'RFC 5246 7.3 (TLS 1.2: two round trips) and RFC 8446 2 (TLS 1.3: one; 0-RTT with resumption)',
    claim:
      'each handshake round trip costs one RTT: TLS 1.2 adds about two, TLS 1.3 one, so the saving grows with the path',
    base: 'page=custom&objects=1000&bw=100000000&nagle=0&delack=off&iw=10&sthink=0&cthink=0',
    x: { key: 'rtt', values: ['10', '50', '100', '250', '550'], label: 'round-trip time (ms)' },
    series: { key: 'tls', values: ['none', '1.2', '1.3'], label: 'TLS' },
    y: 'load_s',
    measured: tlsRoundTrips,
  },
  {
    id: 'quic-by-rtt',
    title: 'QUIC against TLS 1.3 over TCP, by round trip (one small object, modern hosts)',
    source:
      'RFC 9000 7 and RFC 9001 4 (the QUIC and TLS handshakes in one round trip), RFC 8446 2 (TLS 1.3 after the TCP handshake)',
    claim:
      "QUIC's handshake saves the TCP round trip: HTTP/3 gets its first byte one RTT sooner than HTTP/1.1 over TLS 1.3, so the saving grows with the path (an ECDSA-sized certificate chain, so the server's flight fits the 3x amplification limit)",
    base: 'page=custom&objects=1000&bw=100000000&nagle=0&delack=off&iw=10&sthink=0&cthink=0&tls=1.3&cert=2000',
    x: { key: 'rtt', values: ['10', '50', '100', '250', '550'], label: 'round-trip time (ms)' },
    series: { key: 'http', values: ['1.1', '2', '3'], label: 'HTTP' },
    y: 'load_s',
    measured: quicRoundTrips,
  },
  {
    id: 'mathis-loss',
    title: 'Throughput against random loss, by congestion control (Mathis et al. 1997; Cardwell et al. 2016)',
    source:
      'Mathis, Semke, Mahdavi, Ott 1997, eq. 3 (BW ~ MSS / (RTT sqrt(p))); Padhye, Firoiu, Towsley, Kurose 1998 (timeouts); Cardwell et al. 2016, Fig. 8 (BBR under loss)',
    claim:
      'loss-based TCP falls as 1/sqrt(p), four times the loss for half the throughput, and faster once timeouts set in (Padhye et al. 1998); BBR holds most of the link rate up to a few percent',
    base: 'bw=10000000&rtt=100&queue=170&objects=3000000&window=4000000&iw=10&sack=1&delack=off',
    x: { key: 'loss', values: ['0.25', '0.5', '1', '2', '4'], label: 'random loss (%)' },
    series: { key: 'cc', values: ['newreno', 'cubic', 'bbr'], label: 'congestion control (with SACK)' },
    y: 'throughput_kbps',
    measured: fourTimesTheLoss,
  },
  {
    id: 'codel-buffer',
    title:
      "Bufferbloat: CUBIC's round trip against the router buffer, drop-tail or CoDel (10 MB, 20 Mb/s, 20 ms)",
    source:
      'Gettys and Nichols, "Bufferbloat: Dark Buffers in the Internet", CACM 55(1), 2012; Nichols and Jacobson, "Controlling Queue Delay", ACM Queue 10(5), 2012; RFC 8289',
    claim:
      "a loss-based sender fills whatever buffer drop-tail gives it, so the round trip grows with the buffer; CoDel keeps it near the path's 20 ms at any buffer size",
    base: 'link=deepbuffer&objects=10000000&window=8000000&iw=10&cc=cubic&sack=1&delack=linux',
    x: { key: 'queue', values: ['30', '100', '300', '1000'], label: 'router buffer (packets)' },
    series: { key: 'aqm', values: ['none', 'codel'], label: 'queue management' },
    y: 'srtt_max_ms',
    measured: codelAgainstBuffer,
  },
];

/**
 * How a sweep's header introduces its claim, from the kind of source it cites: a paper claims
 * ("the paper's claim"), an RFC or an IETF draft specifies ("from the RFCs").
 */
export function claimLead(source: string): string {
  const rfcs = new Set(source.match(/\bRFC ?\d+/g) ?? []).size;
  const drafts = new Set(source.match(/\bdraft-[\w-]+/g) ?? []).size;
  // A paper is cited with its year; an RFC's number (RFC 2018) is no year.
  const papers = new Set(source.replace(/\bRFC ?\d+/g, '').match(/\b(19|20)\d\d\b/g) ?? []).size;
  if (papers === 0 && rfcs > 0 && drafts > 0) return 'from the specifications';
  if (papers === 0 && rfcs > 0) return rfcs === 1 ? 'from the RFC' : 'from the RFCs';
  if (papers === 0 && drafts > 0) return drafts === 1 ? 'from the IETF draft' : 'from the IETF drafts';
  if (rfcs + drafts > 0) return 'from the sources';
  return papers > 1 ? "the papers' claim" : "the paper's claim";
}

export function findSweep(id: string): SweepSpec | undefined {
  return SWEEPS.find((s) => s.id === id);
}
