// The HTTP client (a libwww-like robot): loads a page, learns the embedded objects as the HTML
// arrives, and asks for them over connections as its mode's strategy allows (strategies.ts).
// What a closing connection loses is asked for again, and the trace says so.
import type { AppHandlers, Network } from '../network';
import { paramsOfLoad, requestBytes, type HttpParams } from '../params';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import type { LoadRecord, Side } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import { ClientConnection } from './clientConnection';
import { requestKind, responseWrites, type HttpRequest } from './request';
import type { ServerHost } from './server';
import type { ConnectionEvents } from './clientBase';
import { TlsConnection } from '../tls/session';
import {
  CLIENT_STRATEGIES,
  GETALL,
  type ClientStrategy,
  type Dispatcher,
  type HttpConnection,
} from './strategies';
import { H2ClientConnection } from './h2client';
import { requireHttp3, type Http3Support } from './http3Support';

/** The server's end of a connection, whatever its HTTP version. */
type ServerSide = ReturnType<ServerHost['accept']>;

/** Connections in a row that may close on a request without answering anything before the object is given up. */
const MAX_FRUITLESS_ATTEMPTS = 5;

/**
 * A set of a page's objects (GETALL, -1, included), as flags by object: the client asks it of every
 * object on each piece of HTML that arrives, where a Set's hashing showed in profiles.
 */
class ObjectSet {
  /** By object + 1; an object never added reads as a hole, undefined. */
  private readonly flags: boolean[] = [];
  size = 0;

  has(object: number): boolean {
    return this.flags[object + 1] === true;
  }

  add(object: number): void {
    if (this.has(object)) return;
    this.flags[object + 1] = true;
    this.size++;
  }

  /** Empty again, for the next load (one set for the run rather than a new one per load). */
  clear(): void {
    if (this.size === 0) return; // as at a run's first load: setting an array's length is a slow call
    this.flags.length = 0;
    this.size = 0;
  }
}

interface Want {
  object: number;
  attempt: number;
  fruitless: number; // attempts lost on connections that answered nothing
  queuedNs: Nanoseconds;
  thoughtBefore: boolean;
}

