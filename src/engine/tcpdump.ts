// A trace as tcpdump text, in the style of Heidemann's 1997 figures (Figures 2 and 4):
//
//   0.000000 client.3199 > server.8080: S 676352001:676352001(0) win 16384 <mss 1460>
//   0.000251 server.8080 > client.3199: S 1807168001:1807168001(0) ack 676352002 win 16384 <mss 1460>
//   0.000460 client.3199 > server.8080: . ack 1 win 16384
//   0.003285 server.8080 > client.3199: P 1:227(226) ack 53 win 16384
//
// The packets are those of the trace's capture point (captureFile.ts packetsAsCaptured, as the
// Figures count them), each at the time that capture saw it: its send time on the wire or at its
// sender, its arrival at its receiver; in seconds from the start of the run, rounded to the
// microsecond, as a capture clock would show. SYN segments show absolute sequence numbers (and
// the ACK of a SYN-ACK is absolute); every later segment shows numbers relative to the ISS, as
// tcpdump does once it has seen the handshake. `win` is the 16-bit field as it would be on the
// wire: scaled down by the sender's window-scale shift except on SYNs (RFC 7323 2.2).
//
// The helpers below (absolute numbers, wire window, time) are shared with pcap.ts, which lists the
// same packets in the same order, so that the text and the capture always agree.
import {
  FLAG,
  flagLetters,
  isResentReason,
  type ConnectionRecord,
  type PacketRecord,
  type Trace,
} from './trace';
import type { Nanoseconds } from './units';

const TWO_32 = 4294967296;

/** The packets in the order a capture would list them: by send time, ties by id. */
export function packetsInSendOrder(trace: Trace): PacketRecord[] {
  return [...trace.packets].sort((a, b) => a.sendNs - b.sendNs || a.id - b.id);
}

/** Connection records by id; throws if a packet names a connection the trace does not hold. */
export function connectionLookup(trace: Trace): (packet: PacketRecord) => ConnectionRecord {
  const byId = new Map<number, ConnectionRecord>();
  for (const c of trace.connections) byId.set(c.id, c);
  return (packet) => byId.get(packet.conn) ?? noConnection(packet);
}

function noConnection(packet: PacketRecord): never {
  throw new Error(`packet ${packet.id}: no connection record with id ${packet.conn}`);
}

/** A value reduced into 0..2^32-1 (sequence space arithmetic). */
export function mod32(n: number): number {
  const r = n % TWO_32;
  return r < 0 ? r + TWO_32 : r;
}

/** The sender's ISS for this packet's direction. */
export function senderIss(conn: ConnectionRecord, packet: PacketRecord): number {
  return packet.dir === 'c2s' ? conn.clientIss : conn.serverIss;
}

/** The receiver's ISS (the one this packet's ACK number is relative to). */
export function receiverIss(conn: ConnectionRecord, packet: PacketRecord): number {
  return packet.dir === 'c2s' ? conn.serverIss : conn.clientIss;
}

/** Absolute 32-bit sequence number as it is on the wire. */
export function absoluteSeq(conn: ConnectionRecord, packet: PacketRecord): number {
  return mod32(senderIss(conn, packet) + packet.seq);
}

/** Absolute 32-bit acknowledgment number as it is on the wire (0 when the ACK flag is clear). */
export function absoluteAck(conn: ConnectionRecord, packet: PacketRecord): number {
  if ((packet.flags & FLAG.ACK) === 0) return 0;
  return mod32(receiverIss(conn, packet) + packet.ack);
}

/**
 * The 16-bit window field on the wire: the advertised window shifted right by the sender's
 * window-scale shift, except on SYN segments, whose window is never scaled. Clamped to 65535.
 */
export function wireWindow(conn: ConnectionRecord, packet: PacketRecord): number {
  const syn = (packet.flags & FLAG.SYN) !== 0;
  const shift = syn ? 0 : packet.dir === 'c2s' ? conn.clientWscale : conn.serverWscale;
  return Math.min(0xffff, Math.floor(Math.max(0, packet.win) / 2 ** shift));
}

