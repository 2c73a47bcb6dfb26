// The server's side of HTTP/3 (RFC 9114): it reads each request from its stream, prepares the
// responses in parallel, and writes each on its request's stream as a HEADERS frame and a DATA
// frame, ending the stream. How the ready responses share the packets is QUIC's scheduling rule
// (endpoint.ts: round robin over the streams, a packet at a time).
import type { ConnectionPair } from '../network';
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import type { Bytes } from '../units';
import { MessageReader } from '../messages';
import type { HttpRequest } from '../http/request';
import type { QuicEndpoint, StreamHandler } from './endpoint';
import { CONTROL_STREAM, frame, responseHeadersFrame } from './h3frames';
import { streamContent, type H3Message } from './h3streams';

const DATA_FRAME_PAYLOAD: Bytes = 16_384;

export class H3ServerConnection implements StreamHandler {
  private readonly quic: QuicEndpoint;
  private readonly readers = new Map<number, MessageReader<H3Message>>();
  private responsesSent = 0;
  private closed = false;

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly pair: ConnectionPair,
    private readonly p: HttpParams,
  ) {
    this.quic = pair.server as QuicEndpoint;
    this.quic.handler = this;
    // RFC 9114 6.2.1: the server's control stream and SETTINGS, sent once it has 1-RTT keys.
    this.quic.writeStream(this.quic.openStream(false), CONTROL_STREAM, false);
  }

  onStreamData(id: number, bytes: Bytes): void {
    if (id % 4 !== 0) return; // only the client's bidirectional streams carry requests
    let reader = this.readers.get(id);
    if (!reader)
      this.readers.set(id, (reader = new MessageReader(streamContent(this.pair.content, id, 'c2s'))));
    for (const m of reader.read(bytes)) if (m.type === 'headers') this.prepare(id, m.request);
  }

  onStreamFin(): void {}

  private prepare(id: number, request: HttpRequest): void {
    if (this.closed) return;
    const conn = this.pair.conn;
    this.sink.event({
      atNs: this.sim.now,
      conn,
      side: 'server',
      kind: 'request-read',
      bytes: request.requestBytes,
      exchange: request.exchange.id,
    });
    const total = request.responseWrites.reduce((a, b) => a + b, 0);
    const readNs = this.sim.now;
    this.sim.after(this.p.serverThinkNs + Math.round(total * this.p.serverNsPerByte), () => {
      if (this.closed) return;
      if (this.sim.now > readNs)
        this.sink.stall({
          conn,
          side: 'server',
          startNs: readNs,
          endNs: this.sim.now,
          cause: 'server-think',
        });
      this.respond(id, request, total);
    });
  }

  /** HEADERS (QPACK-sized), then the body in DATA frames of up to 16 KB (so the client reads an
   * HTML page as it comes); the stream ends with the last. */
  private respond(id: number, request: HttpRequest, total: Bytes): void {
    const head = request.kind === 'GET' ? this.p.responseHeaderBytes : this.p.notModifiedBytes;
    const content = streamContent(this.pair.content, id, 's2c');
    const headers = responseHeadersFrame(head, this.responsesSent++ === 0);
    let left = Math.max(0, total - head);
    content.append(headers, { type: 'headers', request, end: left === 0 });
    this.written(headers, request);
    let bytes = headers;
    while (left > 0) {
      const n = Math.min(left, DATA_FRAME_PAYLOAD);
      left -= n;
      content.append(frame(n), { type: 'data', bytes: n, end: left === 0 });
      this.written(frame(n), request);
      bytes += frame(n);
    }
    this.quic.writeStream(id, bytes, true);
  }

  private written(bytes: Bytes, request: HttpRequest): void {
    this.sink.event({
      atNs: this.sim.now,
      conn: this.pair.conn,
      side: 'server',
      kind: 'response-write',
      bytes,
      exchange: request.exchange.id,
    });
  }

  // The Stream-level hooks: QUIC reports through StreamHandler; these keep the server's shape.
  onDeliver(): void {}
  onPeerFin(): void {}
  onWritable(): void {}

  onClosed(): void {
    this.closed = true;
  }
}
