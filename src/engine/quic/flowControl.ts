// QUIC flow control (RFC 9000 4), in the direction a page loads: the client limits what the server
// may send on each stream it opened (initial_max_stream_data_bidi_local) and on the connection as
// a whole (initial_max_data), and raises the limits with MAX_STREAM_DATA and MAX_DATA frames as
// its application reads; the server says when they hold it (DATA_BLOCKED, STREAM_DATA_BLOCKED).
// Modelled only when a window is chosen (h3window): a browser's own limits
// (Chrome: 6 MB per stream, 15 MB per connection, raised as it reads) never hold a page here back,
// and runs without the knob keep the traces they had.
import type { Bytes } from '../units';

export type LimitFrame =
  { kind: 'max-data'; max: number } | { kind: 'max-stream-data'; id: number; max: number };
/** RFC 9000 19.12, 19.13: the sender says it has data but is held at `limit`. */
export type BlockedFrame =
  { kind: 'data-blocked'; limit: number } | { kind: 'stream-data-blocked'; id: number; limit: number };

/** RFC 9000 2.1: streams the client opened that carry data both ways (ids 0, 4, 8, ...). */
const clientBidi = (id: number) => id % 4 === 0;

/** The sender's side: how far it may send on each stream and on the connection. */
export class SendCredit {
  /** RFC 9000 4.1: the sum of the highest offsets sent on every stream. */
  private connSent = 0;
  private connMax: number;
  private readonly streamMax = new Map<number, number>();
  /** BLOCKED frames to send, and the limits already said (each once, RFC 9000 4.1). */
  private readonly blocked: BlockedFrame[] = [];
  private readonly said = new Set<string>();

  constructor(private readonly windowBytes: Bytes) {
    this.connMax = windowBytes;
  }

  /** New bytes the stream may send from `sentUpTo` now. */
  room(id: number, sentUpTo: number): Bytes {
    const conn = this.connMax - this.connSent;
    if (!clientBidi(id)) return conn;
    return Math.max(0, Math.min(conn, this.streamLimit(id) - sentUpTo));
  }

  /** How far a stream the client opened may go: its last MAX_STREAM_DATA, else the window chosen. */
  private streamLimit(id: number): number {
    return this.streamMax.get(id) ?? this.windowBytes;
  }

  /** `n` new bytes left on a stream. */
  sent(n: Bytes): void {
    this.connSent += n;
  }

  /** RFC 9000 4.1: a limit never goes down; an older frame arriving late changes nothing. */
  raise(f: LimitFrame): void {
    if (f.kind === 'max-data') this.connMax = Math.max(this.connMax, f.max);
    else this.streamMax.set(f.id, Math.max(this.streamLimit(f.id), f.max));
  }

  /**
   * Data waits on the limits (RFC 9000 4.1: the sender SHOULD say so): DATA_BLOCKED when the
   * connection's is spent, else STREAM_DATA_BLOCKED for each stream held at its own; once per
   * limit. True when there is one to send.
   */
  noteBlocked(streams: Iterable<{ id: number; sentUpTo: number; newBytes: number }>): boolean {
    const say = (f: BlockedFrame) => {
      const key = `${f.kind === 'data-blocked' ? -1 : f.id}:${f.limit}`;
      if (this.said.has(key)) return;
      this.said.add(key);
      this.blocked.push(f);
    };
    const waiting = [...streams].filter((s) => s.newBytes > 0);
    if (this.connMax - this.connSent <= 0 && waiting.length > 0)
      say({ kind: 'data-blocked', limit: this.connMax });
    else
      for (const s of waiting)
        if (clientBidi(s.id) && this.room(s.id, s.sentUpTo) <= 0)
          say({ kind: 'stream-data-blocked', id: s.id, limit: this.streamLimit(s.id) });
    return this.blocked.length > 0;
  }

  get hasBlocked(): boolean {
    return this.blocked.length > 0;
  }

  /** The BLOCKED frames that fit, oldest first; each taken leaves the queue. */
  takeBlocked(fits: (f: BlockedFrame) => boolean): BlockedFrame[] {
    let n = 0;
    while (n < this.blocked.length && fits(this.blocked[n])) n++;
    return this.blocked.splice(0, n);
  }

  /** RFC 9000 13.3: a lost BLOCKED frame goes again only while the limit it names still holds. */
  lostBlocked(f: BlockedFrame): void {
    const current = f.kind === 'data-blocked' ? this.connMax : this.streamLimit(f.id);
    if (f.limit === current) this.blocked.push(f);
  }
}

/**
 * The receiver's side: once the application has read half a window past the last limit given
 * (RFC 9000 4.2 leaves when to the receiver; Chrome and quiche give credit back at half a
 * window, as HTTP/2 clients do), the limit moves to what was read plus the window chosen.
 */
export class ReceiveWindow {
  private connRead = 0;
  private connMax: number;
  private readonly streams = new Map<number, { read: number; max: number }>();
  /** Limits to send: the latest of each (RFC 9000 13.3: a lost one is sent again at its newest value). */
  private readonly pending = new Map<number, LimitFrame>(); // key -1: the connection

  constructor(private readonly windowBytes: Bytes) {
    this.connMax = windowBytes;
  }

  /** The application read `n` more bytes of the stream, in order. */
  read(id: number, n: Bytes): void {
    this.connRead += n;
    if (this.connMax - this.connRead <= this.windowBytes / 2) {
      this.connMax = this.connRead + this.windowBytes;
      this.pending.set(-1, { kind: 'max-data', max: this.connMax });
    }
    if (!clientBidi(id)) return;
    let s = this.streams.get(id);
    if (!s) this.streams.set(id, (s = { read: 0, max: this.windowBytes }));
    s.read += n;
    if (s.max - s.read <= this.windowBytes / 2) {
      s.max = s.read + this.windowBytes;
      this.pending.set(id, { kind: 'max-stream-data', id, max: s.max });
    }
  }

  /** The stream ended: no more credit for it. */
  finished(id: number): void {
    this.streams.delete(id);
    this.pending.delete(id);
  }

  get hasUpdates(): boolean {
    return this.pending.size > 0;
  }

  /** The limits to send next, oldest first; each sent one leaves the queue. */
  take(fits: (f: LimitFrame) => boolean): LimitFrame[] {
    const out: LimitFrame[] = [];
    for (const [key, f] of this.pending) {
      if (!fits(f)) break;
      out.push(f);
      this.pending.delete(key);
    }
    return out;
  }

  /** A packet with this limit was lost: send it again, unless a newer one has gone or waits. */
  lost(f: LimitFrame): void {
    if (f.kind === 'max-data') {
      if (f.max === this.connMax && !this.pending.has(-1)) this.pending.set(-1, f);
      return;
    }
    const s = this.streams.get(f.id);
    if (s && f.max === s.max && !this.pending.has(f.id)) this.pending.set(f.id, f);
  }
}
