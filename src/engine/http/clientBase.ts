// What every HTTP client connection does, whatever its version: takes requests assigned to it,
// writes each after the client's think time once the connection is up (recording the handshake
// stall), records request, first-byte and done, gives up on a connection silent for
// RESPONSE_TIMEOUT_NS, and on a close hands back what it did not get. A version (HTTP/1.x in
// clientConnection.ts, HTTP/2 in h2client.ts) says how a request is written and how response
// bytes are read.
import type { ConnectionPair } from '../network';
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import { Timer } from '../timer';
import type { TraceSink } from '../sink';
import type { MilestoneKind, StallCause } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import type { HttpRequest } from './request';
import { ClientThink } from './think';
import { AppWriter } from './writer';

export interface ConnectionEvents {
  onResponseBytes(request: HttpRequest, receivedSoFar: Bytes): void;
  onResponseDone(request: HttpRequest): void;
  onLost(requests: HttpRequest[], answeredAny: boolean): void;
  onFinished(): void;
}

/** A browser gives up on a connection that has owed it a response, silently, this long. */
export const RESPONSE_TIMEOUT_NS: Nanoseconds = 60e9;

export abstract class ClientConnectionBase {
  readonly conn: number;
  finished = false;
  private established = false;
  private readonly openedNs: Nanoseconds;
  protected readonly writer: AppWriter;
  protected assigned: HttpRequest[] = []; // given to this connection, not yet written
  private answered = 0; // responses completed on this connection
  private readonly silenceTimer: Timer; // no byte of an awaited response for RESPONSE_TIMEOUT_NS
  private readonly think: ClientThink;

  constructor(
    protected readonly sim: Sim,
    protected readonly sink: TraceSink,
    protected readonly pair: ConnectionPair,
    protected readonly p: HttpParams,
    protected readonly events: ConnectionEvents,
  ) {
    this.conn = pair.conn;
    this.openedNs = sim.now;
    this.writer = new AppWriter(pair.client, pair.content.c2s);
    this.silenceTimer = new Timer(sim, () => this.giveUp());
    this.think = new ClientThink(sim, sink, this.conn, p.clientThinkNs);
  }

  /** Requests written whose response is not complete. */
  protected abstract get awaited(): number;
  /** Write a request whose think time is over. */
  protected abstract write(request: HttpRequest): void;
  /** `bytes` more of the server's stream were delivered, in order. */
  abstract onDeliver(bytes: Bytes): void;
  /** The connection closed: take the requests written or held that will never be answered. */
  protected abstract takeUnanswered(): HttpRequest[];

  /** Nothing assigned, nothing awaited: a Keep-Alive client may reuse it. */
  get idle(): boolean {
    return !this.finished && !this.busy;
  }

  get busy(): boolean {
    return this.assigned.length + this.awaited > 0;
  }

  send(request: HttpRequest): void {
    this.assigned.push(request);
    if (this.established) this.writeAfterThinking(request);
  }

  /** `transportUpNs`: TCP's handshake ended then, before TLS's (which records its own stall). */
  onEstablished(transportUpNs: Nanoseconds = this.sim.now): void {
    this.established = true;
    if (this.assigned.length > 0 && transportUpNs > this.openedNs)
      this.stall('handshake', this.openedNs, transportUpNs);
    this.openSession();
    for (const r of this.assigned) this.writeAfterThinking(r);
  }

  /** What a version writes first on a new connection (HTTP/2's preface). */
  protected openSession(): void {}

  private writeAfterThinking(request: HttpRequest): void {
    this.think.start(
      () => !this.finished && this.assigned.includes(request),
      () => {
        this.assigned.splice(this.assigned.indexOf(request), 1);
        this.write(request);
      },
    );
  }

  /** A request is on its way: the trace says so. */
  protected requestWritten(r: HttpRequest, note?: string): void {
    r.exchange.startNs = this.sim.now;
    this.sink.event({
      atNs: this.sim.now,
      conn: this.conn,
      side: 'client',
      kind: 'request-write',
      bytes: r.requestBytes,
      exchange: r.exchange.id,
      ...(note === undefined ? {} : { note }),
    });
    this.milestone('request-sent', r);
  }

  protected responseBegan(r: HttpRequest): void {
    r.exchange.firstByteNs = this.sim.now;
    this.milestone('first-byte', r);
  }

  /** Call once the request is no longer awaited. */
  protected responseDone(r: HttpRequest): void {
    r.exchange.endNs = this.sim.now;
    this.milestone('done', r);
    this.sink.event({
      atNs: this.sim.now,
      conn: this.conn,
      side: 'client',
      kind: 'response-done',
      bytes: r.exchange.responseBytes,
      exchange: r.exchange.id,
    });
    this.answered++;
    this.events.onResponseDone(r);
  }

  protected armSilenceTimer(): void {
    if (this.awaited > 0) this.silenceTimer.set(this.sim.now + RESPONSE_TIMEOUT_NS);
    else this.silenceTimer.cancel();
  }

  /** A lost RST or FIN can leave a connection that will never answer: reset it and ask again. */
  private giveUp(): void {
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: 'client', kind: 'timeout' });
    this.pair.client.reset();
    this.finish();
  }

  onWritable(): void {
    this.writer.flush();
  }

  /** The client application is busy until then: the socket is not read. */
  holdReads(untilNs: Nanoseconds): void {
    this.pair.client.holdReads?.(untilNs);
  }

  /** The server closed: what it did not answer is lost, and we close too. */
  onPeerFin(): void {
    this.pair.client.close();
    this.finish();
  }

  onClosed(): void {
    this.finish();
  }

  /** The client is done with the page: close our side. */
  close(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopTimers();
    this.pair.client.close();
  }

  protected stopTimers(): void {
    this.silenceTimer.cancel();
  }

  protected finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopTimers();
    this.think.cut();
    const lost = [...this.takeUnanswered(), ...this.assigned];
    this.assigned = [];
    this.noteLost(lost);
    if (lost.length > 0) this.events.onLost(lost, this.answered > 0);
    this.events.onFinished();
  }

  /** What a version records of the requests a close lost, before they are asked again. */
  protected noteLost(lost: HttpRequest[]): void {
    void lost;
  }

  protected stall(cause: StallCause, startNs: Nanoseconds, endNs: Nanoseconds): void {
    this.sink.stall({ conn: this.conn, side: 'client', startNs, endNs, cause });
  }

  private milestone(kind: MilestoneKind, request: HttpRequest): void {
    this.sink.milestone({ atNs: this.sim.now, conn: this.conn, kind, exchange: request.exchange.id });
  }
}
