// The bytes of a QUIC run's datagrams, for the pcap: each recorded QUIC packet with its real
// header (RFC 9000 17.2 long header, 17.3 short header), laid out one after another in its
// datagram (12.2), filling exactly the recorded size. Initial packets are protected for real
// (RFC 9001 5: keys from the client's first Destination Connection ID), so Wireshark decrypts
// them as it does a real capture's and shows the TLS ClientHello and ServerHello their CRYPTO
// frames carry, with the ACK and PADDING frames around them. Handshake, 0-RTT and 1-RTT packets
// stay sealed, as without the session's keys: pseudo-random payload under header protection.
//
// The trace records each packet's type, number and frames, not every field, so some are
// reconstructed: the hellos' sizes (an Initial's first CRYPTO bytes: the whole hello), CRYPTO
// offsets (the stream's bytes in order; in a datagram the engine marks as a resend, what a dropped
// packet carried, else the oldest bytes), ACK Delay (RFC 9000 13.2.5, exponent 3: from the
// acknowledged packet's arrival to the datagram's departure, or, where it waited behind a queue
// and the ACK was built earlier, the latest earlier time at which the frames add up to the
// recorded size), and how a datagram's bytes divide among its packets (its PADDING frame, or else
// its last sealed packet, takes what the frames do not account for).
import { sha256 } from '../crypto/sha256';
import { expandKey } from '../crypto/aes';
import { SERVER_HOST } from '../httpWire';
import { clientHello, serverHello } from '../tls/hello';
import type { TlsParams } from '../tls/handshake';
import type { PacketRecord, Trace } from '../trace';
import { CryptoStream, encodeFrame, encodeVarint, frameBytes, type Frame } from './pcapFrames';
import { AEAD_TAG, applyHeaderProtection, initialKeys, protectPacket, type InitialKeys } from './protection';

type RecordedPacket = NonNullable<PacketRecord['quic']>['packets'][number];
type PacketType = RecordedPacket['type'];
type Space = 'initial' | 'handshake' | 'app';
const spaceOf = (type: PacketType): Space =>
  type === 'Initial' ? 'initial' : type === 'Handshake' ? 'handshake' : 'app';

const QUIC_V1 = 1;
/** IPv4 and UDP headers (as quic/wire.ts counts them). */
const IP_UDP_HEADER = 28;
const CID_BYTES = 8; // as wire.ts sizes the headers
const PN_BYTES = 2;
/** RFC 9000 13.2.5 / 18.2: ACK Delay counts units of 2^ack_delay_exponent (default 3) microseconds. */
const ACK_DELAY_UNIT_NS = 8000;
/** What a client presents as its address-validation token on a resumed connection (8.1.3). */
const TOKEN_BYTES = 32;
/** Long-header packet types (RFC 9000 17.2, Table 5). */
const LONG_TYPE: Record<Exclude<PacketType, '1-RTT'>, number> = { Initial: 0, '0-RTT': 1, Handshake: 2 };

/** Fast deterministic bytes for sealed payloads (xorshift32). */
function fillPseudoRandom(out: Uint8Array, seed: number): void {
  let x = (seed * 2654435761 + 0x9e3779b9) >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x >>> 24;
  }
}

interface ConnectionState {
  originalDcid: Uint8Array;
  clientCid: Uint8Array;
  serverCid: Uint8Array;
  keys: { client: InitialKeys; server: InitialKeys };
  /** When the client first heard the server: from then on it addresses the server's CID (RFC 9000 7.2). */
  clientHeardServerNs: number;
  crypto: Map<string, CryptoStream>;
}

/** One packet as laid out in its datagram. */
interface Layout {
  recorded: RecordedPacket;
  frames: Frame[];
  token: number;
  /** Sealed (not Initial): its frames only count bytes; `size` is what it occupies. */
  sealed: boolean;
  size: number;
}

