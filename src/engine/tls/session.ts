// TLS over a TCP connection: each end is a Stream to its application and writes records into the
// TCP stream beneath. The handshake's flights go first (handshake.ts); application data then
// travels in protected records, one per application write of up to 2^14 bytes, each adding its
// overhead; a receiver hands a record's plaintext up only when the whole record is in, as a real
// one must to check its tag. What each record is, is told to the trace for the ladder.
import type { AppHandlers, ConnectionPair } from '../network';
import type { Sim } from '../sim';
import { Timer } from '../timer';
import type { TraceSink } from '../sink';
import type { Side } from '../trace';
import type { Stream } from '../transport';
import type { Bytes, Nanoseconds } from '../units';
import { AppWriter } from '../http/writer';
import { RESPONSE_TIMEOUT_NS } from '../http/clientExchanges';
import {
  MAX_RECORD_PLAINTEXT,
  handshakePlan,
  recordOverhead,
  type HandshakePlan,
  type RecordPlan,
  type TlsParams,
} from './handshake';

interface RecordEntry {
  end: Bytes; // stream offset just past the record
  plain: Bytes; // application bytes it carries (0 for handshake records)
  plainEnd: Bytes; // application-stream offset just past them
  flight: number; // the handshake flight it belongs to; -1 for application data
  lastOfFlight: boolean;
}

/** The records written into one direction of the stream, in order: the receiver reads them as its bytes arrive. */
class RecordLog {
  readonly entries: RecordEntry[] = [];
  written: Bytes = 0;
  plainWritten: Bytes = 0;

  /** The index of the first record that ends past stream offset `offset` (ends only grow). */
  firstEndingAfter(offset: Bytes): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid].end > offset) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

class TlsEnd implements Stream {
  private readonly wire: AppWriter;
  private received: Bytes = 0;
  private nextIn = 0;
  ready = false;

  constructor(
    private readonly session: TlsConnection,
    readonly side: Side,
    private readonly inner: Stream,
    private readonly out: RecordLog,
    private readonly incoming: RecordLog,
  ) {
    this.wire = new AppWriter(inner);
  }

  get writable(): Bytes {
    return this.ready && this.wire.idle ? this.inner.writable : 0;
  }

  /** Like a blocking SSL_write: one record of up to 2^14 bytes per call, sent whole before the next. */
  write(bytes: Bytes): Bytes {
    if (!this.ready || !this.wire.idle || bytes <= 0) return 0;
    const plain = Math.min(bytes, MAX_RECORD_PLAINTEXT);
    this.writeRecord(
      'ApplicationData',
      plain + recordOverhead(this.session.params.version),
      plain,
      -1,
      false,
    );
    return plain;
  }

  private writeRecord(kind: string, wireBytes: Bytes, plain: Bytes, flight: number, last: boolean): void {
    this.logRecord(kind, wireBytes, plain, flight, last);
    this.wire.write(wireBytes);
  }

  private logRecord(
    kind: string,
    wireBytes: Bytes,
    plain: Bytes,
    flight: number,
    lastOfFlight: boolean,
  ): void {
    this.session.noteRecord(this.side, kind, this.out.written, wireBytes, plain);
    this.out.written += wireBytes;
    this.out.plainWritten += plain;
    this.out.entries.push({
      end: this.out.written,
      plain,
      plainEnd: this.out.plainWritten,
      flight,
      lastOfFlight,
    });
  }

  /** A flight leaves in one write, as a TLS library buffers it (so Nagle cannot split it). */
  writeFlight(records: readonly RecordPlan[], flight: number): void {
    let bytes = 0;
    records.forEach((r, i) => {
      this.logRecord(r.kind, r.wireBytes, 0, flight, i === records.length - 1);
      bytes += r.wireBytes;
    });
    this.wire.write(bytes);
  }

  shutdown(): void {
    this.wire.whenDrained(() => this.inner.shutdown());
  }
  close(): void {
    this.wire.whenDrained(() => this.inner.close());
  }
  reset(): void {
    this.inner.reset();
  }

  /** TCP delivered `bytes` more, in order: act on each record now complete. */
  onWire(bytes: Bytes): Bytes {
    this.received += bytes;
    let plain = 0;
    const entries = this.incoming.entries;
    while (this.nextIn < entries.length && entries[this.nextIn].end <= this.received) {
      const e = entries[this.nextIn++];
      if (e.flight < 0) plain += e.plain;
      else if (e.lastOfFlight) this.session.flightReceived(this, e.flight);
    }
    return plain;
  }

