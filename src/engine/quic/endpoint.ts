// One end of a QUIC connection (RFC 9000, 9001, 9002) behind the transport seam: to the network
// it sends and receives UDP datagrams of coalesced QUIC packets; to HTTP/3 it offers numbered
// streams (openStream, writeStream, and a handler for what arrives on each). Its Stream face is
// the connection as a whole: close() sends CONNECTION_CLOSE.
//
// The handshake is TLS 1.3 in CRYPTO frames (handshake.ts): the client's Initial, the server's
// Initial and Handshake flight in answer, the client's Finished; 1-RTT data flows after one round
// trip, or with the first flight as 0-RTT when resuming. Until the server has received a Handshake
// packet from the client it may send at most three times the bytes it received (RFC 9000 8.1),
// unless a returning client brought an address-validation token (8.1.3).
import type { Sim } from '../sim';
import { Timer } from '../sim';
import type { TraceSink } from '../sink';
import type { SendReason, Side } from '../trace';
import type { Datagram, EndContext, TransportEnd } from '../transport';
import type { Bytes, Nanoseconds } from '../units';
import { totalBytes, type QuicHandshakePlan } from './handshake';
import { RangeSet } from './ranges';
import {
  MAX_ACK_DELAY_NS,
  NewRenoQuic,
  PACKET_THRESHOLD,
  RttEstimate,
  SPACES,
  SentPackets,
  type SentFrame,
  type SentPacket,
  type SpaceId,
} from './recovery';
import { RecvStream, SendStream, type Resend } from './streams';
import {
  CONNECTION_CLOSE,
  HANDSHAKE_DONE,
  MIN_INITIAL_DATAGRAM,
  PING,
  ackFrameBytes,
  cryptoFrameHeader,
  maxDatagramPayload,
  packetOverhead,
  streamFrameHeader,
  type PacketType,
} from './wire';

/** A frame as the receiver reads it. */
export type WireFrame =
  | { kind: 'ack'; ranges: Array<[number, number]>; delayNs: Nanoseconds }
  | SentFrame
  | { kind: 'padding'; bytes: Bytes }
  | { kind: 'close' };

export interface QuicPacket {
  type: PacketType;
  space: SpaceId;
  pn: number;
  ackEliciting: boolean;
  frames: WireFrame[];
}

export interface QuicDatagram extends Datagram {
  packets: QuicPacket[];
  /** UDP payload: the packets, padding included. */
  payload: Bytes;
  /** CRYPTO and STREAM bytes carried: the datagram's "data", as a TCP segment's length. */
  data: Bytes;
  /** Of `data`, the CRYPTO bytes (TLS handshake messages). */
  crypto: Bytes;
  /** 1 + the data bytes this side sent before: a running offset, like a TCP sequence number. */
  seq: number;
  reason: SendReason;
}

/** What HTTP/3 hears from its streams. */
export interface StreamHandler {
  onStreamData(id: number, bytes: Bytes): void;
  onStreamFin(id: number): void;
}

/** RFC 9000 10.1: the connection closes silently after this long without a packet. */
export const IDLE_TIMEOUT_NS: Nanoseconds = 30e9;
/** RFC 9000 13.2.2: ACK at least every second ack-eliciting packet. */
const ACK_ELICITING_THRESHOLD = 2;
/** ACK frames carry at most this many ranges (older ones were acknowledged often enough). */
const MAX_ACK_RANGES = 32;
/** CONNECTION_CLOSE sent again at most this many times, in answer to packets after closing. */
const MAX_CLOSE_REPEATS = 3;
/** RFC 9002 6.2.4: a PTO sends up to two probe datagrams. */
const PROBES_PER_PTO = 2;

class Received {
  readonly pns = new RangeSet();
  largestNs: Nanoseconds = 0;
  elicitingSinceAck = 0;
  ackDue = false;
  ackTimerNs: Nanoseconds | null = null;
}

class Crypto {
  readonly toSend: Array<[number, number]> = []; // [offset, len] ranges, first due first
  written = 0;
  sentUpTo = 0; // below this, a CRYPTO frame is a retransmission
  readonly got = new RangeSet();
  complete = false;

  queue(bytes: Bytes): void {
    this.toSend.push([this.written, bytes]);
    this.written += bytes;
  }
}

interface Space {
  sent: SentPackets;
  rx: Received;
  crypto: Crypto;
  /** The peer's CRYPTO bytes expected in this space. */
  expect: Bytes;
}