/** The datagrams' bytes, written in send order (CRYPTO offsets depend on what went before). */
export class QuicPayloads {
  private readonly connections = new Map<number, ConnectionState>();
  /** When each packet arrived, by connection, direction, space and number: ACK Delay reads it. */
  private readonly arrivals = new Map<string, number>();
  private readonly sealedHp = expandKey(
    sha256(new TextEncoder().encode('roundtrip sealed hp')).subarray(0, 16),
  );
  /** A resumed connection: the hellos carry a PSK and the client's Initial an address token. */
  private readonly resume: boolean;
  /** Datagrams whose frames, as reconstructed, did not add up to the recorded size: a sealed
   * packet took the difference (unseen: its payload is opaque). Tests watch the count. */
  unmatched = 0;
  /** Datagrams where an Initial packet would have had to take it (a PADDING frame the record
   * does not name, or too few bytes), and hellos too short to write: tests hold this at 0. */
  bentInitials = 0;

  /** The client's flow-control window, as its ClientHello's record gives it (absent: a browser's). */
  private readonly flowWindow: number | undefined;

  constructor(trace: Trace, tls?: TlsParams) {
    this.resume = tls?.resume ?? false;
    this.flowWindow = trace.packets.find((p) => p.quic?.flowWindow !== undefined)?.quic?.flowWindow;
    const heard = new Map<number, number>();
    for (const p of trace.packets) {
      if (!p.quic || p.arriveNs === null) continue;
      for (const q of p.quic.packets)
        this.arrivals.set(`${p.conn} ${p.dir} ${spaceOf(q.type)} ${q.pn}`, p.arriveNs);
      if (p.dir === 's2c') heard.set(p.conn, Math.min(heard.get(p.conn) ?? Infinity, p.arriveNs));
    }
    for (const c of trace.connections) {
      const cid = (role: number) => sha256(Uint8Array.of(c.id >> 8, c.id, role)).subarray(0, CID_BYTES);
      const originalDcid = cid(0);
      this.connections.set(c.id, {
        originalDcid,
        clientCid: cid(1),
        serverCid: cid(2),
        keys: initialKeys(originalDcid),
        clientHeardServerNs: heard.get(c.id) ?? Infinity,
        crypto: new Map(),
      });
    }
  }

  /**
   * A connection's CRYPTO stream in one direction and space, made when its first CRYPTO bytes go
   * out. Those are the whole hello in an Initial (it always fits one packet), so the recorded size
   * is the hello's; Handshake streams are sealed, their length open.
   */
  private cryptoStream(
    conn: ConnectionState,
    connId: number,
    c2s: boolean,
    space: Space,
    firstBytes: number,
  ) {
    const key = `${c2s} ${space}`;
    let stream = conn.crypto.get(key);
    if (!stream) {
      const seed = connId * 16 + (c2s ? 0 : 8);
      const resume = this.resume;
      let hello: Uint8Array | null = null;
      try {
        if (space === 'initial')
          hello = c2s
            ? clientHello({
                host: SERVER_HOST,
                bytes: firstBytes,
                alpn: ['h3'],
                sourceCid: conn.clientCid,
                flowWindow: this.flowWindow,
                resume,
                seed,
              })
            : serverHello({ bytes: firstBytes, resume, seed });
      } catch {
        // A hello cut short (not seen with the engine's sizes): the bytes stay zeros, and tests see it.
        this.bentInitials++;
        hello = new Uint8Array(firstBytes);
      }
      stream = new CryptoStream(hello);
      conn.crypto.set(key, stream);
    }
    return stream;
  }

