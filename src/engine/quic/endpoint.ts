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
//
// The work is done in layers (connectionState.ts lists them); this class is the outermost.
import type { TransportEnd } from '../transport';
import type { Bytes, Nanoseconds } from '../units';
import type { QuicDatagram } from './datagram';
import { totalBytes } from './handshake';
import { QuicSender } from './sending';
import { SendStream } from './streams';

export type { QuicDatagram, QuicPacket, StreamHandler, WireFrame } from './datagram';

/** RFC 9000 10.1: the connection closes silently after this long without a packet. */
export const IDLE_TIMEOUT_NS: Nanoseconds = 30e9;

export class QuicEndpoint extends QuicSender implements TransportEnd<QuicDatagram> {
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

  // ---- Idle timeout and shutdown -------------------------------------------------------------

  protected armIdle(): void {
    this.idleTimer.set(this.sim.now + IDLE_TIMEOUT_NS);
  }

  protected onIdle(): void {
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: this.side, kind: 'timeout' });
    this.shutDown('idle');
  }

  /** The connection is over: timers stop, nothing more is sent or read. */
  protected shutDown(why: 'local' | 'peer' | 'idle'): void {
    if (this.closed) return;
    this.closed = true;
    // Given up for silence while waiting for the loss timer: that wait is the probe timeout's.
    const waiting = why === 'idle' && this.lossTimer.pending;
    this.stalls.onAbort(waiting ? this.quietSinceNs() : null, this.cc.cwnd);
    this.lossTimer.cancel();
    this.ackTimer.cancel();
    this.idleTimer.cancel();
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: this.side, kind: 'close' });
    this.hooks.onClosed(why === 'idle' ? 'abort' : 'normal');
  }
}
