// The client's side of one HTTP/1.x connection: writes requests (at once, or through the
// pipelining buffer), reads each response from the server's stream as the message it is (the
// server tags every response with its request), and hands back what a close lost. What every
// version shares is in clientBase.ts.
import type { ConnectionPair } from '../network';
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import { Timer } from '../timer';
import type { TraceSink } from '../sink';
import type { Bytes, Nanoseconds } from '../units';
import { MessageReader, type PartHandler, type StreamContent } from '../messages';
import { ClientConnectionBase, type ConnectionEvents } from './clientBase';
import type { HttpRequest } from './request';
import { CLIENT_STRATEGIES, type ClientStrategy } from './strategies';
import { removeAt } from './lists';

export { type ConnectionEvents } from './clientBase';

export class ClientConnection extends ClientConnectionBase implements PartHandler<HttpRequest> {
  private readonly reader: MessageReader<HttpRequest>; // responses, found in the bytes received
  private outstanding: HttpRequest[] = []; // written, response not complete
  private pipe: HttpRequest[] = []; // buffered by the pipelining client
  private pipeBytes: Bytes = 0;
  private pipeSinceNs: Nanoseconds = 0;
  private pipeTimer: Timer | null = null; // made when a pipelining client first buffers
  private closedUnseen = false; // the server closed while we were idle, and we have not noticed
  /**
   * The mode's strategy, found once: asked on every request written and every read, where looking
   * it up by the mode's name was a keyed lookup by a string that varies between runs (megamorphic).
   */
  private readonly strategy: ClientStrategy;

  constructor(sim: Sim, sink: TraceSink, pair: ConnectionPair, p: HttpParams, events: ConnectionEvents) {
    super(sim, sink, pair, p, events);
    this.reader = new MessageReader(pair.content.s2c as StreamContent<HttpRequest>);
    this.strategy = CLIENT_STRATEGIES[p.mode];
  }

  protected get awaited(): number {
    return this.outstanding.length;
  }

  /**
   * Without Keep-Alive the server's close ends the connection, so silence is timed until it comes
   * too: its FIN lost, and the RSTs that answer our retransmissions after it, the connection would
   * wait for ever and hold its slot (a 1 kb/s link at 14% loss: the second load never ended).
   */
  protected override armSilenceTimer(): void {
    if (this.finished) return; // closed while it read (the page done): nothing more to wait for
    const awaitingClose = this.exchanges.answered > 0 && this.strategy.onePerConnection;
    this.exchanges.watch(awaitingClose ? Math.max(1, this.awaited) : this.awaited);
  }

  override get busy(): boolean {
    return super.busy || this.pipe.length > 0;
  }

  protected write(request: HttpRequest): void {
    if (this.strategy.pipelined) this.appendToPipe(request);
    else this.writeNow([request]);
  }

  /** Requests go out together as one write, so they can share a segment. */
  private writeNow(requests: HttpRequest[]): void {
    let bytes = 0;
    for (const r of requests) {
      this.outstanding.push(r);
      this.exchanges.requestWritten(r);
      this.writer.mark(r.requestBytes, r); // marked one by one: no list of messages made per write
      bytes += r.requestBytes;
    }
    this.writer.write(bytes);
    this.armSilenceTimer();
  }

  /** Nielsen 4.1: flush at `pipebuf` bytes or after `pipeflush`; the HTML request is flushed at once. */
  private appendToPipe(request: HttpRequest): void {
    this.pipe.push(request);
    this.pipeBytes += request.requestBytes;
    if (request.object === 0 || this.pipeBytes >= this.p.pipeBufferBytes) {
      this.flushPipe(false);
    } else if (!this.pipeTimer?.pending) {
      this.pipeSinceNs = this.sim.now;
      this.pipeTimer ??= new Timer(this.sim, () => this.flushPipe(true));
      this.pipeTimer.set(this.sim.now + this.p.pipeFlushNs);
    }
  }

  private flushPipe(byTimer: boolean): void {
    this.pipeTimer?.cancel();
    if (this.pipe.length === 0) return;
    if (byTimer && this.sim.now > this.pipeSinceNs) this.stall('flush-timer', this.pipeSinceNs, this.sim.now);
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

  onDeliver(bytes: Bytes): void {
    this.reader.eachPart(bytes, this);
    this.armSilenceTimer();
  }

  /** `received` bytes of the response to `r` are in. One to a request this connection gave up is not read. */
  onPart(r: HttpRequest, received: Bytes, complete: boolean): void {
    const at = this.outstanding.indexOf(r);
    if (at < 0) return;
    if (r.exchange.firstByteNs === null) this.exchanges.responseBegan(r);
    this.events.onResponseBytes(r, received);
    if (!complete) return;
    removeAt(this.outstanding, at);
    this.exchanges.responseDone(r);
  }

  override onPeerFin(): void {
    const reusable = !this.strategy.onePerConnection;
    if (this.p.staleDiscovery && reusable && !this.busy) {
      // A browser that does not poll its idle connections: the FIN sits in the socket until the
      // next request is written and meets the server's RST (Kruse 4.2).
      this.closedUnseen = true;
      return;
    }
    super.onPeerFin();
  }

  protected override stopTimers(): void {
    this.pipeTimer?.stop();
    super.stopTimers();
  }

  protected takeUnanswered(): HttpRequest[] {
    const lost = this.outstanding.concat(this.pipe);
    this.outstanding = [];
    this.pipe = [];
    return lost;
  }

  /** From the request written on the closed connection to the RST that says so. */
  protected override noteLost(lost: HttpRequest[]): void {
    if (!this.closedUnseen || lost.length === 0) return;
    const written = lost.map((r) => r.exchange.startNs).filter((t) => t >= 0);
    const startNs = written.length > 0 ? Math.min(...written) : this.sim.now;
    if (startNs >= this.sim.now) return; // written and refused in the same instant: no wait to show
    this.stall('stale-connection', startNs, this.sim.now);
  }
}