  /** The UDP payload of a QUIC datagram: exactly ipBytes less the IP and UDP headers. */
  payload(packet: PacketRecord): Uint8Array {
    const conn = this.connections.get(packet.conn);
    const quic = packet.quic;
    const size = packet.ipBytes - IP_UDP_HEADER;
    const out = new Uint8Array(size);
    if (!conn || !quic) return out.fill(0x2e);
    const c2s = packet.dir === 'c2s';
    const peer = c2s ? 's2c' : 'c2s';

    // CRYPTO ranges first: they advance the streams' state once per packet. A datagram that
    // resends nothing carries only new CRYPTO bytes.
    const resent = packet.reason === 'retransmit' || packet.reason === 'fast-retransmit';
    const cryptoFrames = quic.packets.map((q): Frame[] => {
      if (!q.cryptoBytes) return [];
      const stream = this.cryptoStream(conn, packet.conn, c2s, spaceOf(q.type), q.cryptoBytes);
      const ranges = stream.take(q.cryptoBytes, resent);
      if (packet.drop) stream.dropped(ranges);
      return ranges.map(([offset, n]) => ({ kind: 'crypto', offset, data: stream.bytesAt(offset, n) }));
    });
    const acks = quic.packets.map((q) =>
      q.acked ? this.arrivals.get(`${packet.conn} ${peer} ${spaceOf(q.type)} ${q.acked[0][1]}`) : undefined,
    );
    const layoutAt = (builtNs: number): Layout[] =>
      quic.packets.map((q, i) => {
        const frames: Frame[] = [];
        if (q.acked) {
          const arrived = acks[i];
          const delayUnits =
            arrived === undefined ? 0 : Math.max(0, Math.floor((builtNs - arrived) / ACK_DELAY_UNIT_NS));
          frames.push({ kind: 'ack', ranges: q.acked.map(([a, b]) => [a, b]), delayUnits });
        }
        frames.push(...cryptoFrames[i]);
        if (q.frames.includes('HANDSHAKE_DONE')) frames.push({ kind: 'handshake-done' });
        for (const [id, max] of q.limits ?? [])
          frames.push(id < 0 ? { kind: 'max-data', max } : { kind: 'max-stream-data', id, max });
        for (const [id, limit] of q.blocked ?? [])
          frames.push(id < 0 ? { kind: 'data-blocked', limit } : { kind: 'stream-data-blocked', id, limit });
        for (const [id, offset, len] of q.streams ?? []) frames.push({ kind: 'stream', id, offset, len });
        if (q.frames.includes('PING')) frames.push({ kind: 'ping' });
        if (q.frames.includes('CONNECTION_CLOSE')) frames.push({ kind: 'close' });
        const token = c2s && q.type === 'Initial' && this.resume ? TOKEN_BYTES : 0;
        const frameTotal = frames.reduce((n, f) => n + frameBytes(f), 0);
        return {
          recorded: q,
          frames,
          token,
          sealed: q.type !== 'Initial',
          size: headerLength(q.type, token) + frameTotal + AEAD_TAG,
        };
      });
    const padded = quic.packets.findIndex((q) => q.frames.includes('PADDING'));
    const slackOf = (ls: Layout[]) => size - ls.reduce((n, l) => n + l.size, 0);
    const fits = (slack: number) => slack === 0 || (padded >= 0 && slack > 0);

    // The ACKs were built when the datagram was handed to the link, which may be before it left
    // (sendNs, behind a queue): the latest such time whose ACK Delays give the recorded size.
    const candidates = [packet.sendNs];
    for (const arrived of acks)
      if (arrived !== undefined)
        for (const units of [64, 16_384, 1_073_741_824]) {
          const ns = arrived + units * ACK_DELAY_UNIT_NS - 1;
          if (ns < packet.sendNs) candidates.push(ns);
        }
    candidates.sort((a, b) => b - a);
    let layouts = layoutAt(packet.sendNs);
    for (const ns of candidates) {
      const tried = layoutAt(ns);
      if (fits(slackOf(tried))) {
        layouts = tried;
        break;
      }
    }

    // What the frames do not account for: the PADDING frame's (the engine pads the last packet),
    // else the last sealed packet's, else a PADDING frame in the last Initial.
    const slack = slackOf(layouts);
    const absorber =
      layouts[padded] ?? [...layouts].reverse().find((l) => l.sealed) ?? layouts[layouts.length - 1];
    const closeOnly = layouts.length === 1 && layouts[0].recorded.frames.includes('CONNECTION_CLOSE');
    if (!fits(slack) && !closeOnly) this.unmatched++;
    if (absorber.sealed) absorber.size += slack;
    else if (slack > 0) {
      absorber.frames.push({ kind: 'padding', bytes: slack });
      absorber.size += slack;
    }
    const tooSmall = absorber.size < headerLength(absorber.recorded.type, absorber.token) + AEAD_TAG + 1;
    const bent = !absorber.sealed && (slack < 0 || (!fits(slack) && !closeOnly));
    if (bent || tooSmall) {
      // Not seen with the engine's sizes: rather than a wrong Initial, a datagram of filler.
      this.bentInitials++;
      return out.fill(0x2e);
    }

    let at = 0;
    for (const l of layouts) {
      out.set(this.packetBytes(packet, conn, c2s, l), at);
      at += l.size;
    }
    return out;
  }

