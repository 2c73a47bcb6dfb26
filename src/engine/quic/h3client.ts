// The client's side of HTTP/3 (RFC 9114): every request on a bidirectional QUIC stream of its own
// (0, 4, 8...), sent as soon as it is known; each response arrives on its request's stream,
// delivered by QUIC independently of the others, so a loss delays only the stream it hit.
import type { ConnectionPair } from '../network';
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import type { Bytes, Nanoseconds } from '../units';
import { MessageReader } from '../messages';
import type { ConnectionEvents } from '../http/clientConnection';
import type { HttpRequest } from '../http/request';
import { ClientExchanges, type ThinkingClient } from '../http/clientExchanges';
import type { QuicEndpoint, StreamHandler } from './endpoint';
import { CONTROL_STREAM, requestHeadersFrame } from './h3frames';
import { streamContent, type H3Message } from './h3streams';

interface Open {
  request: HttpRequest;
  reader: MessageReader<H3Message>;
  received: Bytes; // response bytes so far, counted as HTTP/1.x would (head, then body)
}

export class H3ClientConnection implements StreamHandler, ThinkingClient {
  readonly conn: number;
  finished = false;
  private established = false;
  private readonly openedNs: Nanoseconds;
  private readonly quic: QuicEndpoint;
  private assigned: HttpRequest[] = [];
  private readonly streams = new Map<number, Open>();
  private firstRequest = true;
  private readonly exchanges: ClientExchanges;

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly pair: ConnectionPair,
    private readonly p: HttpParams,
    private readonly events: ConnectionEvents,
  ) {
    this.conn = pair.conn;
    this.openedNs = sim.now;
    this.quic = pair.client as QuicEndpoint;
    this.quic.handler = this;
    this.exchanges = new ClientExchanges(sim, sink, this.conn, p.clientThinkNs, events, () => this.giveUp());
  }

  get idle(): boolean {
    return !this.finished && !this.busy;
  }

  get busy(): boolean {
    return this.assigned.length + this.streams.size > 0;
  }

  holdReads(): void {}

  send(request: HttpRequest): void {
    this.assigned.push(request);
    if (this.established) this.writeAfterThinking(request);
  }

  onEstablished(): void {
    if (this.established) return;
    this.established = true;
    if (this.assigned.length > 0 && this.sim.now > this.openedNs)
      this.sink.stall({
        conn: this.conn,
        side: 'client',
        startNs: this.openedNs,
        endNs: this.sim.now,
        cause: 'handshake',
      });
    // RFC 9114 6.2.1: each side opens a control stream and sends its SETTINGS first.
    this.quic.writeStream(this.quic.openStream(false), CONTROL_STREAM, false);
    for (const r of this.assigned) this.writeAfterThinking(r);
  }

  private writeAfterThinking(request: HttpRequest): void {
    this.exchanges.think(request, this);
  }

  stillWants(request: HttpRequest): boolean {
    return !this.finished && this.assigned.includes(request);
  }

  writeThought(request: HttpRequest): void {
    this.assigned.splice(this.assigned.indexOf(request), 1);
    this.writeRequest(request);
  }

  private writeRequest(r: HttpRequest): void {
    const id = this.quic.openStream(true);
    r.requestBytes = requestHeadersFrame(r.requestBytes, r.exchange.label, this.firstRequest);
    this.firstRequest = false;
    r.exchange.requestBytes = r.requestBytes;
    r.exchange.stream = id;
    const reader = new MessageReader(streamContent(this.pair.content, id, 's2c'));
    this.streams.set(id, { request: r, reader, received: 0 });
    this.exchanges.requestWritten(r, `stream ${id}`);
    streamContent(this.pair.content, id, 'c2s').append(r.requestBytes, {
      type: 'headers',
      request: r,
      end: true,
    });
    this.quic.writeStream(id, r.requestBytes, true);
    this.armSilenceTimer();
  }

  onStreamData(id: number, bytes: Bytes): void {
    const open = this.streams.get(id);
    if (!open || this.finished) return; // the server's control stream, or too late
    for (const m of open.reader.read(bytes)) {
      const r = open.request;
      if (m.type === 'headers') {
        this.exchanges.responseBegan(r);
        open.received = r.kind === 'GET' ? this.p.responseHeaderBytes : this.p.notModifiedBytes;
      } else open.received += m.bytes;
      this.events.onResponseBytes(r, open.received);
      if (m.end) this.done(id, open);
      if (this.finished) return;
    }
    this.armSilenceTimer();
  }

  onStreamFin(): void {}

  private done(id: number, open: Open): void {
    this.streams.delete(id);
    this.exchanges.responseDone(open.request);
  }

  private armSilenceTimer(): void {
    this.exchanges.watch(this.streams.size);
  }

  /** As for HTTP/1.x and HTTP/2: a connection that owes responses and says nothing is given up. */
  private giveUp(): void {
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: 'client', kind: 'timeout' });
    this.finish();
    this.quic.close();
  }

  // The Stream-level hooks: QUIC reports through StreamHandler; these keep HttpConnection's shape.
  onDeliver(): void {}
  onPeerFin(): void {}
  onWritable(): void {}

  onClosed(): void {
    this.finish();
  }

  close(): void {
    if (this.finished) return;
    this.finished = true;
    this.exchanges.unwatch();
    this.quic.close();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.exchanges.unwatch();
    this.exchanges.cutThinking();
    const lost = [...[...this.streams.values()].map((s) => s.request), ...this.assigned];
    this.streams.clear();
    this.assigned = [];
    if (lost.length > 0) this.events.onLost(lost, this.exchanges.answered > 0);
    this.events.onFinished();
  }
}
