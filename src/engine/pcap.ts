// A trace as a classic libpcap capture (the format tcpdump -w writes), for Wireshark and tcptrace.
//
// File layout (little-endian): a 24-byte global header (magic 0xa1b2c3d4, version 2.4, snaplen
// 65535, linktype 1 = Ethernet, microsecond timestamps), then for each packet a 16-byte record
// header and an Ethernet II frame carrying IPv4 and TCP (a QUIC run's: IPv4, UDP and its QUIC
// packets, as quic/pcapPackets.ts writes them).
//
// The capture is taken where the trace's capture point says (captureFile.ts packetsAsCaptured, the
// packets the Figures count). `wire`, the default, is *omniscient*: every packet appears once,
// stamped with its send time (the moment its first bit leaves the sender), as if a tap sat at each
// sender's interface with one shared clock; dropped packets are included too, at the time they
// were sent, as the ladder draws them. `client` and `server` are a tcpdump on that host: its own
// packets at their send time (lost ones included: they left it), the peer's that reached it at
// their arrival time, in the order it saw them.
//
// A capture holding a dropped packet is written as pcapng instead (captureExtension names it
// .pcapng), each dropped packet carrying a comment, "dropped by the link: never arrived", as the
// tcpdump text's "[dropped]": classic pcap has no place for it, and unmarked, a lost segment looked
// delivered and its needed resend "spurious" in Wireshark. pcapng's blocks (RFC draft
// "PCAP Next Generation", little-endian): a section header, one Ethernet interface with
// microsecond times, then an enhanced packet block per packet, its comment option (opt_comment)
// if dropped.
// Timestamps count from 1997-01-01T00:00:00Z (CAPTURE_EPOCH_S), where the HAR of the same run
// starts: the run's time 0 is that instant, so the two files' clocks agree.
//
// Addresses are fixed: client 10.0.0.1 / 02:00:00:00:00:01, server 10.0.0.2 / 02:00:00:00:00:02,
// ports from the connection record. The IP identification counts up per sending host; DF is set;
// TTL 64. Sequence and acknowledgment numbers are absolute (ISS + relative, mod 2^32); the window
// field is what goes on the wire (scaled down except on SYN). SYN options are MSS (kind 2) and,
// with window scaling, NOP + window scale (kind 3), padded with EOL to the packet's optionBytes.
// The payload is the connection's application bytes laid out by sequence number, so Wireshark
// dissects every message and a retransmission carries the same bytes as the original: HTTP/1.x
// text (httpWire.ts: requests, response heads and bodies of exactly the modelled sizes), HTTP/2
// frames for a cleartext HTTP/2 run (h2Wire.ts: each frame the engine recorded, real headers and
// HPACK blocks of exactly its size), or TLS records under TLS (tls/wire.ts). Without the run's
// HTTP parameters (a hand-built trace), or past the end of the messages, it is filler text
// ("roundtrip roundtrip ...").
//
// Lengths are exact: IP total length = 20 + 20 + optionBytes + len, which the engine also records
// as ipBytes. (If a trace ever holds optionBytes that are not a multiple of 4, or too few for the
// options named, the header is padded up to the next multiple of 4 so the capture stays valid.)
import { h2Streams } from './h2Wire';
import { httpStreams, SERVER_HOST, type ConnectionStreams } from './httpWire';
import { tlsStreams } from './tls/wire';
import { udpFrame } from './quic/pcapFrame';
import { QuicPayloads } from './quic/pcapPackets';
import type { HttpParams } from './params';
import { dropComment, packetsAsCaptured } from './captureFile';
import { CAPTURE_EPOCH_S } from './pcapReader';
import { FLAG, type PacketRecord, type Trace } from './trace';
import {
  absoluteAck,
  absoluteSeq,
  connectionLookup,
  nsToMicros,
  packetsInSendOrder,
  wireWindow,
} from './tcpdump';

export const PCAP_MAGIC = 0xa1b2c3d4;
export const PCAP_SNAPLEN = 65535;
export const LINKTYPE_ETHERNET = 1;
export const PCAPNG_SECTION_HEADER = 0x0a0d0d0a;
export const PCAPNG_BYTE_ORDER_MAGIC = 0x1a2b3c4d;
export const PCAPNG_INTERFACE = 1;
export const PCAPNG_ENHANCED_PACKET = 6;
export const PCAPNG_OPT_COMMENT = 1;

