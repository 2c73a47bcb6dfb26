// The waterfall's lines: one per exchange, as before; where several streams share a connection
// (HTTP/2, and HTTP/3's QUIC streams the same way), a line for the connection first and its
// streams under it, in stream order, so a student sees what travelled together.
import type { Trace } from '../engine/trace';
import type { WaterfallRow } from './waterfallPhases';

export interface ConnectionLine {
  kind: 'connection';
  conn: number;
  streams: number;
  startNs: number; // the connection opened
  endNs: number; // its last stream ended (or the run did)
}
export interface ExchangeLine {
  kind: 'exchange';
  row: WaterfallRow;
  /** Its index among the exchange lines (the `data-exchange` hook). */
  index: number;
}
export type WaterfallLine = ConnectionLine | ExchangeLine;

/** Rows in their order; each multiplexed connection's rows gathered under a connection line
 * where its first row was. Without streams the lines are the rows, unchanged. */
export function waterfallLines(trace: Trace, rows: WaterfallRow[]): WaterfallLine[] {
  const byConn = new Map<number, WaterfallRow[]>();
  for (const row of rows)
    if (row.stream !== undefined) byConn.set(row.conn, [...(byConn.get(row.conn) ?? []), row]);
  const lines: WaterfallLine[] = [];
  let exchanges = 0;
  const push = (row: WaterfallRow) => lines.push({ kind: 'exchange', row, index: exchanges++ });
  const placed = new Set<number>();
  for (const row of rows) {
    const group = byConn.get(row.conn);
    if (!group) push(row);
    else if (!placed.has(row.conn)) {
      placed.add(row.conn);
      const open = trace.connections.find((c) => c.id === row.conn)?.openNs ?? row.startNs;
      const ends = group.map((r) => r.endNs ?? r.lostNs ?? trace.endNs);
      lines.push({
        kind: 'connection',
        conn: row.conn,
        streams: group.length,
        startNs: open,
        endNs: Math.max(...ends),
      });
      [...group].sort((a, b) => a.stream! - b.stream! || a.startNs - b.startNs).forEach(push);
    }
  }
  return lines;
}
