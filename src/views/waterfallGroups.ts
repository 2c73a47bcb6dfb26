// The waterfall's lines: one per exchange, as before; where several streams share a connection
// (HTTP/2, and HTTP/3's QUIC streams the same way), a line for the connection first and its
// streams under it, in stream order, so a student sees what travelled together. A page loaded
// several times has a line heading each load's rows ("load 2"), its bar from the load's start to
// where the page loaded: three "/" rows had followed one another with nothing saying which was which.
import { loadPageNames } from '../engine/loadPages';
import type { LoadRecord, Trace } from '../engine/trace';
import type { WaterfallRow } from './waterfallPhases';

export interface ConnectionLine {
  kind: 'connection';
  conn: number;
  streams: number;
  startNs: number; // the connection opened (or, in a later load, that load's first stream began)
  endNs: number; // its last stream ended (or the run did)
}
export interface LoadLine {
  kind: 'load';
  /** The load's index (0 for the first) and how many the run had. */
  load: number;
  loads: number;
  /** Its page ("/acts") when the run's loads were of different pages (loadPageNames); else null. */
  page: string | null;
  startNs: number;
  /** Where the page loaded (its last object arrived); null if it never did. */
  endNs: number | null;
}

/** The words heading a load's rows: "load 2", and its page when the loads went round pages ("load 2 · /acts"). */
export function loadHeading(line: LoadLine): string {
  return `load ${line.load + 1}${line.page === null ? '' : ` · ${line.page}`}`;
}

/** Every load heading among `lines`, for the label column to make room for. */
export function loadHeadings(lines: WaterfallLine[]): string[] {
  return lines.flatMap((l) => (l.kind === 'load' ? [loadHeading(l)] : []));
}
export interface ExchangeLine {
  kind: 'exchange';
  row: WaterfallRow;
  /** Its index among the exchange lines (the `data-exchange` hook). */
  index: number;
}
export type WaterfallLine = ConnectionLine | LoadLine | ExchangeLine;

/** Rows in their order; each multiplexed connection's rows gathered under a connection line
 * where its first row was; with several loads, each load's rows under a line of its own (a
 * connection's streams then gathered load by load). With one load and no streams the lines are
 * the rows, unchanged. */
export function waterfallLines(trace: Trace, rows: WaterfallRow[]): WaterfallLine[] {
  const loads: LoadRecord[] = trace.loads.length > 1 ? trace.loads : [];
  const pages = loadPageNames(trace);
  const loadOf = (row: WaterfallRow) => (loads.length > 0 ? (row.load ?? 0) : 0);
  // Loads follow one another, so their rows already do; the stable sort only makes sure of it.
  const ordered = loads.length > 0 ? [...rows].sort((a, b) => loadOf(a) - loadOf(b)) : rows;
  const groupOf = (row: WaterfallRow) => `${loadOf(row)} ${row.conn}`;
  const byGroup = new Map<string, WaterfallRow[]>();
  for (const row of ordered)
    if (row.stream !== undefined) byGroup.set(groupOf(row), [...(byGroup.get(groupOf(row)) ?? []), row]);
  const lines: WaterfallLine[] = [];
  let exchanges = 0;
  const push = (row: WaterfallRow) => lines.push({ kind: 'exchange', row, index: exchanges++ });
  const placed = new Set<string>();
  let heading: number | null = null;
  for (const row of ordered) {
    const load = loads[loadOf(row)];
    if (load && heading !== load.index) {
      heading = load.index;
      lines.push({
        kind: 'load',
        load: load.index,
        loads: loads.length,
        page: pages?.[load.index] ?? null,
        startNs: load.startNs,
        endNs: load.endNs,
      });
    }
    const group = byGroup.get(groupOf(row));
    if (!group) push(row);
    else if (!placed.has(groupOf(row))) {
      placed.add(groupOf(row));
      const open = trace.connections.find((c) => c.id === row.conn)?.openNs ?? row.startNs;
      // A connection kept from an earlier load: its bar starts with this load's first stream.
      const startNs =
        load && open < load.startNs ? Math.min(...group.map((r) => r.phases[0]?.startNs ?? r.startNs)) : open;
      const ends = group.map((r) => r.endNs ?? r.lostNs ?? trace.endNs);
      lines.push({
        kind: 'connection',
        conn: row.conn,
        streams: group.length,
        startNs,
        endNs: Math.max(...ends),
      });
      [...group].sort((a, b) => a.stream! - b.stream! || a.startNs - b.startNs).forEach(push);
    }
  }
  return lines;
}
