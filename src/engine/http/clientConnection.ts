// The client's side of one connection: writes requests (at once, or through the pipelining
// buffer), matches response bytes to requests in order, and hands back what a close lost.
import type { ConnectionPair } from '../network';
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import { Timer } from '../sim';
import type { TraceSink } from '../sink';
import type { MilestoneKind } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import type { HttpRequest } from './request';
import { CLIENT_STRATEGIES } from './strategies';
import { AppWriter } from './writer';

export interface ConnectionEvents {
  onResponseBytes(request: HttpRequest, receivedSoFar: Bytes): void;
  onResponseDone(request: HttpRequest): void;
  onLost(requests: HttpRequest[], answeredAny: boolean): void;
  onFinished(): void;
}

const total = (r: HttpRequest) => r.exchange.responseBytes;

/** A browser gives up on a connection that has owed it a response, silently, this long. */
export const RESPONSE_TIMEOUT_NS: Nanoseconds = 60e9;

export class ClientConnection {
  readonly conn: number;
  finished = false;
  private established = false;
  private readonly openedNs: Nanoseconds;
  private readonly writer: AppWriter;
  private assigned: HttpRequest[] = []; // given to this connection, not yet written
  private outstanding: HttpRequest[] = []; // written, response not complete
  private received: Bytes = 0; // bytes of the oldest outstanding response
  private answered = 0; // responses completed on this connection
  private pipe: HttpRequest[] = []; // buffered by the pipelining client
  private pipeBytes: Bytes = 0;
  private pipeSinceNs: Nanoseconds = 0;
  private readonly pipeTimer: Timer;
  private readonly silenceTimer: Timer; // no byte of an awaited response for RESPONSE_TIMEOUT_NS
  private closedUnseen = false; // the server closed while we were idle, and we have not noticed

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly pair: ConnectionPair,
    private readonly p: HttpParams,
    private readonly events: ConnectionEvents,
  ) {
    this.conn = pair.conn;
    this.openedNs = sim.now;
    this.writer = new AppWriter(pair.client, pair.content.c2s);
    this.pipeTimer = new Timer(sim, () => this.flushPipe(true));
    this.silenceTimer = new Timer(sim, () => this.giveUp());
  }

  /** Nothing assigned, nothing awaited: a Keep-Alive client may reuse it. */
  get idle(): boolean {
    return !this.finished && !this.busy;
  }

  get busy(): boolean {
    return this.assigned.length + this.outstanding.length + this.pipe.length > 0;
  }

  send(request: HttpRequest): void {
    this.assigned.push(request);
    if (this.established) this.writeAfterThinking(request);
  }

  /** `transportUpNs`: TCP's handshake ended then, before TLS's (which records its own stall). */
  onEstablished(transportUpNs: Nanoseconds = this.sim.now): void {
    this.established = true;
    if (this.assigned.length > 0 && transportUpNs > this.openedNs) {
      this.sink.stall({
        conn: this.conn,
        side: 'client',
        startNs: this.openedNs,
        endNs: transportUpNs,
        cause: 'handshake',
      });
    }
    for (const r of this.assigned) this.writeAfterThinking(r);
  }

  private writeAfterThinking(request: HttpRequest): void {
    const readyNs = this.sim.now;
    this.sim.after(this.p.clientThinkNs, () => {
      if (this.finished || !this.assigned.includes(request)) return;
      if (this.sim.now > readyNs) {
        this.sink.stall({
          conn: this.conn,
          side: 'client',
          startNs: readyNs,
          endNs: this.sim.now,
          cause: 'client-think',
        });
      }
      this.assigned.splice(this.assigned.indexOf(request), 1);
      if (CLIENT_STRATEGIES[this.p.mode].pipelined) this.appendToPipe(request);
      else this.writeNow([request]);
    });
  }

  /** Requests go out together as one write, so they can share a segment. */
  private writeNow(requests: HttpRequest[]): void {
    for (const r of requests) {
      r.exchange.startNs = this.sim.now;
      this.outstanding.push(r);
      this.sink.event({
        atNs: this.sim.now,
        conn: this.conn,
        side: 'client',
        kind: 'request-write',
        bytes: r.requestBytes,
        exchange: r.exchange.id,
      });
      this.milestone('request-sent', r);
    }
    this.writer.writeMessages(requests.map((r) => ({ bytes: r.requestBytes, tag: r })));
    this.armSilenceTimer();
  }

  private armSilenceTimer(): void {
    if (this.outstanding.length > 0) this.silenceTimer.set(this.sim.now + RESPONSE_TIMEOUT_NS);
    else this.silenceTimer.cancel();
  }

  /** A lost RST or FIN can leave a connection that will never answer: reset it and ask again. */
  private giveUp(): void {
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: 'client', kind: 'timeout' });
    this.pair.client.reset();
    this.finish();
  }

  /** Nielsen 4.1: flush at `pipebuf` bytes or after `pipeflush`; the HTML request is flushed at once. */
  private appendToPipe(request: HttpRequest): void {
    this.pipe.push(request);
    this.pipeBytes += request.requestBytes;
    if (request.object === 0 || this.pipeBytes >= this.p.pipeBufferBytes) {
      this.flushPipe(false);
    } else if (!this.pipeTimer.pending) {
      this.pipeSinceNs = this.sim.now;
      this.pipeTimer.set(this.sim.now + this.p.pipeFlushNs);
    }
  }

  private flushPipe(byTimer: boolean): void {
    this.pipeTimer.cancel();
    if (this.pipe.length === 0) return;
    if (byTimer && this.sim.now > this.pipeSinceNs) {
      this.sink.stall({
        conn: this.conn,
        side: 'client',
        startNs: this.pipeSinceNs,
        endNs: this.sim.now,
        cause: 'flush-timer',
      });
    }
    this.sink.event({
      atNs: this.sim.now,
      conn: this.conn,
      side: 'client',
      kind: 'request-flush',
      bytes: this.pipeBytes,
    });
    const batch = this.pipe;
    this.pipe = [];
    this.pipeBytes = 0;
    this.writeNow(batch);
  }

  onWritable(): void {
    this.writer.flush();
  }

  /** The client application is busy until then: the socket is not read. */
  holdReads(untilNs: Nanoseconds): void {
    this.pair.client.holdReads?.(untilNs);
  }

  onDeliver(bytes: Bytes): void {
    while (bytes > 0 && this.outstanding.length > 0) {
      const head = this.outstanding[0];
      const take = Math.min(bytes, total(head) - this.received);
      if (this.received === 0 && take > 0) {
        head.exchange.firstByteNs = this.sim.now;
        this.milestone('first-byte', head);
      }
      this.received += take;
      bytes -= take;
      this.events.onResponseBytes(head, this.received);
      if (this.received < total(head)) break;
      head.exchange.endNs = this.sim.now;
      this.milestone('done', head);
      this.sink.event({
        atNs: this.sim.now,
        conn: this.conn,
        side: 'client',
        kind: 'response-done',
        bytes: total(head),
        exchange: head.exchange.id,
      });
      this.outstanding.shift();
      this.received = 0;
      this.answered++;
      this.events.onResponseDone(head);
    }
    this.armSilenceTimer();
  }

  /** The server closed: what it did not answer is lost, and we close too. */
  onPeerFin(): void {
    const reusable = !CLIENT_STRATEGIES[this.p.mode].onePerConnection;
    if (this.p.staleDiscovery && reusable && !this.busy) {
      // A browser that does not poll its idle connections: the FIN sits in the socket until the
      // next request is written and meets the server's RST (Kruse 4.2).
      this.closedUnseen = true;
      return;
    }
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
    this.pipeTimer.cancel();
    this.silenceTimer.cancel();
    this.pair.client.close();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.pipeTimer.cancel();
    this.silenceTimer.cancel();
    const lost = [...this.outstanding, ...this.pipe, ...this.assigned];
    if (this.closedUnseen && lost.length > 0) this.staleStall(lost);
    this.outstanding = [];
    this.pipe = [];
    this.assigned = [];
    this.received = 0;
    if (lost.length > 0) this.events.onLost(lost, this.answered > 0);
    this.events.onFinished();
  }

  /** From the request written on the closed connection to the RST that says so. */
  private staleStall(lost: HttpRequest[]): void {
    const written = lost.map((r) => r.exchange.startNs).filter((t) => t >= 0);
    const startNs = written.length > 0 ? Math.min(...written) : this.sim.now;
    if (startNs >= this.sim.now) return; // written and refused in the same instant: no wait to show
    this.sink.stall({
      conn: this.conn,
      side: 'client',
      startNs,
      endNs: this.sim.now,
      cause: 'stale-connection',
    });
  }

  private milestone(kind: MilestoneKind, request: HttpRequest): void {
    this.sink.milestone({ atNs: this.sim.now, conn: this.conn, kind, exchange: request.exchange.id });
  }
}