/** The client is its own strategy's dispatcher (Dispatcher) and hears its connections (ConnectionEvents). */
export class HttpClient implements ConnectionEvents, Dispatcher<Want> {
  private readonly conns: HttpConnection[] = [];
  readonly queue: Want[] = [];
  /** Connections not finished when the strategy last dispatched: a fresh list for each dispatch. */
  open: HttpConnection[] = this.conns;
  private load = -1;
  private readonly known = new ObjectSet();
  private readonly settled = new ObjectSet(); // complete or given up, this load (objects it knew of)
  private htmlBodyBytes: Bytes = 0;
  private readonly strategy: ClientStrategy;
  private readonly loads: LoadRecord[] = [];
  private p: HttpParams; // the current load's
  private busyUntilNs: Nanoseconds = 0; // handling responses: no socket is read before then

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly network: Network,
    private readonly base: HttpParams,
    private readonly server: ServerHost,
    private readonly http3: Http3Support | null,
  ) {
    this.p = base;
    this.strategy = CLIENT_STRATEGIES[base.mode];
  }

  start(): void {
    this.startLoad(0);
  }

  private startLoad(index: number): void {
    this.load = index;
    this.p = paramsOfLoad(this.base, index); // this load's page, and the time to the next
    this.known.clear();
    this.settled.clear();
    this.htmlBodyBytes = 0;
    const page = this.p.objects[0].url;
    this.loads.push(this.sink.load({ index: 0, page, startNs: this.sim.now, endNs: null }));
    this.event('load-start');
    for (const object of this.strategy.firstWants(this.p)) this.want(object, 1);
    this.dispatch();
  }

  private want(object: number, attempt: number): void {
    if (attempt === 1 && this.known.has(object)) return;
    this.known.add(object);
    this.queue.push({ object, attempt, fruitless: 0, queuedNs: this.sim.now, thoughtBefore: false });
  }

  // ---- Handing requests to connections ------------------------------------------------------

  private dispatch(): void {
    const open: HttpConnection[] = [];
    for (const c of this.conns) if (!c.finished) open.push(c);
    this.open = open; // a fresh list: a dispatch inside this one must not change ours
    this.strategy.dispatch<Want>(this, this.p);
  }

  /** Open a connection and give it the first `take` queued requests. */
  openWith(take: number): HttpConnection {
    let connection: HttpConnection | null = null;
    this.network.open((tcp) => {
      const tls =
        this.p.tls && this.p.tls.version !== 'none' && this.p.mode !== '3' // QUIC carries its own TLS
          ? new TlsConnection(this.sim, this.sink, tcp, this.p.tls)
          : null;
      const pair = tls?.pair ?? tcp;
      const server = this.server.accept(pair);
      const Connection =
        this.p.mode === '2'
          ? H2ClientConnection
          : this.p.mode === '3'
            ? requireHttp3(this.http3).Client
            : ClientConnection;
      connection = new Connection(this.sim, this.sink, pair, this.p, this);
      const handlers = new BothEnds(connection, server);
      return tls ? tls.wrap(handlers) : handlers;
    });
    const c = connection!;
    this.conns.push(c);
    for (let i = 0; i < take && this.queue.length > 0; i++) this.assign(c, this.queue.shift()!);
    return c;
  }

  assign(c: HttpConnection, want: Want): void {
    const kind = requestKind(this.p, this.strategy, want.object);
    const writes = responseWrites(this.p, kind, want.object);
    const exchange = this.sink.exchange({
      id: 0,
      conn: c.conn,
      object: want.object,
      label: want.object === GETALL ? 'GETALL' : this.p.objects[want.object].url,
      kind,
      load: this.load,
      attempt: want.attempt,
      requestBytes: requestBytes(this.p, want.object),
      responseBytes: writes.reduce((a, b) => a + b, 0),
      queuedNs: want.queuedNs,
      startNs: -1,
      firstByteNs: null,
      endNs: null,
      lost: false,
    });
    c.send({
      object: want.object,
      kind,
      requestBytes: exchange.requestBytes,
      responseWrites: writes,
      exchange,
      fruitless: want.fruitless,
      thoughtBefore: want.thoughtBefore,
    });
  }

  // ---- Responses: what every connection reports back (ConnectionEvents: the client itself) --

  /** Parse the HTML as it arrives: each reference becomes a request once its bytes are in. */
  onResponseBytes(request: HttpRequest, received: Bytes): void {
    if (request.object !== 0 || request.kind !== 'GET') return;
    this.htmlBodyBytes = Math.max(0, received - this.p.responseHeaderBytes);
    let found = false;
    const objects = this.p.objects;
    for (let i = 1; i < objects.length; i++) {
      if (!this.known.has(i) && objects[i].refOffsetBytes <= this.htmlBodyBytes) {
        this.want(i, 1);
        found = true;
      }
    }
    if (found) this.dispatch();
  }

  onResponseDone(request: HttpRequest): void {
    this.handle(request);
    if (request.object === 0 && request.kind === 'CGET' && this.p.revalidateHtmlFirst) {
      // The HTML has not changed: the images are read from its cached copy.
      for (let i = 1; i < this.p.objects.length; i++) this.want(i, 1);
    }
    this.settled.add(request.object);
    this.checkLoadDone();
    this.dispatch();
  }

  /**
   * One process handles each response with a body (parsing it, writing its cache files), one after
   * another, reading no socket meanwhile; it reads what has arrived between two of them.
   */
  private handle(request: HttpRequest): void {
    if (this.p.clientParseNs <= 0 || (request.kind !== 'GET' && request.kind !== 'GETALL')) return;
    const startNs = Math.max(this.busyUntilNs, this.sim.now);
    const endNs = startNs + this.p.clientParseNs;
    this.busyUntilNs = endNs;
    this.sim.at(startNs, () => {
      for (const c of this.conns) if (!c.finished) c.holdReads(endNs);
    });
  }

  onFinished(): void {
    this.dispatch();
  }

  onLost(lost: HttpRequest[], answeredAny: boolean): void {
    for (const r of lost) {
      r.exchange.lost = true;
      const fruitless = answeredAny ? 0 : r.fruitless + 1;
      if (fruitless >= MAX_FRUITLESS_ATTEMPTS) {
        this.settled.add(r.object);
        continue;
      }
      this.event('retry', r.exchange.id);
      this.queue.push({
        object: r.object,
        attempt: r.exchange.attempt + 1,
        fruitless,
        queuedNs: this.sim.now,
        thoughtBefore: r.thoughtBefore || r.exchange.startNs >= 0,
      });
    }
    this.queue.sort((a, b) => a.object - b.object);
    this.checkLoadDone();
    this.dispatch();
  }

  /** Done when everything the client came to know of is complete or given up on. */
  private checkLoadDone(): void {
    if (this.queue.length > 0 || this.loads[this.load].endNs !== null) return;
    for (const c of this.conns) if (c.busy) return;
    if (this.settled.size < this.known.size) return; // an object known is neither complete nor given up
    this.loads[this.load].endNs = this.sim.now;
    this.event('load-end');
    if (this.load + 1 < this.p.loads) {
      // Like a refresh timer set when the page starts loading: the next load starts `loadGapNs`
      // after this one started, or at once if this one took longer.
      const startNs = this.loads[this.load].startNs + this.p.loadGapNs;
      this.sim.at(Math.max(this.sim.now, startNs), () => this.startLoad(this.load + 1));
    } else {
      for (const c of this.conns) c.close();
    }
  }

  private event(kind: 'load-start' | 'load-end' | 'retry', exchange?: number): void {
    this.sink.event({ atNs: this.sim.now, conn: -1, side: 'client', kind, exchange });
  }
}

/** A connection's application at both ends: what each stream end reports goes to its side. */
class BothEnds implements AppHandlers {
  constructor(
    private readonly client: HttpConnection,
    private readonly server: ServerSide,
  ) {}

  onEstablished(side: Side, transportUpNs?: Nanoseconds): void {
    if (side === 'client') this.client.onEstablished(transportUpNs);
  }

  onDeliver(side: Side, bytes: Bytes): void {
    if (side === 'client') this.client.onDeliver(bytes);
    else this.server.onDeliver(bytes);
  }

  onHeld(side: Side, offset: Bytes, bytes: Bytes): void {
    if (side === 'client' && this.client instanceof H2ClientConnection) this.client.onHeld(offset, bytes);
  }

  onPeerFin(side: Side): void {
    if (side === 'client') this.client.onPeerFin();
    else this.server.onPeerFin();
  }

  onWritable(side: Side): void {
    if (side === 'client') this.client.onWritable();
    else this.server.onWritable();
  }

  onClosed(side: Side): void {
    if (side === 'client') this.client.onClosed();
    else this.server.onClosed();
  }
}
