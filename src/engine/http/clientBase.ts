// What every HTTP client connection does, whatever its version: takes requests assigned to it,
// writes each after the client's think time once the connection is up (recording the handshake
// stall), records request, first-byte and done, gives up on a connection silent for
// RESPONSE_TIMEOUT_NS, and on a close hands back what it did not get. A version (HTTP/1.x in
// clientConnection.ts, HTTP/2 in h2client.ts) says how a request is written and how response
// bytes are read.
import type { ConnectionPair } from '../network';
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import type { StallCause } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import type { HttpRequest } from './request';
import { ClientExchanges, type ThinkingClient } from './clientExchanges';
import { AppWriter } from './writer';
import { removeAt } from './lists';

export interface ConnectionEvents {
  onResponseBytes(request: HttpRequest, receivedSoFar: Bytes): void;
  onResponseDone(request: HttpRequest): void;
  onLost(requests: HttpRequest[], answeredAny: boolean): void;
  onFinished(): void;
}

export abstract class ClientConnectionBase implements ThinkingClient {
  readonly conn: number;
  finished = false;
  private established = false;
  private readonly openedNs: Nanoseconds;
  protected readonly writer: AppWriter;
  protected assigned: HttpRequest[] = []; // given to this connection, not yet written
  protected readonly exchanges: ClientExchanges;

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
    this.exchanges = new ClientExchanges(sim, sink, this.conn, p.clientThinkNs, events, () => this.giveUp());
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
    this.exchanges.think(request, this);
  }

  stillWants(request: HttpRequest): boolean {
    return !this.finished && this.assigned.includes(request);
  }

  writeThought(request: HttpRequest): void {
    removeAt(this.assigned, this.assigned.indexOf(request));
    this.write(request);
  }

  protected armSilenceTimer(): void {
    this.exchanges.watch(this.awaited);
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
    this.exchanges.unwatch();
  }

  protected finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopTimers();
    this.exchanges.cutThinking();
    // Closed before it was ever up (a handshake given up, or reset): the requests waited on the
    // handshake all along (a SYN's retransmission before a TLS handshake that never ended had read
    // as idle).
    if (!this.established && this.assigned.length > 0 && this.sim.now > this.openedNs)
      this.stall('handshake', this.openedNs, this.sim.now);
    const lost = this.takeUnanswered().concat(this.assigned);
    this.assigned = [];
    this.noteLost(lost);
    if (lost.length > 0) this.events.onLost(lost, this.exchanges.answered > 0);
    this.events.onFinished();
  }

  /** What a version records of the requests a close lost, before they are asked again. */
  protected noteLost(lost: HttpRequest[]): void {
    void lost;
  }

  protected stall(cause: StallCause, startNs: Nanoseconds, endNs: Nanoseconds): void {
    this.sink.stall({ conn: this.conn, side: 'client', startNs, endNs, cause });
  }
}
