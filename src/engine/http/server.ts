// The server side of one connection: reads requests in order, thinks, and writes responses —
// headers flushed alone or not, in write-size pieces, optionally buffered (Jigsaw), closing after
// HTTP/1.0 responses, after a maximum number of requests, or after an idle keep-alive timeout.
import type { ConnectionPair } from '../network';
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import { Timer } from '../timer';
import type { Stream } from '../transport';
import type { TraceSink } from '../sink';
import type { Bytes, Nanoseconds } from '../units';
import type { StreamContent } from '../messages';
import type { HttpRequest } from './request';
import { CLIENT_STRATEGIES } from './strategies';
import { H2ServerConnection } from './h2server';
import { ServerConnectionBase, responseTotal } from './serverBase';
import type { H3ServerConnection } from '../quic/h3server';
import { requireHttp3, type Http3Support } from './http3Support';

/**
 * The server's processes (Apache's children): each serves one connection at a time, holding it
 * while a Keep-Alive connection idles. When none is free, connections wait to be accepted and the
 * server starts another process, at most one a second (Apache 1.2, Kruse appendix A).
 */
export const SPAWN_INTERVAL_NS: Nanoseconds = 1e9;

export class ServerPool {
  private busy = 0;
  private processes: number;
  private waiting: ServerConnection[] = [];
  /** Connections a process is serving: read only to end spare processes, so kept only then. */
  private readonly held: Set<ServerConnection> | null;
  /** Made when first set: most runs never wait for a process nor end one. */
  private spawnTimer: Timer | null = null;
  private maintenanceTimer: Timer | null = null;

  constructor(
    private readonly sim: Sim,
    startProcesses: number,
    private readonly maxSpare = 0,
  ) {
    this.processes = startProcesses;
    this.held = maxSpare > 0 ? new Set() : null;
  }

  /**
   * Apache 1.2's MaxSpareServers: once a second, while more processes than `maxSpare` are idle, one
   * is ended. A process waiting on a Keep-Alive connection is counted as idle (an assumption: Kruse
   * 4.2 says only that the server closes connections on resource constraints), and ending it closes
   * the connection. Checked only while such a connection exists.
   */
  checkSpare(): void {
    if (this.maxSpare <= 0 || this.processes === 0 || this.maintenanceTimer?.pending) return;
    const idle = this.idleConnectionCount();
    if (idle === 0 || this.processes - this.busy + idle <= this.maxSpare) return;
    this.maintenanceTimer ??= new Timer(this.sim, () => this.endSpareProcess());
    this.maintenanceTimer.set(this.sim.now + SPAWN_INTERVAL_NS);
  }

  private idleConnections(): ServerConnection[] {
    return [...this.held!].filter((c) => c.keepAliveIdleSinceNs !== null);
  }

  /** How many idleConnections() there are, without making the list. */
  private idleConnectionCount(): number {
    let n = 0;
    for (const c of this.held!) if (c.keepAliveIdleSinceNs !== null) n++;
    return n;
  }

  private idleCount(): number {
    return this.processes - this.busy + this.idleConnections().length;
  }

  private endSpareProcess(): void {
    const idle = this.idleConnections();
    if (idle.length === 0 || this.idleCount() <= this.maxSpare) return;
    if (this.processes > this.busy) this.processes--;
    else {
      idle.sort((a, b) => a.keepAliveIdleSinceNs! - b.keepAliveIdleSinceNs!);
      this.processes--;
      idle[0].endProcess();
    }
    this.checkSpare();
  }

  request(conn: ServerConnection): void {
    this.waiting.push(conn);
    this.acceptWaiting();
  }

  release(conn: ServerConnection): void {
    const queued = this.waiting.indexOf(conn);
    if (queued >= 0) this.waiting.splice(queued, 1);
    else this.busy--;
    this.held?.delete(conn);
    this.acceptWaiting();
  }

  private acceptWaiting(): void {
    const unlimited = this.processes === 0;
    while (this.waiting.length > 0 && (unlimited || this.busy < this.processes)) {
      this.busy++;
      const conn = this.waiting.shift()!;
      this.held?.add(conn);
      conn.accept();
    }
    if (this.waiting.length === 0 || this.spawnTimer?.pending) return;
    this.spawnTimer ??= new Timer(this.sim, () => this.spawnProcess());
    this.spawnTimer.set(this.sim.now + SPAWN_INTERVAL_NS);
  }

  private spawnProcess(): void {
    this.processes++;
    this.acceptWaiting();
  }
}

/** The server host: accepts connections and makes a server connection for each, sharing one process pool. */
export class ServerHost {
  private readonly pool: ServerPool;

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly p: HttpParams,
    private readonly http3: Http3Support | null,
  ) {
    this.pool = new ServerPool(sim, p.serverProcesses, p.maxSpareProcesses);
  }

  accept(pair: ConnectionPair): ServerConnection | H2ServerConnection | H3ServerConnection {
    if (this.p.mode === '3') return new (requireHttp3(this.http3).Server)(this.sim, this.sink, pair, this.p);
    if (this.p.mode === '2') {
      const { conn, server, content } = pair;
      return new H2ServerConnection(this.sim, this.sink, conn, server, content.c2s, content.s2c, this.p);
    }
    const { conn, server, content } = pair;
    return new ServerConnection(
      this.sim,
      this.sink,
      conn,
      server,
      content.c2s,
      content.s2c,
      this.p,
      this.pool,
    );
  }
}