export class QuicEndpoint implements TransportEnd<QuicDatagram> {
  private readonly sim: Sim;
  private readonly sink: TraceSink;
  readonly conn: number;
  readonly side: Side;
  private readonly transmit: (d: QuicDatagram) => void;
  private readonly maxDatagram: Bytes;
  private readonly spaces: Record<SpaceId, Space>;
  readonly rtt = new RttEstimate();
  readonly cc: NewRenoQuic;
  private ptoCount = 0;
  private probes = 0;
  private probeSpace: SpaceId = 'initial';
  private readonly lossTimer: Timer;
  private readonly ackTimer: Timer;
  private readonly idleTimer: Timer;
  private handshakeKeys = false;
  /** 1-RTT keys (the server gets them with its own Finished), or 0-RTT keys for a resuming client. */
  private appKeys: '0-RTT' | '1-RTT' | null = null;
  private handshakeDone = false; // complete at this end
  private confirmed = false; // RFC 9001 4.1.2
  private handshakeDonePending = false;
  private validated: boolean;
  private bytesReceived = 0;
  private bytesSent = 0;
  private dataSent = 0;
  private closed = false;
  private closePending = false;
  private readonly sendStreams = new Map<number, SendStream>();
  private readonly recvStreams = new Map<number, RecvStream>();
  private resends: Resend[] = [];
  private lastServed = -1; // the stream that began the last packet's new data
  private nextBidi: number;
  private nextUni: number;
  handler: StreamHandler | null = null;
  private lastSample = '';
  private resendReason: SendReason = 'retransmit';
  private sendOneNow = false;
  private closedHere = false; // we sent CONNECTION_CLOSE
  private closeRepeats = 0;
  private amplificationSinceNs: Nanoseconds | null = null;

  constructor(
    ctx: EndContext<QuicDatagram>,
    private readonly plan: QuicHandshakePlan,
    private readonly hooks = ctx.hooks,
  ) {
    this.sim = ctx.sim;
    this.sink = ctx.sink;
    this.conn = ctx.conn;
    this.side = ctx.side;
    this.transmit = ctx.hooks.transmit;
    this.maxDatagram = maxDatagramPayload(ctx.params.mssBytes);
    this.cc = new NewRenoQuic(this.maxDatagram);
    const client = this.side === 'client';
    const space = (expect: Bytes): Space => ({
      sent: new SentPackets(),
      rx: new Received(),
      crypto: new Crypto(),
      expect,
    });
    this.spaces = {
      initial: space(totalBytes(client ? plan.serverInitial : plan.clientInitial)),
      handshake: space(totalBytes(client ? plan.serverHandshake : plan.clientHandshake)),
      app: space(0),
    };
    this.validated = client; // the server validates the client's address (RFC 9000 8.1)
    this.nextBidi = client ? 0 : 1; // RFC 9000 2.1: the low bits say who opened it and how
    this.nextUni = client ? 2 : 3;
    this.lossTimer = new Timer(this.sim, () => this.onLossTimer());
    this.ackTimer = new Timer(this.sim, () => this.onAckTimer());
    this.idleTimer = new Timer(this.sim, () => this.onIdle());
  }

  // ---- The Stream face: the connection as a whole --------------------------------------------

  get writable(): Bytes {
    return 0;
  }
  write(): Bytes {
    return 0;
  }
  shutdown(): void {}
  close(): void {
    if (this.closed || this.closePending) return;
    this.closePending = true;
    this.pump();
  }
  reset(): void {
    this.close();
  }

  connect(): void {
    this.spaces.initial.crypto.queue(totalBytes(this.plan.clientInitial));
    this.armIdle();
    if (this.plan.zeroRtt) {
      this.appKeys = '0-RTT';
      this.ready();
    }
    this.pump();
  }

  listen(): void {
    this.armIdle();
  }

  // ---- Streams for HTTP/3 ---------------------------------------------------------------------

  /** A new stream of ours: bidirectional (requests) or unidirectional (HTTP/3 control). */
  openStream(bidi: boolean): number {
    const id = bidi ? this.nextBidi : this.nextUni;
    if (bidi) this.nextBidi += 4;
    else this.nextUni += 4;
    this.sendStreams.set(id, new SendStream(id));
    return id;
  }