  /** Wire bytes [offset, offset + bytes) wait behind a hole: the application bytes of the whole
   * records among them, as an application-stream range (null if none). */
  heldPlain(offset: Bytes, bytes: Bytes): [Bytes, Bytes] | null {
    let from = Infinity;
    let to = -1;
    // From the first record that ends past `offset` (one ending before cannot hold its bytes):
    // walking every record from the start made a lossy run of small records quadratic (a page
    // written 6 bytes at a time, 360,000 packets: 57 s).
    const entries = this.incoming.entries;
    for (let i = this.incoming.firstEndingAfter(offset); i < entries.length; i++) {
      const e = entries[i];
      if (e.end > offset + bytes) break;
      if (e.plain === 0 || e.end - e.plain < offset) continue;
      from = Math.min(from, e.plainEnd - e.plain);
      to = e.plainEnd;
    }
    return to < 0 ? null : [from, to - from];
  }

  /** TCP has buffer space: what TLS holds goes first; then the application may write. */
  onInnerWritable(): boolean {
    this.wire.flush();
    return this.ready && this.wire.idle;
  }
}

export class TlsConnection {
  readonly pair: ConnectionPair;
  private readonly plan: HandshakePlan;
  private readonly ends: Record<Side, TlsEnd>;
  private app: AppHandlers | null = null;
  private tcpUpNs: Nanoseconds = 0;
  /** The client waits on the server's flight: a lost RST must not leave it waiting for ever. */
  private readonly handshakeTimer: Timer;

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly tcp: ConnectionPair,
    readonly params: TlsParams,
  ) {
    this.plan = handshakePlan(params);
    const c2s = new RecordLog();
    const s2c = new RecordLog();
    this.ends = {
      client: new TlsEnd(this, 'client', tcp.client, c2s, s2c),
      server: new TlsEnd(this, 'server', tcp.server, s2c, c2s),
    };
    this.pair = { conn: tcp.conn, client: this.ends.client, server: this.ends.server, content: tcp.content };
    this.handshakeTimer = new Timer(sim, () => this.giveUp());
  }

  private giveUp(): void {
    this.sink.event({ atNs: this.sim.now, conn: this.tcp.conn, side: 'client', kind: 'timeout' });
    this.tcp.client.reset();
  }

  private watchHandshake(): void {
    if (this.ends.client.ready) this.handshakeTimer.cancel();
    else this.handshakeTimer.set(this.sim.now + RESPONSE_TIMEOUT_NS);
  }

  /** The TCP-level handlers: TLS runs its handshake and hands the application plaintext. */
  wrap(app: AppHandlers): AppHandlers {
    this.app = app;
    return {
      onEstablished: (side) => {
        if (side === 'server') return app.onEstablished(side);
        this.tcpUpNs = this.sim.now;
        this.sendFlight(this.ends.client, 0);
      },
      onDeliver: (side, bytes) => {
        if (side === 'client' && !this.ends.client.ready) this.watchHandshake();
        const plain = this.ends[side].onWire(bytes);
        if (plain > 0) app.onDeliver(side, plain);
      },
      onHeld: (side, offset, bytes) => {
        const plain = this.ends[side].heldPlain(offset, bytes);
        if (plain) app.onHeld?.(side, plain[0], plain[1]);
      },
      onPeerFin: (side) => app.onPeerFin(side),
      onWritable: (side) => {
        if (this.ends[side].onInnerWritable()) app.onWritable(side);
      },
      onClosed: (side, how) => {
        if (side === 'client') this.handshakeTimer.cancel();
        app.onClosed?.(side, how);
      },
    };
  }

  noteRecord(side: Side, kind: string, offset: Bytes, wireBytes: Bytes, plainBytes: Bytes): void {
    this.sink.tlsRecord({
      conn: this.tcp.conn,
      dir: side === 'client' ? 'c2s' : 's2c',
      atNs: this.sim.now,
      kind,
      seq: offset + 1, // the SYN takes sequence number 0
      wireBytes,
      plainBytes,
    });
  }

  flightReceived(end: TlsEnd, flight: number): void {
    if (end.side === 'client') this.clientProgress('received', flight);
    if (flight + 1 < this.plan.flights.length) this.sendFlight(end, flight + 1);
  }

  private sendFlight(end: TlsEnd, flight: number): void {
    end.writeFlight(this.plan.flights[flight], flight);
    if (end.side === 'server') end.ready = true;
    else {
      this.clientProgress('sent', flight);
      this.watchHandshake();
    }
  }

  private clientProgress(after: 'sent' | 'received', flight: number): void {
    const when = this.plan.clientReady;
    const client = this.ends.client;
    if (client.ready || when.after !== after || when.flight !== flight) return;
    client.ready = true;
    this.handshakeTimer.cancel();
    const conn = this.tcp.conn;
    this.sink.event({
      atNs: this.sim.now,
      conn,
      side: 'client',
      kind: 'tls-ready',
      note: `TLS ${this.params.version}`,
    });
    if (this.sim.now > this.tcpUpNs) {
      this.sink.stall({
        conn,
        side: 'client',
        startNs: this.tcpUpNs,
        endNs: this.sim.now,
        cause: 'tls-handshake',
      });
    }
    this.app!.onEstablished('client', this.tcpUpNs);
  }
}