export const CLIENT_MAC = [0x02, 0x00, 0x00, 0x00, 0x00, 0x01] as const;
export const SERVER_MAC = [0x02, 0x00, 0x00, 0x00, 0x00, 0x02] as const;
export const CLIENT_IP = [10, 0, 0, 1] as const;
export const SERVER_IP = [10, 0, 0, 2] as const;

const GLOBAL_HEADER_BYTES = 24;
const RECORD_HEADER_BYTES = 16;
const ETHERNET_BYTES = 14;
const IP_HEADER_BYTES = 20;
const TCP_HEADER_BYTES = 20;
const MAX_OPTION_BYTES = 40;

const FILLER = Array.from('roundtrip ', (ch) => ch.charCodeAt(0));

/** The TCP option bytes a packet carries: MSS, then NOP + window scale, then EOL padding. */
export function tcpOptionBytes(packet: PacketRecord): Uint8Array {
  const opts: number[] = [];
  if (packet.mssOption !== undefined) {
    const mss = Math.max(0, Math.min(0xffff, packet.mssOption));
    opts.push(2, 4, mss >>> 8, mss & 0xff);
  }
  if (packet.wscaleOption !== undefined) opts.push(1, 3, 3, packet.wscaleOption & 0xff);
  const wanted = Math.max(packet.optionBytes, opts.length);
  const size = Math.min(MAX_OPTION_BYTES, Math.ceil(wanted / 4) * 4);
  const out = new Uint8Array(size); // zero-filled: the padding is EOL (kind 0)
  out.set(opts.slice(0, size));
  return out;
}

/** Internet checksum (RFC 1071) of the given byte ranges taken as one sequence. */
function internetChecksum(...parts: Uint8Array[]): number {
  let sum = 0;
  let odd: number | null = null;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      if (odd === null) {
        odd = part[i];
      } else {
        sum += (odd << 8) | part[i];
        odd = null;
      }
    }
    sum = (sum % 0x10000) + Math.floor(sum / 0x10000);
  }
  if (odd !== null) sum += odd << 8;
  while (sum > 0xffff) sum = (sum % 0x10000) + Math.floor(sum / 0x10000);
  return ~sum & 0xffff;
}

/** One Ethernet II frame (IPv4 + TCP) for a packet. */
function buildFrame(
  packet: PacketRecord,
  ports: { src: number; dst: number },
  seq: number,
  ack: number,
  window: number,
  ipId: number,
  stream: Uint8Array | undefined,
): Uint8Array {
  const options = tcpOptionBytes(packet);
  const tcpHeaderBytes = TCP_HEADER_BYTES + options.length;
  const ipTotal = IP_HEADER_BYTES + tcpHeaderBytes + packet.len;
  if (ipTotal > 0xffff) throw new Error(`packet ${packet.id}: IP length ${ipTotal} exceeds 65535`);
  const frame = new Uint8Array(ETHERNET_BYTES + ipTotal);
  const view = new DataView(frame.buffer);
  const c2s = packet.dir === 'c2s';

  // Ethernet II
  frame.set(c2s ? SERVER_MAC : CLIENT_MAC, 0);
  frame.set(c2s ? CLIENT_MAC : SERVER_MAC, 6);
  view.setUint16(12, 0x0800);

  // IPv4
  const ip = ETHERNET_BYTES;
  const srcIp = c2s ? CLIENT_IP : SERVER_IP;
  const dstIp = c2s ? SERVER_IP : CLIENT_IP;
  frame[ip] = 0x45; // version 4, IHL 5
  frame[ip + 1] = 0; // DSCP/ECN
  view.setUint16(ip + 2, ipTotal);
  view.setUint16(ip + 4, ipId & 0xffff);
  view.setUint16(ip + 6, 0x4000); // DF, fragment offset 0
  frame[ip + 8] = 64; // TTL
  frame[ip + 9] = 6; // TCP
  frame.set(srcIp, ip + 12);
  frame.set(dstIp, ip + 16);
  view.setUint16(ip + 10, internetChecksum(frame.subarray(ip, ip + IP_HEADER_BYTES)));

  // TCP
  const tcp = ip + IP_HEADER_BYTES;
  view.setUint16(tcp, ports.src);
  view.setUint16(tcp + 2, ports.dst);
  view.setUint32(tcp + 4, seq);
  view.setUint32(tcp + 8, ack);
  frame[tcp + 12] = (tcpHeaderBytes / 4) << 4;
  frame[tcp + 13] = packet.flags & (FLAG.FIN | FLAG.SYN | FLAG.RST | FLAG.PSH | FLAG.ACK);
  view.setUint16(tcp + 14, window);
  // checksum (tcp + 16) computed below; urgent pointer (tcp + 18) stays 0
  frame.set(options, tcp + TCP_HEADER_BYTES);

  // Payload: relative sequence number s carries stream byte s - 1, or past the stream's end the
  // filler byte FILLER[(s - 1) mod 10]; a SYN's data (should there ever be any) starts at s = 1.
  const payload = tcp + tcpHeaderBytes;
  const firstDataSeq = packet.flags & FLAG.SYN ? packet.seq + 1 : packet.seq;
  for (let i = 0; i < packet.len; i++) {
    const offset = firstDataSeq - 1 + i;
    frame[payload + i] =
      stream && offset >= 0 && offset < stream.length
        ? stream[offset]
        : FILLER[((offset % FILLER.length) + FILLER.length) % FILLER.length];
  }

  const tcpLength = tcpHeaderBytes + packet.len;
  const pseudo = new Uint8Array(12);
  pseudo.set(srcIp, 0);
  pseudo.set(dstIp, 4);
  pseudo[9] = 6;
  new DataView(pseudo.buffer).setUint16(10, tcpLength);
  view.setUint16(tcp + 16, internetChecksum(pseudo, frame.subarray(tcp, tcp + tcpLength)));
  return frame;
}