  /** Queue `bytes` on stream `id` (the peer's bidirectional streams are answered this way too). */
  writeStream(id: number, bytes: Bytes, fin: boolean): void {
    if (this.closed) return;
    let s = this.sendStreams.get(id);
    if (!s) this.sendStreams.set(id, (s = new SendStream(id)));
    s.written += bytes;
    if (fin) s.closed = true;
    this.pump();
  }

  // ---- Receiving ------------------------------------------------------------------------------

  receive(d: QuicDatagram): void {
    if (this.closed) {
      // RFC 9000 10.2.1: a closing endpoint answers what still arrives with CONNECTION_CLOSE
      // again (a few times: the peer may have lost the first), so the peer stops probing.
      if (this.closedHere && this.closeRepeats++ < MAX_CLOSE_REPEATS) this.sendClose();
      return;
    }
    this.bytesReceived += d.payload;
    this.armIdle();
    for (const p of d.packets) {
      if (!this.canRead(p)) continue;
      if (this.side === 'server' && p.space === 'handshake' && !this.spaces.initial.sent.discarded) {
        this.validated = true; // RFC 9000 8.1: a Handshake packet proves the address
        this.discard('initial'); // RFC 9001 4.9.1
      }
      // RFC 9000 8.1.3: a returning client's token from NEW_TOKEN validates its address at once.
      if (this.side === 'server' && p.space === 'initial' && this.plan.addressToken) this.validated = true;
      const space = this.spaces[p.space];
      if (space.rx.pns.has(p.pn)) continue; // a duplicate
      this.noteReceived(p, space.rx);
      for (const f of p.frames) this.onFrame(p.space, f);
      if (this.closed) return;
    }
    this.pump();
  }

  /** Keys for the packet's level: installed and not yet discarded. */
  private canRead(p: QuicPacket): boolean {
    if (this.spaces[p.space].sent.discarded) return false;
    if (p.space === 'handshake') return this.handshakeKeys;
    if (p.space === 'app') return this.side === 'server' ? this.handshakeKeys : this.appKeys === '1-RTT';
    return true;
  }

  /** RFC 9000 13.2.1: Initial and Handshake packets are acknowledged at once, 1-RTT ones every
   * second ack-eliciting packet or after max_ack_delay, and at once when out of order. */
  private noteReceived(p: QuicPacket, rx: Received): void {
    const outOfOrder = rx.pns.max >= 0 && p.pn !== rx.pns.max + 1;
    rx.pns.add(p.pn, p.pn + 1);
    if (p.pn === rx.pns.max) rx.largestNs = this.sim.now;
    if (rx.pns.ranges.length > MAX_ACK_RANGES) rx.pns.ranges.shift();
    if (!p.ackEliciting) return;
    rx.elicitingSinceAck++;
    if (p.space !== 'app' || outOfOrder || rx.elicitingSinceAck >= ACK_ELICITING_THRESHOLD) rx.ackDue = true;
    else if (rx.ackTimerNs === null) {
      rx.ackTimerNs = this.sim.now + MAX_ACK_DELAY_NS;
      this.ackTimer.set(rx.ackTimerNs);
    }
  }

  private onFrame(space: SpaceId, f: WireFrame): void {
    switch (f.kind) {
      case 'ack':
        return this.onAck(space, f.ranges, f.delayNs);
      case 'crypto':
        return this.onCrypto(space, f.offset, f.len);
      case 'stream':
        return this.onStream(f.id, f.offset, f.len, f.fin);
      case 'handshake-done':
        if (!this.confirmed) {
          this.confirmed = true;
          this.discard('handshake');
        }
        return;
      case 'close':
        this.shutDown('peer');
        return;
    }
  }

  private onCrypto(space: SpaceId, offset: number, len: number): void {
    const s = this.spaces[space];
    s.crypto.got.add(offset, offset + len);
    if (s.crypto.complete || s.crypto.got.contiguousEnd < s.expect) return;
    s.crypto.complete = true;
    if (this.side === 'server' && space === 'initial') {
      // The ClientHello: answer with the whole flight; 1-RTT keys come with our Finished.
      this.spaces.initial.crypto.queue(totalBytes(this.plan.serverInitial));
      this.spaces.handshake.crypto.queue(totalBytes(this.plan.serverHandshake));
      this.handshakeKeys = true;
      this.appKeys = '1-RTT';
    } else if (this.side === 'client' && space === 'initial') {
      this.handshakeKeys = true;
    } else if (this.side === 'client' && space === 'handshake') {
      this.spaces.handshake.crypto.queue(totalBytes(this.plan.clientHandshake));
      this.discard('initial'); // RFC 9001 4.9.1: with its first Handshake packet
      this.appKeys = '1-RTT';
      this.handshakeDone = true;
      // With 0-RTT the client was ready from the start; the server accepted its early data.
      if (!this.plan.zeroRtt) this.ready();
    } else if (this.side === 'server' && space === 'handshake') {
      // RFC 9001 4.1.2: complete and confirmed at the server; tell the client (HANDSHAKE_DONE).
      this.handshakeDone = true;
      this.confirmed = true;
      this.handshakeDonePending = true;
      this.discard('handshake');
      this.hooks.onEstablished();
    }
  }

