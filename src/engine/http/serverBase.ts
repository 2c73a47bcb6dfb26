// What every HTTP server connection does, whatever its version: reads requests from the bytes
// it receives (each a tagged message), prepares each response for the server's think time
// (recorded as a `server-think` stall), and writes responses as tagged messages the client
// reads. A version (HTTP/1.x in server.ts, HTTP/2 in h2server.ts) says in what order and how
// responses share the connection.
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import type { Stream } from '../transport';
import type { Bytes, Nanoseconds } from '../units';
import { MessageReader, type StreamContent } from '../messages';
import type { HttpRequest } from './request';
import { AppWriter } from './writer';

/** Every byte of a request's response, headers included. */
export const responseTotal = (r: HttpRequest): Bytes => r.responseWrites.reduce((a, b) => a + b, 0);

export abstract class ServerConnectionBase<Incoming> {
  protected readonly writer: AppWriter;
  protected readonly reader: MessageReader<Incoming>;

  constructor(
    protected readonly sim: Sim,
    protected readonly sink: TraceSink,
    protected readonly conn: number,
    protected readonly socket: Stream,
    incoming: StreamContent,
    protected readonly outgoing: StreamContent,
    protected readonly p: HttpParams,
  ) {
    this.reader = new MessageReader(incoming as StreamContent<Incoming>);
    this.writer = new AppWriter(socket, outgoing);
  }

  abstract onDeliver(bytes: Bytes): void;
  abstract onPeerFin(): void;
  abstract onClosed(): void;

  onWritable(): void {
    this.writer.flush();
  }

  protected requestRead(request: HttpRequest): void {
    this.sink.event({
      atNs: this.sim.now,
      conn: this.conn,
      side: 'server',
      kind: 'request-read',
      bytes: request.requestBytes,
      exchange: request.exchange.id,
    });
  }

  /** The server's time to prepare a response: per request, per byte, and `extraNs` more. */
  protected thinkNs(request: HttpRequest, extraNs: Nanoseconds = 0): Nanoseconds {
    return this.p.serverThinkNs + Math.round(responseTotal(request) * this.p.serverNsPerByte) + extraNs;
  }

  /** The server thought from `readNs`, when it had the request, until now. */
  protected thought(readNs: Nanoseconds): void {
    if (this.sim.now > readNs)
      this.sink.stall({
        conn: this.conn,
        side: 'server',
        startNs: readNs,
        endNs: this.sim.now,
        cause: 'server-think',
      });
  }

  protected responseWrite(request: HttpRequest, bytes: Bytes): void {
    this.sink.event({
      atNs: this.sim.now,
      conn: this.conn,
      side: 'server',
      kind: 'response-write',
      bytes,
      exchange: request.exchange.id,
    });
  }
}
