// What a run's connections carry: QUIC or TCP, and which streams. Small on purpose: the page asks
// these before its first picture, and the plots' series code is loaded only with the plots.
import type { Trace } from '../engine/trace';

/** Whether the run is HTTP/3 over QUIC (its packets carry QUIC's part of the record). */
export function isQuicRun(trace: Trace): boolean {
  return trace.packets.length > 0 && trace.packets.get(0).quic !== undefined;
}

/** Whether connection `conn` of the trace runs over QUIC. */
export function isQuicConnection(trace: Trace, conn: number): boolean {
  return trace.packets.some((p) => p.conn === conn && p.quic !== undefined);
}

/** The streams of a connection that carried response bytes, in stream order, with their exchanges. */
export function streamsOf(trace: Trace, conn: number): Array<{ stream: number; label: string }> {
  const out = new Map<number, string>();
  for (const x of trace.exchanges)
    if (x.conn === conn && x.stream !== undefined && !out.has(x.stream)) out.set(x.stream, x.label);
  return [...out.entries()].sort((a, b) => a[0] - b[0]).map(([stream, label]) => ({ stream, label }));
}