/**
 * The trace as a libpcap file, taken at its capture point: one record per packet that capture saw,
 * in the order and at the time it saw them (on the wire: every packet, at its send time, dropped
 * ones included); pcapng if it holds a dropped packet, which carries a comment saying so. `http` (the run's HTTP parameters) gives the payload its HTTP messages
 * (HTTP/1.x, or HTTP/2 frames), or its TLS records.
 */
export function writePcap(trace: Trace, http?: HttpParams): Uint8Array {
  const connOf = connectionLookup(trace);
  const tls = http?.tls;
  const streams: Map<number, ConnectionStreams> =
    tls && tls.version !== 'none'
      ? tlsStreams(trace, {
          tls: { ...tls, version: tls.version },
          host: SERVER_HOST,
          alpn: http.mode === '2' ? ['h2', 'http/1.1'] : ['http/1.1'],
        })
      : http?.mode === '2'
        ? h2Streams(trace, http)
        : http
          ? httpStreams(trace, http)
          : new Map();
  const quic = trace.packets.some((p) => p.quic) ? new QuicPayloads(trace, http?.tls) : null;
  const ipId = { c2s: 0, s2c: 0 };
  const frames = new Map<number, Uint8Array>();

  // Every packet's frame is built in send order, whoever sees it: the IP identification counts
  // what each host sent, and a QUIC datagram's bytes depend on those sent before it.
  for (const packet of packetsInSendOrder(trace)) {
    const conn = connOf(packet);
    const c2s = packet.dir === 'c2s';
    ipId[packet.dir] = (ipId[packet.dir] + 1) & 0xffff;
    const ports = c2s
      ? { src: conn.clientPort, dst: conn.serverPort }
      : { src: conn.serverPort, dst: conn.clientPort };
    // A QUIC run's datagrams go out as UDP (quic/pcapFrame.ts), their packets' bytes written in
    // send order (quic/pcapPackets.ts).
    const frame =
      packet.quic && quic
        ? udpFrame(packet, ports, ipId[packet.dir], quic.payload(packet))
        : buildFrame(
            packet,
            ports,
            absoluteSeq(conn, packet),
            absoluteAck(conn, packet),
            wireWindow(conn, packet),
            ipId[packet.dir],
            streams.get(packet.conn)?.[packet.dir],
          );
    frames.set(packet.id, frame);
  }
  const records = packetsAsCaptured(trace).map(({ packet, atNs }) => ({
    tsUs: nsToMicros(atNs),
    frame: frames.get(packet.id)!,
    comment: dropComment(packet),
  }));
  return records.some((r) => r.comment !== null) ? pcapngFile(records) : classicFile(records);
}