/** HTTP/1.x: one request at a time, in order, each response a message tagged with its request. */
export class ServerConnection extends ServerConnectionBase<HttpRequest> {
  private accepted = false;
  private released = false;
  private waiting: HttpRequest[] = []; // read, not yet answered
  private busy = false;
  private served = 0;
  private closing = false;
  private buffered: Bytes = 0; // response bytes held in the server's own buffer
  /** The keep-alive timeout's, made when first set (most runs' servers never wait for a next request). */
  private idleTimer: Timer | null = null;
  /** A request has waited since then for a process to take this connection; null when none waits. */
  private unacceptedSinceNs: Nanoseconds | null = null;
  /** Waiting for the next request on a Keep-Alive connection since then; null when not. */
  keepAliveIdleSinceNs: Nanoseconds | null = null;

  constructor(
    sim: Sim,
    sink: TraceSink,
    conn: number,
    socket: Stream,
    incoming: StreamContent,
    outgoing: StreamContent,
    p: HttpParams,
    private readonly pool: ServerPool,
  ) {
    super(sim, sink, conn, socket, incoming, outgoing, p);
    pool.request(this);
  }

  /** A process takes this connection: requests that arrived meanwhile are served now. */
  accept(): void {
    this.accepted = true;
    this.endProcessWait();
    this.serveNext();
  }

  /**
   * A request that waited for a process is a stall of the server's: without it, "where did the
   * time go" had called Kruse's waits for Apache's next process "idle: nothing waiting".
   */
  private endProcessWait(): void {
    const startNs = this.unacceptedSinceNs;
    this.unacceptedSinceNs = null;
    if (startNs !== null && this.sim.now > startNs)
      this.sink.stall({
        conn: this.conn,
        side: 'server',
        startNs,
        endNs: this.sim.now,
        cause: 'server-process',
      });
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    this.pool.release(this);
  }

  onDeliver(bytes: Bytes): void {
    for (const request of this.reader.read(bytes)) {
      if (this.closing) continue; // read after we decided to close: never answered
      this.requestRead(request);
      this.waiting.push(request);
    }
    if (!this.accepted && this.waiting.length > 0) this.unacceptedSinceNs ??= this.sim.now;
    this.idleTimer?.cancel();
    this.keepAliveIdleSinceNs = null;
    this.serveNext();
  }

  /** The server ends the process serving this idle connection: the connection closes with it. */
  endProcess(): void {
    this.close();
  }

  /** The client closed its half: finish what we owe, then close ours. */
  onPeerFin(): void {
    this.idleTimer?.cancel();
    this.writer.whenDrained(() => {
      if (!this.busy && this.waiting.length === 0) {
        this.socket.close();
        this.release();
      }
    });
  }

  private serveNext(): void {
    if (!this.accepted || this.busy || this.closing || this.waiting.length === 0) return;
    const request = this.waiting.shift()!;
    this.busy = true;
    const readNs = this.sim.now;
    this.sim.after(this.thinkNs(request, this.served === 0 ? this.p.serverAcceptNs : 0), () => {
      this.thought(readNs);
      this.respond(request);
      this.busy = false;
      this.served++;
      this.afterResponse();
    });
  }

  /** The response is one message tagged with its request, written in the server's pieces. */
  private respond(request: HttpRequest): void {
    this.writer.mark(responseTotal(request), request);
    for (const bytes of request.responseWrites) {
      this.responseWrite(request, bytes);
      if (this.p.serverBufferBytes > 0) this.bufferWrite(bytes);
      else this.writer.write(bytes);
    }
  }

  /** Jigsaw's response buffer: written out when full, or when no further request is waiting. */
  private bufferWrite(bytes: Bytes): void {
    this.buffered += bytes;
    while (this.buffered >= this.p.serverBufferBytes) {
      this.writer.write(this.p.serverBufferBytes);
      this.buffered -= this.p.serverBufferBytes;
    }
  }

  private afterResponse(): void {
    if (this.buffered > 0 && this.waiting.length === 0) {
      this.writer.write(this.buffered);
      this.buffered = 0;
    }
    const limit = CLIENT_STRATEGIES[this.p.mode].onePerConnection ? 1 : this.p.maxRequestsPerConnection;
    if (limit > 0 && this.served >= limit) {
      this.close();
      return;
    }
    if (this.waiting.length > 0) {
      this.serveNext();
      return;
    }
    if (this.p.keepAliveTimeoutNs > 0) {
      this.idleTimer ??= new Timer(this.sim, () => this.close());
      this.idleTimer.set(this.sim.now + this.p.keepAliveTimeoutNs);
    }
    this.keepAliveIdleSinceNs = this.sim.now;
    this.pool.checkSpare();
  }

  private close(): void {
    if (this.closing) return;
    this.closing = true;
    this.endProcessWait();
    this.keepAliveIdleSinceNs = null;
    this.idleTimer?.cancel();
    this.release();
    if (this.buffered > 0) this.writer.write(this.buffered);
    this.buffered = 0;
    if (this.p.closeStyle === 'half') {
      this.writer.whenDrained(() => this.socket.shutdown());
    } else if (this.waiting.length > 0 || this.reader.partial > 0) {
      // Closing a socket with requests still unread resets it (RFC 2525 2.17): what is still in
      // the send buffer, responses included, is thrown away (Nielsen 4.2).
      this.socket.reset();
    } else {
      this.writer.whenDrained(() => this.socket.close());
    }
  }

  onClosed(): void {
    this.idleTimer?.cancel();
    this.endProcessWait();
    this.closing = true;
    this.keepAliveIdleSinceNs = null;
    this.release();
  }
}
