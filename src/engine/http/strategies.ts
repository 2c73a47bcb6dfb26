// How a client of each HTTP mode uses connections: one object per mode, in place of a switch.
//   1.0      a connection per request, at most `maxConnections` at once; the server closes after it
//   1.0ka    Keep-Alive: idle connections are reused, up to `maxConnections`
//   1.1      one persistent connection, one request at a time
//   1.1pipe  one connection, requests buffered and flushed at a size or a timeout (Nielsen 4.1)
//   getall   one connection, one request for the page and everything in it (Padmanabhan-Mogul 5.1)
//   2        HTTP/2: one connection, every request a stream sent as soon as it is known (h2client.ts)
//   3        HTTP/3: the same over QUIC, each stream delivered on its own (quic/h3client.ts)
// A new mode (HTTP/2 streams on one connection...) is one more object here.
import type { HttpMode, HttpParams } from '../params';
import type { RequestKind } from '../trace';
import type { ClientConnection } from './clientConnection';
import type { H2ClientConnection } from './h2client';
import type { H3ClientConnection } from '../quic/h3client';

/** A client's connection, whatever its HTTP version. */
export type HttpConnection = ClientConnection | H2ClientConnection | H3ClientConnection;

/** The object a GETALL request stands for: every object of the page. */
export const GETALL = -1;

/** What a strategy may do with the client's queue of wanted objects. */
export interface Dispatcher<W> {
  readonly queue: W[];
  /** Connections not finished, oldest first. */
  open: HttpConnection[];
  /** Open a connection and give it the first `take` queued requests. */
  openWith(take: number): HttpConnection;
  assign(c: HttpConnection, want: W): void;
}

export interface ClientStrategy {
  readonly mode: HttpMode;
  /** Objects the client asks for when a load starts. */
  firstWants(p: HttpParams): number[];
  /** Hand queued requests to connections, opening them as the mode allows. */
  dispatch<W>(d: Dispatcher<W>, p: HttpParams): void;
  /** Requests wait in a pipelining buffer before they are written. */
  readonly pipelined: boolean;
  /** The server closes the connection after one response (no Keep-Alive). */
  readonly onePerConnection: boolean;
  /** How a cached object is revalidated. */
  revalidate(object: number): RequestKind;
}

/** The HTML first; revalidating from a cache, the client may also know the embedded objects at once. */
function pageWants(p: HttpParams): number[] {
  return p.visit === 'revalidate' && !p.revalidateHtmlFirst ? p.objects.map((_, i) => i) : [0];
}

function manyConnections<W>(d: Dispatcher<W>, p: HttpParams, reuse: boolean): void {
  const open = d.open;
  if (reuse) for (const c of open) if (c.idle && d.queue.length > 0) d.assign(c, d.queue.shift()!);
  while (d.queue.length > 0 && open.length < p.maxConnections) open.push(d.openWith(1));
}

/** One connection: everything queued is written on it at once (pipelined or GETALL). */
function allOnOne<W>(d: Dispatcher<W>): void {
  if (d.queue.length === 0) return;
  const c = d.open[0] ?? d.openWith(0);
  while (d.queue.length > 0) d.assign(c, d.queue.shift()!);
}

const persistent = { onePerConnection: false, revalidate: (): RequestKind => 'CGET' };

export const CLIENT_STRATEGIES: Record<HttpMode, ClientStrategy> = {
  '1.0': {
    mode: '1.0',
    // The HTTP/1.0 robot re-fetched the HTML and HEADed what it found in it (Nielsen 3.3).
    firstWants: () => [0],
    dispatch: (d, p) => manyConnections(d, p, false),
    pipelined: false,
    onePerConnection: true,
    revalidate: (object) => (object === 0 ? 'GET' : 'HEAD'),
  },
  '1.0ka': {
    mode: '1.0ka',
    firstWants: pageWants,
    dispatch: (d, p) => manyConnections(d, p, true),
    pipelined: false,
    ...persistent,
  },
  '1.1': {
    mode: '1.1',
    firstWants: pageWants,
    dispatch(d) {
      if (d.queue.length === 0) return;
      const c = d.open[0] ?? d.openWith(0);
      if (c.idle) d.assign(c, d.queue.shift()!);
    },
    pipelined: false,
    ...persistent,
  },
  '1.1pipe': { mode: '1.1pipe', firstWants: pageWants, dispatch: allOnOne, pipelined: true, ...persistent },
  getall: { mode: 'getall', firstWants: () => [GETALL], dispatch: allOnOne, pipelined: false, ...persistent },
  '2': { mode: '2', firstWants: pageWants, dispatch: allOnOne, pipelined: false, ...persistent },
  '3': { mode: '3', firstWants: pageWants, dispatch: allOnOne, pipelined: false, ...persistent },
};