  /** The client may send requests: after the handshake, or at once with 0-RTT. */
  private ready(): void {
    this.sink.event({
      atNs: this.sim.now,
      conn: this.conn,
      side: 'client',
      kind: 'tls-ready',
      note: this.plan.zeroRtt ? 'QUIC 0-RTT' : 'QUIC',
    });
    this.hooks.onEstablished();
  }

  private onStream(id: number, offset: number, len: number, fin: boolean): void {
    let s = this.recvStreams.get(id);
    if (!s) this.recvStreams.set(id, (s = new RecvStream()));
    const { bytes, ended } = s.receive(offset, len, fin);
    if (bytes > 0) this.handler?.onStreamData(id, bytes);
    if (ended) this.handler?.onStreamFin(id);
  }

  // ---- Acknowledgements and loss (RFC 9002 A.7-A.10) -----------------------------------------

  private onAck(spaceId: SpaceId, ranges: Array<[number, number]>, delayNs: Nanoseconds): void {
    const sent = this.spaces[spaceId].sent;
    const acked: SentPacket[] = [];
    for (const [pn, p] of sent.unacked) if (ranges.some(([lo, hi]) => pn >= lo && pn <= hi)) acked.push(p);
    if (acked.length === 0) return;
    sent.largestAcked = Math.max(sent.largestAcked, ranges[0][1]);
    for (const p of acked) sent.unacked.delete(p.pn);
    const largest = acked[acked.length - 1];
    if (largest.pn === ranges[0][1] && acked.some((p) => p.ackEliciting))
      this.rtt.update(this.sim.now - largest.sentNs, delayNs, this.confirmed);
    const lost = this.detectLost(spaceId);
    for (const p of acked) this.cc.onAcked(p);
    this.onLost(lost, spaceId);
    this.ptoCount = 0;
    this.sample();
  }

  /** RFC 9002 6.1: lost if 3 later packets were acknowledged, or if sent 9/8 RTT before one was. */
  private detectLost(spaceId: SpaceId): SentPacket[] {
    const sent = this.spaces[spaceId].sent;
    sent.lossTimeNs = null;
    const delay = this.rtt.lossDelayNs;
    const lost: SentPacket[] = [];
    for (const p of sent.unacked.values()) {
      if (p.pn > sent.largestAcked) break;
      if (p.sentNs <= this.sim.now - delay || sent.largestAcked >= p.pn + PACKET_THRESHOLD) lost.push(p);
      else sent.lossTimeNs = Math.min(sent.lossTimeNs ?? Infinity, p.sentNs + delay);
    }
    for (const p of lost) sent.unacked.delete(p.pn);
    return lost;
  }

  private onLost(lost: SentPacket[], spaceId: SpaceId): void {
    if (lost.length === 0) return;
    // RFC 9002 B.6: entering recovery, one packet may go at once to speed the repair.
    if (this.cc.onLost(lost, this.sim.now)) this.sendOneNow = true;
    this.resendReason = 'fast-retransmit'; // found by acknowledgements, as TCP's fast retransmit
    for (const p of lost) this.requeue(p, spaceId);
    this.sample();
  }

  /** What a lost packet carried goes out again in new packets (RFC 9000 13.3). */
  private requeue(p: SentPacket, spaceId: SpaceId): void {
    for (const f of p.frames) {
      if (f.kind === 'crypto') this.spaces[spaceId].crypto.toSend.push([f.offset, f.len]);
      else if (f.kind === 'stream') this.resends.push({ id: f.id, offset: f.offset, len: f.len, fin: f.fin });
      else if (f.kind === 'handshake-done') this.handshakeDonePending = true;
    }
  }

