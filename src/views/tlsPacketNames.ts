// What a packet carries, in protocol words, for the ladder's labels: a TCP segment of a TLS run
// is named by the TLS records its bytes belong to ("ServerHello, Certificate 3.5 KB"). Pure: it
// reads the trace only. A segment that carries only application data keeps its usual label (null).
import type { PacketRecord, TlsRecordTrace, Trace } from '../engine/trace';

/** "3.5 KB" for sizes worth stating, in the segment where the record begins; handshake messages
 * under 1 KB, and a record continued from an earlier segment, go by name alone (as a continued
 * HTTP/2 DATA frame does: two segments of one certificate had read as two of 3.5 KB each). */
function sized(r: TlsRecordTrace, p: PacketRecord): string {
  return r.wireBytes >= 1000 && r.seq >= p.seq ? `${r.kind} ${(r.wireBytes / 1000).toFixed(1)} KB` : r.kind;
}

/** The TLS records a segment's bytes overlap, in stream order (each record named once). */
export function tlsRecordsIn(trace: Trace, p: PacketRecord): TlsRecordTrace[] {
  if (!trace.tlsRecords || p.len === 0) return [];
  const end = p.seq + p.len;
  return trace.tlsRecords.filter(
    (r) => r.conn === p.conn && r.dir === p.dir && r.seq < end && r.seq + r.wireBytes > p.seq,
  );
}

/** The ladder's label for a TLS segment, or null when it holds no handshake record. Its
 * application data is called `dataName` when given (HTTP/2 frames), else `data`. */
export function tlsPacketName(trace: Trace, p: PacketRecord, dataName = 'data'): string | null {
  const records = tlsRecordsIn(trace, p);
  if (!records.some((r) => r.kind !== 'ApplicationData')) return null;
  const names: string[] = [];
  for (const r of records) {
    const name = r.kind === 'ApplicationData' ? dataName : sized(r, p);
    if (names[names.length - 1] !== name) names.push(name);
  }
  return names.join(', ');
}
