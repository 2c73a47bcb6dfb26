// What every HTTP client connection records of its exchanges, whatever its version or transport
// (HTTP/1.x and HTTP/2 over TCP: clientBase.ts; HTTP/3 over QUIC: h3client.ts): the think before
// each request, the request written, the response's first byte and its end; and it watches for
// a connection that owes responses and says nothing for RESPONSE_TIMEOUT_NS.
//
// The think time runs from knowing a request to writing it, and is recorded as a client-think
// stall: when the request is written, or when a close cuts the wait short (a server's keep-alive
// timeout closing the connection under a thinking client; the request is asked again elsewhere),
// so that time reads as thinking, not as idle.
import type { Sim } from '../sim';
import { Timer } from '../timer';
import type { TraceSink } from '../sink';
import type { AppEvent, MilestoneKind } from '../trace';
import type { Nanoseconds } from '../units';
import type { HttpRequest } from './request';

/** A client connection whose requests wait for its think time (one closure per request, not three). */
export interface ThinkingClient {
  /** Whether the request is still to be written (not lost with a closed connection). */
  stillWants(request: HttpRequest): boolean;
  writeThought(request: HttpRequest): void;
}

/** A browser gives up on a connection that has owed it a response, silently, this long. */
export const RESPONSE_TIMEOUT_NS: Nanoseconds = 60e9;

export class ClientExchanges {
  /** Responses completed on this connection. */
  answered = 0;
  /** When each think under way began, oldest first: thinks all last as long, so they end in order. */
  private readonly thinkStarts: Nanoseconds[] = [];
  private thinksOver = 0;
  private readonly silenceTimer: Timer;

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly conn: number,
    private readonly thinkNs: Nanoseconds,
    private readonly events: { onResponseDone(r: HttpRequest): void },
    /** The connection owed responses and said nothing for RESPONSE_TIMEOUT_NS. */
    onSilent: () => void,
  ) {
    this.silenceTimer = new Timer(sim, onSilent);
  }

  /** Something was heard or sent: while `awaited` responses are owed, silence is timed from now. */
  watch(awaited: number): void {
    if (awaited > 0) this.silenceTimer.set(this.sim.now + RESPONSE_TIMEOUT_NS);
    else this.silenceTimer.cancel();
  }

  unwatch(): void {
    this.silenceTimer.stop();
  }

  /** Think about `request`, then, if the client still wants it, record the wait and have it written. */
  think(request: HttpRequest, client: ThinkingClient): void {
    // Asked again after its connection closed under it, a request written before is written as
    // soon as the new connection is up: it was thought about once (Kruse et al. 1998, 4.2: such a
    // retrieval costs the new connection's round trips).
    if (request.thoughtBefore) {
      this.sim.after(0, () => {
        if (client.stillWants(request)) client.writeThought(request);
      });
      return;
    }
    const readyNs = this.sim.now;
    this.thinkStarts.push(readyNs);
    this.sim.after(this.thinkNs, () => {
      this.thinksOver++;
      if (!client.stillWants(request)) return;
      this.thought(readyNs);
      client.writeThought(request);
    });
  }

  /** The connection closed: a think under way ends here, its request unwritten. */
  cutThinking(): void {
    if (this.thinksOver < this.thinkStarts.length) this.thought(this.thinkStarts[this.thinksOver]);
  }

  /** A request is on its way: the trace says so. */
  requestWritten(r: HttpRequest, note?: string): void {
    r.exchange.startNs = this.sim.now;
    const event: AppEvent = {
      atNs: this.sim.now,
      conn: this.conn,
      side: 'client',
      kind: 'request-write',
      bytes: r.requestBytes,
      exchange: r.exchange.id,
    };
    if (note !== undefined) event.note = note; // last, as the trace's JSON has it (not a spread: a copy per request)
    this.sink.event(event);
    this.milestone('request-sent', r);
  }

  responseBegan(r: HttpRequest): void {
    r.exchange.firstByteNs = this.sim.now;
    this.milestone('first-byte', r);
  }

  /** Call once the request is no longer awaited. */
  responseDone(r: HttpRequest): void {
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

  private thought(startNs: Nanoseconds): void {
    if (this.sim.now > startNs)
      this.sink.stall({
        conn: this.conn,
        side: 'client',
        startNs,
        endNs: this.sim.now,
        cause: 'client-think',
      });
  }

  private milestone(kind: MilestoneKind, request: HttpRequest): void {
    this.sink.milestone({ atNs: this.sim.now, conn: this.conn, kind, exchange: request.exchange.id });
  }
}