  /** Keys of a level are dropped: its packets leave the books (RFC 9002 6.4). */
  private discard(spaceId: SpaceId): void {
    const s = this.spaces[spaceId];
    if (s.sent.discarded) return;
    s.sent.discarded = true;
    for (const p of s.sent.unacked.values()) this.cc.onRemoved(p);
    s.sent.unacked.clear();
    s.sent.lossTimeNs = null;
    s.crypto.toSend.length = 0;
    s.rx.ackDue = false;
    s.rx.ackTimerNs = null;
    this.ptoCount = 0;
  }

  /** RFC 9002 A.8: the earliest loss time, else the probe timeout of the space due first. */
  private setLossTimer(): void {
    if (this.closed) return;
    let earliest: Nanoseconds | null = null;
    for (const id of SPACES) {
      const t = this.spaces[id].sent.lossTimeNs;
      if (t !== null && (earliest === null || t < earliest)) earliest = t;
    }
    if (earliest !== null) return this.lossTimer.set(Math.max(earliest, this.sim.now));
    // A server that may not send (amplification) arms nothing: the client's probe unblocks it.
    if (!this.validated && this.ampBudget() < MIN_INITIAL_DATAGRAM / 4) return this.lossTimer.cancel();
    const pto = this.ptoTime();
    if (pto === null) this.lossTimer.cancel();
    else this.lossTimer.set(Math.max(pto.atNs, this.sim.now));
  }

  private ptoTime(): { atNs: Nanoseconds; space: SpaceId } | null {
    const backoff = 2 ** this.ptoCount;
    const base = this.rtt.ptoBaseNs * backoff;
    const inFlight = SPACES.some((id) => this.spaces[id].sent.ackElicitingInFlight);
    if (!inFlight) {
      // RFC 9002 6.2.2.1: a client not yet sure the server has its address keeps a timer running.
      if (this.side === 'server' || this.handshakeDone) return null;
      return { atNs: this.sim.now + base, space: this.handshakeKeys ? 'handshake' : 'initial' };
    }
    let best: { atNs: Nanoseconds; space: SpaceId } | null = null;
    for (const id of SPACES) {
      const sent = this.spaces[id].sent;
      if (!sent.ackElicitingInFlight || sent.lastAckElicitingNs === null) continue;
      if (id === 'app' && !this.handshakeDone) continue; // A.8: no app PTO before the handshake completes
      const at = sent.lastAckElicitingNs + base + (id === 'app' ? MAX_ACK_DELAY_NS * backoff : 0);
      if (!best || at < best.atNs) best = { atNs: at, space: id };
    }
    return best;
  }

  private onLossTimer(): void {
    for (const id of SPACES) {
      if (this.spaces[id].sent.lossTimeNs === null) continue;
      this.onLost(this.detectLost(id), id);
      this.setLossTimer();
      this.pump();
      return;
    }
    const pto = this.ptoTime();
    if (!pto) return;
    this.ptoCount++;
    this.probes = PROBES_PER_PTO;
    this.probeSpace = pto.space;
    // Probe with the oldest data still unacknowledged in the space, or a PING.
    const oldest = [...this.spaces[pto.space].sent.unacked.values()].find((p) => p.ackEliciting);
    this.resendReason = 'retransmit'; // a timeout, as TCP's RTO
    if (oldest) this.requeue(oldest, pto.space);
    this.sample();
    this.pump('retransmit');
  }

  private onAckTimer(): void {
    for (const id of SPACES) {
      const rx = this.spaces[id].rx;
      if (rx.ackTimerNs === null || rx.ackTimerNs > this.sim.now) continue;
      rx.ackDue = true; // sent with the next datagram that may leave (the server's may wait on the 3x limit)
      rx.ackTimerNs = null;
    }
    this.pump('ack-delayed');
  }

  private armIdle(): void {
    this.idleTimer.set(this.sim.now + IDLE_TIMEOUT_NS);
  }