interface CaptureRecord {
  tsUs: number;
  frame: Uint8Array;
  comment: string | null;
}

function classicFile(records: CaptureRecord[]): Uint8Array {
  let total = GLOBAL_HEADER_BYTES;
  for (const { frame } of records) total += RECORD_HEADER_BYTES + Math.min(frame.length, PCAP_SNAPLEN);

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, PCAP_MAGIC, true);
  view.setUint16(4, 2, true); // version major
  view.setUint16(6, 4, true); // version minor
  view.setInt32(8, 0, true); // thiszone: GMT
  view.setUint32(12, 0, true); // sigfigs
  view.setUint32(16, PCAP_SNAPLEN, true);
  view.setUint32(20, LINKTYPE_ETHERNET, true);

  let at = GLOBAL_HEADER_BYTES;
  for (const { tsUs, frame } of records) {
    const captured = Math.min(frame.length, PCAP_SNAPLEN);
    const sec = Math.floor(tsUs / 1_000_000);
    view.setUint32(at, CAPTURE_EPOCH_S + sec, true);
    view.setUint32(at + 4, tsUs - sec * 1_000_000, true);
    view.setUint32(at + 8, captured, true);
    view.setUint32(at + 12, frame.length, true);
    out.set(frame.subarray(0, captured), at + RECORD_HEADER_BYTES);
    at += RECORD_HEADER_BYTES + captured;
  }
  return out;
}

const pad4 = (n: number) => Math.ceil(n / 4) * 4;

/** pcapng: a section header, one interface, an enhanced packet block per record. */
function pcapngFile(records: CaptureRecord[]): Uint8Array {
  const utf8 = new TextEncoder();
  const blocks: Uint8Array[] = [];
  /** A block: type, total length, body, total length again. */
  const block = (type: number, body: Uint8Array) => {
    const out = new Uint8Array(12 + body.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, type, true);
    view.setUint32(4, out.length, true);
    out.set(body, 8);
    view.setUint32(out.length - 4, out.length, true);
    blocks.push(out);
  };
  const shb = new DataView(new ArrayBuffer(16));
  shb.setUint32(0, PCAPNG_BYTE_ORDER_MAGIC, true);
  shb.setUint16(4, 1, true); // version 1.0
  shb.setInt32(8, -1, true); // section length -1 (64 bits): not given
  shb.setInt32(12, -1, true);
  block(PCAPNG_SECTION_HEADER, new Uint8Array(shb.buffer));
  const idb = new DataView(new ArrayBuffer(8));
  idb.setUint16(0, LINKTYPE_ETHERNET, true);
  idb.setUint32(4, PCAP_SNAPLEN, true); // times in microseconds, the default resolution
  block(PCAPNG_INTERFACE, new Uint8Array(idb.buffer));
  for (const { tsUs, frame, comment } of records) {
    const captured = Math.min(frame.length, PCAP_SNAPLEN);
    const text = comment === null ? null : utf8.encode(comment);
    const options = text ? 4 + pad4(text.length) + 4 : 0; // opt_comment, opt_endofopt
    const body = new Uint8Array(20 + pad4(captured) + options);
    const view = new DataView(body.buffer);
    const us = CAPTURE_EPOCH_S * 1_000_000 + tsUs; // below 2^53: exact
    view.setUint32(0, 0, true); // interface 0
    view.setUint32(4, Math.floor(us / 2 ** 32), true);
    view.setUint32(8, us % 2 ** 32, true);
    view.setUint32(12, captured, true);
    view.setUint32(16, frame.length, true);
    body.set(frame.subarray(0, captured), 20);
    if (text) {
      const at = 20 + pad4(captured);
      view.setUint16(at, PCAPNG_OPT_COMMENT, true);
      view.setUint16(at + 2, text.length, true);
      body.set(text, at + 4);
      // then opt_endofopt: code 0, length 0 (zero-filled)
    }
    block(PCAPNG_ENHANCED_PACKET, body);
  }
  const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

export { readPcap } from './pcapReader';
export type { PcapFile, PcapRecord, PcapTcpOption } from './pcapReader';
