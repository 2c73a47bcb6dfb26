// Sending: each datagram coalesces a packet per space that has something to say (RFC 9000 12.2),
// within the congestion window, the amplification limit (RFC 9000 8.1) and the path's datagram
// size; Initial datagrams are padded (14.1). Stream data is scheduled round robin.
import type { SendReason } from '../trace';
import type { Bytes } from '../units';
import type { QuicDatagram, QuicPacket, WireFrame } from './datagram';
import { QuicReceiver } from './receiving';
import type { SendStream } from './streams';
import { SPACES, type SentFrame, type SentPacket, type SpaceId } from './recovery';
import {
  CONNECTION_CLOSE,
  HANDSHAKE_DONE,
  MIN_INITIAL_DATAGRAM,
  PING,
  ackFrameBytes,
  blockedFrameBytes,
  cryptoFrameHeader,
  limitFrameBytes,
  packetOverhead,
  streamFrameHeader,
  type PacketType,
} from './wire';

export abstract class QuicSender extends QuicReceiver {
  /** RFC 9000 8.1: what an unvalidated server may still send (3x what it received). */
  protected ampBudget(): Bytes {
    return this.validated ? Infinity : 3 * this.bytesReceived - this.bytesSent;
  }

  /** Send what may be sent now, datagram by datagram. */
  protected pump(reason?: SendReason): void {
    if (this.closed) return;
    if (this.closePending) return this.sendClose();
    let sentData = false;
    for (let i = 0; i < 10_000; i++) {
      let d = this.buildDatagram(reason);
      // Held by flow control with all else sent: say so, once per limit (flowControl.ts).
      if (!d && this.credit && this.flowBlocked() && this.credit.noteBlocked(this.sendStreams.values()))
        d = this.buildDatagram(reason);
      if (!d) break;
      if (d.data > 0 || d.crypto > 0) sentData = true;
      this.send(d);
    }
    const blocked = this.cwndBlocked() ? 'cwnd' : this.flowBlocked() ? 'flow-control' : null;
    this.stalls.onOutput(sentData, blocked, this.cc.cwnd);
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

  /**
   * Stream data waits for room in the congestion window (RFC 9002 7): no probe or forced packet
   * may carry it, and the 3x limit is not what holds it (that wait is recorded apart).
   */
  private cwndBlocked(): boolean {
    if (this.probes > 0 || this.sendOneNow || !this.canSendIn('app') || !this.hasWork('app')) return false;
    if (!this.validated && this.ampBudget() < this.maxDatagram) return false;
    return this.cc.cwnd - this.cc.bytesInFlight < this.maxDatagram; // what is left of it holds no full packet
  }

  /** Stream data waits for the client's MAX_STREAM_DATA or MAX_DATA (RFC 9000 4.1), nothing else to send. */
  private flowBlocked(): boolean {
    if (!this.credit || !this.canSendIn('app') || this.hasWork('app')) return false;
    for (const st of this.sendStreams.values()) if (st.newBytes > 0) return true;
    return false;
  }

  /** The stream has new data it may send now, or its FIN alone (flow control does not hold a FIN). */
  private mayCarry(st: SendStream): boolean {
    if (!st.hasNew) return false;
    return !this.credit || st.newBytes === 0 || this.credit.room(st.id, st.sentUpTo) > 0;
  }

  /** RFC 9000 10.2: CONNECTION_CLOSE in a packet of the highest level we have, then silence. */
  protected sendClose(): void {
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

  protected packetType(space: SpaceId): PacketType {
    if (space === 'initial') return 'Initial';
    if (space === 'handshake') return 'Handshake';
    return this.appKeys === '0-RTT' ? '0-RTT' : '1-RTT';
  }

  protected canSendIn(space: SpaceId): boolean {
    if (this.spaces[space].sent.discarded) return false;
    if (space === 'handshake') return this.handshakeKeys;
    if (space === 'app') return this.appKeys !== null;
    return true;
  }

  /** Something ack-eliciting waits in the space. */
  protected hasWork(space: SpaceId): boolean {
    const s = this.spaces[space];
    if (s.crypto.toSend.length > 0) return true;
    if (this.probes > 0 && this.probeSpace === space) return true;
    if (space !== 'app') return false;
    if (this.handshakeDonePending || this.resends.length > 0) return true;
    if (this.receiveWindow?.hasUpdates || this.credit?.hasBlocked) return true;
    for (const st of this.sendStreams.values()) if (this.mayCarry(st)) return true;
    return false;
  }

  protected buildDatagram(reason?: SendReason): QuicDatagram | null {
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

  protected send(d: QuicDatagram): void {
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
  protected buildPacket(
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
        const heldNs = s.rx.heldByTimer ? delayNs : 0;
        frames.push({ kind: 'ack', ranges, delayNs, heldNs, heldFromNs: s.rx.largestNs });
        s.rx.heldByTimer = false;
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
      // Flow control's frames (flowControl.ts): the client's new limits, the server's word it is held.
      if (this.receiveWindow?.hasUpdates || this.credit?.hasBlocked) {
        const fitting =
          <F>(bytesOf: (f: F) => Bytes) =>
          (f: F) => {
            const bytes = bytesOf(f);
            if (fits(bytes) < 0) return false;
            size += bytes;
            return true;
          };
        const control: SentFrame[] = [
          ...(this.receiveWindow?.take(fitting(limitFrameBytes)) ?? []),
          ...(this.credit?.takeBlocked(fitting(blockedFrameBytes)) ?? []),
        ];
        for (const f of control) {
          frames.push(f);
          sentFrames.push(f);
        }
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
  protected newStreamFrames(
    fits: (header: Bytes) => Bytes,
  ): Array<{ kind: 'stream'; id: number; offset: number; len: number; fin: boolean }> {
    const out: Array<{ kind: 'stream'; id: number; offset: number; len: number; fin: boolean }> = [];
    const streams = [...this.sendStreams.values()]
      .filter((st) => this.mayCarry(st))
      .sort((a, b) => a.id - b.id);
    if (streams.length === 0) return out;
    const start = Math.max(
      0,
      streams.findIndex((st) => st.id > this.lastServed),
    );
    let used = 0;
    for (let k = 0; k < streams.length; k++) {
      const st = streams[(start + k) % streams.length];
      const credit = this.credit ? this.credit.room(st.id, st.sentUpTo) : Infinity;
      const n = Math.min(
        st.newBytes,
        credit,
        fits(streamFrameHeader(st.id, st.sentUpTo, st.newBytes) + used),
      );
      if (n < 0 || (n === 0 && st.newBytes > 0)) break;
      const fin = st.closed && n === st.newBytes;
      out.push({ kind: 'stream', id: st.id, offset: st.sentUpTo, len: n, fin });
      used += streamFrameHeader(st.id, st.sentUpTo, n) + n;
      st.sentUpTo += n;
      this.credit?.sent(n);
      if (fin) st.finSent = true;
      if (k === 0) this.lastServed = st.id;
      if (st.hasNew && n < credit) break; // the packet is full (not the stream's credit spent)
    }
    return out;
  }
}