  private onIdle(): void {
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: this.side, kind: 'timeout' });
    this.shutDown('idle');
  }

  /** The connection is over: timers stop, nothing more is sent or read. */
  private shutDown(why: 'local' | 'peer' | 'idle'): void {
    if (this.closed) return;
    this.closed = true;
    this.lossTimer.cancel();
    this.ackTimer.cancel();
    this.idleTimer.cancel();
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: this.side, kind: 'close' });
    this.hooks.onClosed(why === 'idle' ? 'abort' : 'normal');
  }

  // ---- Sending --------------------------------------------------------------------------------

  private ampBudget(): Bytes {
    return this.validated ? Infinity : 3 * this.bytesReceived - this.bytesSent;
  }

  /** Send what may be sent now, datagram by datagram. */
  private pump(reason?: SendReason): void {
    if (this.closed) return;
    if (this.closePending) return this.sendClose();
    for (let i = 0; i < 10_000; i++) {
      const d = this.buildDatagram(reason);
      if (!d) break;
      this.send(d);
    }
    // Handshake data waits on the 3x limit (RFC 9000 8.1): the ladder shows how long.
    if (
      !this.validated &&
      this.ampBudget() < this.maxDatagram &&
      SPACES.some((s) => this.canSendIn(s) && this.hasWork(s))
    )
      this.amplificationSinceNs ??= this.sim.now;
    this.setLossTimer();
    this.setAckTimer();
  }

  private setAckTimer(): void {
    let next: Nanoseconds | null = null;
    for (const id of SPACES) {
      const t = this.spaces[id].rx.ackTimerNs;
      if (t !== null && (next === null || t < next)) next = t;
    }
    if (next === null) this.ackTimer.cancel();
    else this.ackTimer.set(Math.max(next, this.sim.now));
  }

  /** RFC 9000 10.2: CONNECTION_CLOSE in a packet of the highest level we have, then silence. */
  private sendClose(): void {
    const spaceId: SpaceId = this.appKeys ? 'app' : this.handshakeKeys ? 'handshake' : 'initial';
    const type = this.packetType(spaceId);
    const sent = this.spaces[spaceId].sent;
    const packet: QuicPacket = {
      type,
      space: spaceId,
      pn: sent.nextPn++,
      ackEliciting: false,
      frames: [{ kind: 'close' }],
    };
    let payload = packetOverhead(type) + CONNECTION_CLOSE;
    if (type === 'Initial' && this.side === 'client') payload = Math.max(payload, MIN_INITIAL_DATAGRAM);
    this.send({
      from: this.side,
      packets: [packet],
      payload,
      data: 0,
      crypto: 0,
      seq: 1 + this.dataSent,
      reason: 'fin',
    });
    this.closedHere = true;
    this.shutDown('local');
  }

  private packetType(space: SpaceId): PacketType {
    if (space === 'initial') return 'Initial';
    if (space === 'handshake') return 'Handshake';
    return this.appKeys === '0-RTT' ? '0-RTT' : '1-RTT';
  }

  private canSendIn(space: SpaceId): boolean {
    if (this.spaces[space].sent.discarded) return false;
    if (space === 'handshake') return this.handshakeKeys;
    if (space === 'app') return this.appKeys !== null;
    return true;
  }

  /** Something ack-eliciting waits in the space. */
  private hasWork(space: SpaceId): boolean {
    const s = this.spaces[space];
    if (s.crypto.toSend.length > 0) return true;
    if (this.probes > 0 && this.probeSpace === space) return true;
    if (space !== 'app') return false;
    if (this.handshakeDonePending || this.resends.length > 0) return true;
    for (const st of this.sendStreams.values()) if (st.hasNew) return true;
    return false;
  }

  private buildDatagram(reason?: SendReason): QuicDatagram | null {
    const limit = Math.min(this.maxDatagram, this.ampBudget());
    if (limit < 64) return null;
    const probing = this.probes > 0;
    const cwndRoom = probing || this.sendOneNow ? limit : this.cc.cwnd - this.cc.bytesInFlight;
    const packets: QuicPacket[] = [];
    const books: SentPacket[] = [];
    let payload = 0;
    let data = 0;
    let crypto = 0;
    let resent = false;
    let eliciting = false;
    let initialEliciting = false;
    for (const space of SPACES) {
      if (!this.canSendIn(space)) continue;
      const work = this.hasWork(space) && cwndRoom - payload > 0;
      const rx = this.spaces[space].rx;
      const ack = rx.ackDue || (rx.elicitingSinceAck > 0 && work);
      if (!work && !ack) continue;
      const built = this.buildPacket(
        space,
        limit - payload,
        work ? Math.min(limit, cwndRoom) - payload : 0,
        ack,
      );
      if (!built) continue;
      packets.push(built.packet);
      books.push(built.book);
      payload += built.bytes;
      data += built.data;
      crypto += built.crypto;
      resent ||= built.resent;
      eliciting ||= built.packet.ackEliciting;
      if (space === 'initial' && built.packet.ackEliciting) initialEliciting = true;
    }
    if (packets.length === 0) return null;
    // RFC 9000 14.1: datagrams with a client's Initial, or a server's ack-eliciting Initial, are
    // padded to 1200 bytes (within what the amplification limit allows the server).
    const hasInitial = packets.some((p) => p.type === 'Initial');
    if ((hasInitial && this.side === 'client') || initialEliciting) {
      const pad = Math.min(MIN_INITIAL_DATAGRAM, limit) - payload;
      if (pad > 0) {
        const last = packets.length - 1;
        packets[last].frames.push({ kind: 'padding', bytes: pad });
        books[last].bytes += pad;
        books[last].inFlight = true; // RFC 9002 2: padding counts in flight
        payload += pad;
      }
    }
    packets.forEach((p, i) => {
      const sent = this.spaces[p.space].sent;
      const book = books[i];
      if (book.inFlight || book.ackEliciting) {
        sent.unacked.set(book.pn, book);
        this.cc.onSent(book);
      }
      if (book.ackEliciting) sent.lastAckElicitingNs = this.sim.now;
    });
    if (eliciting && probing) this.probes--;
    else if (eliciting) this.sendOneNow = false;
    const why: SendReason = resent
      ? this.resendReason
      : data > 0 || eliciting
        ? 'data'
        : (reason ?? 'ack-now');
    const d = { from: this.side, packets, payload, data, crypto, seq: 1 + this.dataSent, reason: why };
    this.dataSent += data;
    return d;
  }

  private send(d: QuicDatagram): void {
    if (this.amplificationSinceNs !== null) {
      if (this.sim.now > this.amplificationSinceNs)
        this.sink.stall({
          conn: this.conn,
          side: this.side,
          startNs: this.amplificationSinceNs,
          endNs: this.sim.now,
          cause: 'amplification',
        });
      this.amplificationSinceNs = null;
    }
    this.bytesSent += d.payload;
    this.transmit(d);
  }

  /**
   * One packet of `space`: an ACK if due, then CRYPTO data, then (1-RTT) HANDSHAKE_DONE, streams'
   * lost data and new data in round robin, a packet's worth from each stream in turn; a PING when
   * probing with nothing else to say. `room` bounds the packet, `dataRoom` its ack-eliciting part.
   */
  private buildPacket(
    spaceId: SpaceId,
    room: Bytes,
    dataRoom: Bytes,
    ack: boolean,
  ): {
    packet: QuicPacket;
    book: SentPacket;
    bytes: Bytes;
    data: Bytes;
    crypto: Bytes;
    resent: boolean;
  } | null {
    const type = this.packetType(spaceId);
    const s = this.spaces[spaceId];
    let size = packetOverhead(type);
    if (size + 8 > room) return null;
    const frames: WireFrame[] = [];
    const sentFrames: SentFrame[] = [];
    let data = 0;
    let resent = false;
    if (ack && s.rx.pns.max >= 0) {
      const ranges = this.ackRanges(s.rx);
      const delayNs = this.sim.now - s.rx.largestNs;
      const bytes = ackFrameBytes(ranges, Math.floor(delayNs / 8000));
      if (size + bytes <= room) {
        frames.push({ kind: 'ack', ranges, delayNs });
        size += bytes;
        s.rx.ackDue = false;
        s.rx.elicitingSinceAck = 0;
        s.rx.ackTimerNs = null;
      }
    }
    const fits = (header: Bytes) => Math.min(room, dataRoom) - size - header;
    // CRYPTO
    while (s.crypto.toSend.length > 0) {
      const [offset, len] = s.crypto.toSend[0];
      const n = Math.min(len, fits(cryptoFrameHeader(offset, len)));
      if (n <= 0) break;
      resent ||= offset < s.crypto.sentUpTo;
      s.crypto.sentUpTo = Math.max(s.crypto.sentUpTo, offset + n);
      if (n === len) s.crypto.toSend.shift();
      else s.crypto.toSend[0] = [offset + n, len - n];
      frames.push({ kind: 'crypto', offset, len: n });
      sentFrames.push({ kind: 'crypto', offset, len: n });
      size += cryptoFrameHeader(offset, n) + n;
      data += n;
    }
    const crypto = data;
    if (spaceId === 'app') {
      if (this.handshakeDonePending && fits(HANDSHAKE_DONE) >= 0) {
        this.handshakeDonePending = false;
        frames.push({ kind: 'handshake-done' });
        sentFrames.push({ kind: 'handshake-done' });
        size += HANDSHAKE_DONE;
      }
      while (this.resends.length > 0) {
        const r = this.resends[0];
        const n = Math.min(r.len, fits(streamFrameHeader(r.id, r.offset, r.len)));
        if (n < 0 || (n === 0 && r.len > 0)) break;
        const fin = r.fin && n === r.len;
        if (n === r.len) this.resends.shift();
        else this.resends[0] = { ...r, offset: r.offset + n, len: r.len - n };
        const f = { kind: 'stream' as const, id: r.id, offset: r.offset, len: n, fin };
        frames.push(f);
        sentFrames.push(f);
        size += streamFrameHeader(r.id, r.offset, n) + n;
        data += n;
        resent = true;
      }
      const added = this.newStreamFrames((header) => fits(header));
      for (const f of added) {
        frames.push(f);
        sentFrames.push(f);
        size += streamFrameHeader(f.id, f.offset, f.len) + f.len;
        data += f.len;
      }
    }
    const probing = this.probes > 0 && this.probeSpace === spaceId;
    if (probing && sentFrames.length === 0 && fits(PING) >= 0) {
      frames.push({ kind: 'ping' });
      sentFrames.push({ kind: 'ping' });
      size += PING;
    }
    if (frames.length === 0) return null;
    const pn = s.sent.nextPn++;
    const ackEliciting = sentFrames.length > 0;
    const packet: QuicPacket = { type, space: spaceId, pn, ackEliciting, frames };
    const book: SentPacket = {
      pn,
      type,
      sentNs: this.sim.now,
      bytes: size,
      ackEliciting,
      inFlight: ackEliciting,
      frames: sentFrames,
    };
    return { packet, book, bytes: size, data, crypto, resent };
  }

  /**
   * New stream data for one packet. Scheduling rule: round robin in stream order, starting after
   * the stream that began the previous packet; a packet takes what it can from that stream and
   * fills any room left from the following ones.
   */
  private newStreamFrames(
    fits: (header: Bytes) => Bytes,
  ): Array<{ kind: 'stream'; id: number; offset: number; len: number; fin: boolean }> {
    const out: Array<{ kind: 'stream'; id: number; offset: number; len: number; fin: boolean }> = [];
    const streams = [...this.sendStreams.values()].filter((st) => st.hasNew).sort((a, b) => a.id - b.id);
    if (streams.length === 0) return out;
    const start = Math.max(
      0,
      streams.findIndex((st) => st.id > this.lastServed),
    );
    let used = 0;
    for (let k = 0; k < streams.length; k++) {
      const st = streams[(start + k) % streams.length];
      const n = Math.min(st.newBytes, fits(streamFrameHeader(st.id, st.sentUpTo, st.newBytes) + used));
      if (n < 0 || (n === 0 && st.newBytes > 0)) break;
      const fin = st.closed && n === st.newBytes;
      out.push({ kind: 'stream', id: st.id, offset: st.sentUpTo, len: n, fin });
      used += streamFrameHeader(st.id, st.sentUpTo, n) + n;
      st.sentUpTo += n;
      if (fin) st.finSent = true;
      if (k === 0) this.lastServed = st.id;
      if (st.hasNew) break; // the packet is full
    }
    return out;
  }

  /** The ranges to acknowledge, highest first, as [lo, hi] inclusive. */
  private ackRanges(rx: Received): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = rx.pns.ranges.length - 1; i >= 0; i--) {
      const [s, e] = rx.pns.ranges[i];
      out.push([s, e - 1]);
    }
    return out;
  }

  private sample(): void {
    const srttNs = this.rtt.hasSample ? Math.round(this.rtt.smoothedNs) : null;
    const rtoNs = this.rtt.ptoBaseNs * 2 ** this.ptoCount;
    const key = `${this.cc.cwnd}:${this.cc.ssthresh}:${srttNs}:${rtoNs}`;
    if (key === this.lastSample) return;
    this.lastSample = key;
    this.sink.sample({
      atNs: this.sim.now,
      conn: this.conn,
      side: this.side,
      cwnd: this.cc.cwnd,
      ssthresh: this.cc.ssthresh,
      srttNs,
      rtoNs,
    });
  }
}