  private packetBytes(packet: PacketRecord, conn: ConnectionState, c2s: boolean, l: Layout): Uint8Array {
    const { type, pn } = l.recorded;
    const dcid = c2s
      ? packet.sendNs >= conn.clientHeardServerNs
        ? conn.serverCid
        : conn.originalDcid
      : conn.clientCid;
    const scid = c2s ? conn.clientCid : conn.serverCid;
    const header: number[] = [];
    if (type === '1-RTT') {
      header.push(0x40 | (PN_BYTES - 1), ...dcid); // 17.3.1: fixed bit, spin 0, key phase 0
    } else {
      header.push(0xc0 | (LONG_TYPE[type] << 4) | (PN_BYTES - 1), 0, 0, 0, QUIC_V1);
      header.push(dcid.length, ...dcid, scid.length, ...scid);
      if (type === 'Initial') {
        header.push(...encodeVarint(l.token));
        for (let i = 0; i < l.token; i++) header.push((packet.conn * 31 + i * 7) & 0xff);
      }
      // Length: packet number and payload, on 2 bytes as wire.ts counts it; a packet too long for
      // 2 bytes (a jumbo path's Handshake) takes 4, out of its sealed payload.
      const rest = l.size - header.length;
      header.push(...(rest - 2 < 16_384 ? encodeVarint(rest - 2, 2) : encodeVarint(rest - 4, 4)));
    }
    const pnOffset = header.length;
    header.push((pn >> 8) & 0xff, pn & 0xff);
    const headerBytes = Uint8Array.from(header);
    if (!l.sealed) {
      const plaintext = new Uint8Array(l.size - header.length - AEAD_TAG);
      let at = 0;
      for (const f of l.frames) {
        const bytes = encodeFrame(f);
        plaintext.set(bytes, at);
        at += bytes.length;
      }
      return protectPacket(c2s ? conn.keys.client : conn.keys.server, headerBytes, pnOffset, pn, plaintext);
    }
    const bytes = new Uint8Array(l.size);
    bytes.set(headerBytes);
    fillPseudoRandom(bytes.subarray(header.length), packet.id * 8 + pn);
    applyHeaderProtection(this.sealedHp, bytes, pnOffset);
    return bytes;
  }
}

/** RFC 9000 17.2, 17.3: header bytes with 8-byte connection IDs, a 2-byte Length and packet number. */
function headerLength(type: PacketType, token: number): number {
  if (type === '1-RTT') return 1 + CID_BYTES + PN_BYTES;
  const tokenField = type === 'Initial' ? encodeVarint(token).length + token : 0;
  return 1 + 4 + 1 + CID_BYTES + 1 + CID_BYTES + tokenField + 2 + PN_BYTES;
}