/** Nanoseconds to whole microseconds, rounding half up (the capture clock's resolution). */
export function nsToMicros(ns: Nanoseconds): number {
  return Math.floor((ns + 500) / 1000);
}

/** `s.uuuuuu` from nanoseconds, without floating-point formatting. */
export function formatSeconds(ns: Nanoseconds): string {
  const us = nsToMicros(ns);
  const sec = Math.floor(us / 1_000_000);
  const frac = us - sec * 1_000_000;
  return `${sec}.${String(frac).padStart(6, '0')}`;
}

function endpoints(conn: ConnectionRecord, packet: PacketRecord): [string, string] {
  const client = `client.${conn.clientPort}`;
  const server = `server.${conn.serverPort}`;
  return packet.dir === 'c2s' ? [client, server] : [server, client];
}

function optionsText(packet: PacketRecord): string {
  const parts: string[] = [];
  if (packet.mssOption !== undefined) parts.push(`mss ${packet.mssOption}`);
  if (packet.wscaleOption !== undefined) parts.push('nop', `wscale ${packet.wscaleOption}`);
  return parts.length > 0 ? ` <${parts.join(',')}>` : '';
}

/** A QUIC datagram as tcpdump prints UDP, with its QUIC packets and frames after it. */
function quicLine(conn: ConnectionRecord, packet: PacketRecord, atNs: Nanoseconds): string {
  const [src, dst] = endpoints(conn, packet);
  const packets = packet.quic!.packets.map((q) => `${q.type} #${q.pn} ${q.frames.join(' ')}`);
  let text = `${formatSeconds(atNs)} ${src} > ${dst}: UDP, length ${packet.ipBytes - 28}`;
  text += ` [${packets.join('; ')}]`;
  if (isResentReason(packet.reason)) text += ' [retransmit]';
  if (packet.arriveNs === null) text += packet.drop ? ` [dropped: ${packet.drop}]` : ' [dropped]';
  return text;
}

export function tcpdumpLine(conn: ConnectionRecord, packet: PacketRecord, atNs = packet.sendNs): string {
  if (packet.quic) return quicLine(conn, packet, atNs);
  const [src, dst] = endpoints(conn, packet);
  const syn = (packet.flags & FLAG.SYN) !== 0;
  let text = `${formatSeconds(atNs)} ${src} > ${dst}: ${flagLetters(packet.flags)}`;

  // tcpdump prints the sequence range when there is payload or the segment carries SYN, FIN or
  // RST (each of which has a sequence number that matters even with no data).
  if (packet.len > 0 || (packet.flags & (FLAG.SYN | FLAG.FIN | FLAG.RST)) !== 0) {
    const start = syn ? absoluteSeq(conn, packet) : mod32(packet.seq);
    text += ` ${start}:${mod32(start + packet.len)}(${packet.len})`;
  }
  if (packet.flags & FLAG.ACK) {
    text += ` ack ${syn ? absoluteAck(conn, packet) : mod32(packet.ack)}`;
  }
  text += ` win ${wireWindow(conn, packet)}`;
  text += optionsText(packet);

  if (packet.reason === 'tlp') text += ' [retransmit: TLP]';
  else if (packet.reason === 'tlp-new') text += ' [TLP]';
  else if (isResentReason(packet.reason)) text += ' [retransmit]';
  if (packet.arriveNs === null) {
    text += packet.drop ? ` [dropped: ${packet.drop}]` : ' [dropped]';
  }
  return text;
}

/** One packet as a tcpdump line at its send time (no trailing newline): hover text in the UI. */
export function formatTcpdumpLine(trace: Trace, packet: PacketRecord): string {
  return tcpdumpLine(trace.connections.find((c) => c.id === packet.conn) ?? noConnection(packet), packet);
}
