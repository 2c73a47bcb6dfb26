// QUIC streams (RFC 9000 2-4): each stream's bytes are numbered on their own, sent in STREAM
// frames and reassembled on their own, so a lost packet holds back only the streams whose bytes
// it carried (RFC 9000 2.2: no ordering across streams).
//
// Flow control (RFC 9000 4) is flowControl.ts's, and only when a window is chosen (h3window): by
// default the receiver's limits are a browser's (Chrome: 6 MB per stream, 15 MB per connection),
// raised as the application reads faster than any page here can use them.
import { RangeSet } from './ranges';

/** Bytes waiting to be sent on a stream: new ones from `sentUpTo`, and ranges to send again. */
export class SendStream {
  written = 0; // bytes the application wrote
  sentUpTo = 0; // the next new byte to send
  closed = false; // the application wrote its last byte (FIN)
  finSent = false;

  constructor(readonly id: number) {}

  get newBytes(): number {
    return this.written - this.sentUpTo;
  }

  /** New data (or a FIN alone) still to go out. */
  get hasNew(): boolean {
    return this.newBytes > 0 || (this.closed && !this.finSent);
  }
}

/** A range of a stream to send again, after the packet carrying it was declared lost. */
export interface Resend {
  id: number;
  offset: number;
  len: number;
  fin: boolean;
}

/** A stream's bytes as they arrive, handed up in order as soon as they are contiguous. */
export class RecvStream {
  readonly got = new RangeSet();
  delivered = 0;
  finalSize: number | null = null;
  finDelivered = false;

  /** A STREAM frame arrived: how many bytes it makes newly deliverable, whether the stream ended,
   * and whether it brought bytes not had before (`fresh`; a copy resent after a probe brings none). */
  receive(offset: number, len: number, fin: boolean): { bytes: number; ended: boolean; fresh: boolean } {
    const fresh = this.got.add(offset, offset + len) > 0 || (fin && this.finalSize === null);
    if (fin) this.finalSize = offset + len;
    const end = this.got.contiguousEnd;
    const bytes = Math.max(0, end - this.delivered);
    this.delivered = Math.max(this.delivered, end);
    const ended = !this.finDelivered && this.finalSize !== null && this.delivered >= this.finalSize;
    if (ended) this.finDelivered = true;
    return { bytes, ended, fresh };
  }
}
