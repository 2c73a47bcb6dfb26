// Receiving (RFC 9000 12-13): datagrams read packet by packet with the keys of their level, frames
// handled (ACK, CRYPTO, STREAM, HANDSHAKE_DONE, CONNECTION_CLOSE, MAX_DATA, MAX_STREAM_DATA), the TLS handshake advanced as
// each flight completes, and the acknowledgements this end owes: when, and which ranges.
import type { Nanoseconds } from '../units';
import type { QuicDatagram, QuicPacket, WireFrame } from './datagram';
import { totalBytes } from './handshake';
import { QuicLossDetection } from './lossDetection';
import { MAX_ACK_DELAY_NS, SPACES, type SpaceId } from './recovery';
import type { Received } from './spaces';
import { RecvStream } from './streams';

/** RFC 9000 13.2.2: ACK at least every second ack-eliciting packet. */
const ACK_ELICITING_THRESHOLD = 2;
/** Frames that are no news of themselves: STREAM and CRYPTO are, when their bytes are new. */
const NO_NEWS: ReadonlySet<WireFrame['kind']> = new Set(['ping', 'padding', 'ack', 'stream', 'crypto']);
/** CONNECTION_CLOSE sent again at most this many times, in answer to packets after closing. */
const MAX_CLOSE_REPEATS = 3;

export abstract class QuicReceiver extends QuicLossDetection {
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
  protected canRead(p: QuicPacket): boolean {
    if (this.spaces[p.space].sent.discarded) return false;
    if (p.space === 'handshake') return this.handshakeKeys;
    if (p.space === 'app') return this.side === 'server' ? this.handshakeKeys : this.appKeys === '1-RTT';
    return true;
  }

  /** RFC 9000 13.2.1: Initial and Handshake packets are acknowledged at once, 1-RTT ones every
   * second ack-eliciting packet or after max_ack_delay, and at once when out of order. */
  protected noteReceived(p: QuicPacket, rx: Received): void {
    const outOfOrder = rx.record(p.pn, p.ackEliciting);
    if (p.pn === rx.pns.max) rx.largestNs = this.sim.now;
    if (!p.ackEliciting) return;
    rx.lastElicitingNs = this.sim.now;
    // News: a frame other than these, or STREAM and CRYPTO bytes not had before (onStream,
    // onCrypto); a copy the peer resent moves nothing on, as TCP's repeated data does not.
    if (p.frames.some((f) => !NO_NEWS.has(f.kind))) rx.lastNewsNs = this.sim.now;
    rx.elicitingSinceAck++;
    if (p.space !== 'app' || outOfOrder || rx.elicitingSinceAck >= ACK_ELICITING_THRESHOLD) rx.ackDue = true;
    else if (rx.ackTimerNs === null) {
      rx.ackTimerNs = this.sim.now + MAX_ACK_DELAY_NS;
      this.ackTimer.set(rx.ackTimerNs);
    }
  }

  protected onFrame(space: SpaceId, f: WireFrame): void {
    switch (f.kind) {
      case 'ack':
        // An ACK the peer held (RFC 9000 13.2.1: up to max_ack_delay for a second packet) is a
        // delayed ACK, as TCP's: a sender whose window waited mostly on it waited for that.
        if (f.heldNs > 0) this.stalls.onRelease('ack-delayed', f.heldNs, f.heldFromNs);
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
      case 'max-data':
      case 'max-stream-data':
        this.credit?.raise(f); // sent when the new limit frees data: the receive's pump sends it
        return;
      case 'data-blocked':
      case 'stream-data-blocked':
        return; // the client raises its limits as it reads, whether told or not (RFC 9000 4.1)
    }
  }

  protected onCrypto(space: SpaceId, offset: number, len: number): void {
    const s = this.spaces[space];
    if (s.crypto.got.add(offset, offset + len) > 0) s.rx.lastNewsNs = this.sim.now;
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
  protected ready(): void {
    this.sink.event({
      atNs: this.sim.now,
      conn: this.conn,
      side: 'client',
      kind: 'tls-ready',
      note: this.plan.zeroRtt ? 'QUIC 0-RTT' : 'QUIC',
    });
    this.hooks.onEstablished();
  }

  protected onStream(id: number, offset: number, len: number, fin: boolean): void {
    let s = this.recvStreams.get(id);
    if (!s) this.recvStreams.set(id, (s = new RecvStream()));
    const { bytes, ended, fresh } = s.receive(offset, len, fin);
    if (fresh) this.spaces.app.rx.lastNewsNs = this.sim.now;
    // HTTP/3 reads what arrives in order at once: that is when credit goes back (flowControl.ts).
    if (bytes > 0) this.receiveWindow?.read(id, bytes);
    if (ended) this.receiveWindow?.finished(id);
    if (bytes > 0) this.handler?.onStreamData(id, bytes);
    if (ended) this.handler?.onStreamFin(id);
  }

  // ---- Acknowledgements owed (RFC 9000 13.2) --------------------------------------------------

  protected onAckTimer(): void {
    for (const id of SPACES) {
      const rx = this.spaces[id].rx;
      if (rx.ackTimerNs === null || rx.ackTimerNs > this.sim.now) continue;
      rx.ackDue = true; // sent with the next datagram that may leave (the server's may wait on the 3x limit)
      rx.heldByTimer = true;
      rx.ackTimerNs = null;
    }
    this.pump('ack-delayed');
  }

  /** The ack timer runs to the earliest deadline of any space. */
  protected setAckTimer(): void {
    let next: Nanoseconds | null = null;
    for (const id of SPACES) {
      const t = this.spaces[id].rx.ackTimerNs;
      if (t !== null && (next === null || t < next)) next = t;
    }
    if (next === null) this.ackTimer.cancel();
    else this.ackTimer.set(Math.max(next, this.sim.now));
  }

  /** The ranges to acknowledge, highest first, as [lo, hi] inclusive. */
  protected ackRanges(rx: Received): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = rx.pns.ranges.length - 1; i >= 0; i--) {
      const [s, e] = rx.pns.ranges[i];
      out.push([s, e - 1]);
    }
    return out;
  }
}
