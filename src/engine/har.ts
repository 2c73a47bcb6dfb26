// A run as an HTTP Archive (HAR 1.2), the format browser DevTools import: one page per load, one
// entry per request the client wrote (a retried object has an entry per attempt, as in metrics'
// objects[]). Headers and sizes are the pcap's (httpWire.ts), so the two files tell one story.
//
// Times: the run starts at HAR_EPOCH (1997-01-01T00:00:00Z) and every date is that plus simulated
// time, so the same run gives the same file. An entry starts when the client knew it wanted the
// object (`queuedNs`); its timings split the time until the response's last byte arrived:
//   blocked  waiting for a connection, or the client's think time
//   dns      -1 (the papers' clients resolved names before timing)
//   connect  the handshake, for the request that opened its connection; otherwise 0
//   ssl      the TLS part of connect (all of it over QUIC), as clientTimes.ts finds it
//   send     from writing the request to its last byte leaving the client
//   wait     until the response's first byte arrived
//   receive  until its last byte arrived
// All in milliseconds, rounded to the microsecond, and `time` is their sum (dns excluded). A
// request never answered (its connection closed first) has status 0 and ends with the run.
// Custom fields: `_connection` (connection id) and `_load` (load index) on each entry.
import { connectionSetups, requestsSent, type ConnectionSetup } from './clientTimes';
import { requestHead, responseHead, serverAuthority } from './httpWire';
import { loadPageNames, ofPage } from './loadPages';
import { paramsOfLoad, requestBytes, type HttpParams } from './params';
import type { ExchangeRecord, Trace } from './trace';

export const HAR_EPOCH_MS = Date.UTC(1997, 0, 1);

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarTimings {
  blocked: number;
  dns: number;
  connect: number;
  /** TLS negotiation, included in `connect` (HAR 1.2); -1 when none. */
  ssl?: number;
  send: number;
  wait: number;
  receive: number;
}

export interface HarEntry {
  pageref: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: [];
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: HarTimings;
  serverIPAddress: string;
  connection: string;
  _connection: number;
  _load: number;
  /** The protocol as its ALPN id (RFC 7301): http/1.0, http/1.1; and the TLS version under it, if any. */
  _protocol: string;
  _tls?: string;
}

export interface HarPage {
  startedDateTime: string;
  id: string;
  title: string;
  pageTimings: { onContentLoad: number; onLoad: number };
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages: HarPage[];
    entries: HarEntry[];
    comment?: string;
  };
}

/** Simulated nanoseconds as an ISO date after HAR_EPOCH, to the microsecond. */
export function harDate(ns: number): string {
  const wholeMs = Math.floor(ns / 1e6);
  const iso = new Date(HAR_EPOCH_MS + wholeMs).toISOString(); // ...T00:00:01.234Z
  const micros = String(Math.floor((ns % 1e6) / 1e3)).padStart(3, '0');
  return `${iso.slice(0, -1)}${micros}Z`;
}

const msOf = (ns: number) => Math.round(ns / 1e3) / 1e3;

/** The head's lines as HAR headers: start line and blank line left out. */
function headersOf(head: string): { start: string; headers: HarHeader[] } {
  const [start, ...lines] = head.split('\r\n');
  const headers = lines
    .filter((line) => line.includes(':'))
    .map((line) => {
      const at = line.indexOf(':');
      return { name: line.slice(0, at), value: line.slice(at + 1).trim() };
    });
  return { start, headers };
}

function entryTimings(
  trace: Trace,
  p: HttpParams,
  e: ExchangeRecord,
  conn: ConnectionSetup | undefined,
  requestSentNs: number,
): { timings: HarTimings; time: number } {
  const endNs = e.endNs ?? trace.endNs;
  const opened = conn !== undefined && conn.firstExchange === e.id && conn.openNs >= e.queuedNs;
  // QUIC's one handshake is TLS's: all of its connect time is ssl too.
  const establishedNs = opened ? (conn.establishedNs ?? conn.openNs) : 0;
  const sslNs = opened && conn.secureNs !== null ? conn.secureNs - establishedNs : -1;
  const connectNs = opened ? establishedNs - conn.openNs + Math.max(0, sslNs) : 0;
  const sentNs = Math.min(requestSentNs, endNs);
  const firstByteNs = Math.min(Math.max(e.firstByteNs ?? endNs, sentNs), endNs);
  const timings = {
    blocked: msOf(e.startNs - e.queuedNs - connectNs),
    dns: -1,
    connect: msOf(connectNs),
    ...(p.tls && p.tls.version !== 'none' ? { ssl: sslNs < 0 ? -1 : msOf(sslNs) } : {}),
    send: msOf(sentNs - e.startNs),
    wait: msOf(firstByteNs - sentNs),
    receive: msOf(endNs - firstByteNs),
  };
  const time = timings.blocked + timings.connect + timings.send + timings.wait + timings.receive;
  return { timings, time: Math.round(time * 1e3) / 1e3 };
}

function entry(
  trace: Trace,
  p: HttpParams,
  e: ExchangeRecord,
  conn: ConnectionSetup | undefined,
  requestSentNs: number,
): HarEntry {
  const object = p.objects[Math.max(0, e.object)];
  // HTTP/2 and HTTP/3 record the compressed HEADERS frame (a few dozen bytes after the first):
  // the fields are those of the request as HTTP/1.1 writes it, cut from that had left "HTT".
  const multiplexed = p.mode === '2' || p.mode === '3';
  const headSize = multiplexed ? requestBytes(p, e.object) : e.requestBytes;
  const tls = p.tls && p.tls.version !== 'none' ? p.tls.version : null;
  const authority = serverAuthority(trace, e.conn, tls !== null);
  const request = headersOf(requestHead(p, e.kind, e.object, headSize, authority));
  const [method, path, http1Version] = request.start.split(' ');
  const httpVersion = p.mode === '2' ? 'HTTP/2.0' : p.mode === '3' ? 'HTTP/3' : http1Version;
  const notModified = e.kind === 'CGET' || (e.kind === 'GETALL' && p.visit === 'revalidate');
  const headBytes = notModified || e.kind === 'HEAD' ? p.notModifiedBytes : p.responseHeaderBytes;
  const responseKind = e.kind === 'GETALL' ? (notModified ? 'CGET' : 'GET') : e.kind;
  const response = headersOf(responseHead(p, responseKind, object, headBytes));
  const [, status, ...reason] = response.start.trimEnd().split(' ');
  const answered = e.endNs !== null;
  const bodyBytes = Math.max(0, e.responseBytes - headBytes);
  const contentType = response.headers.find((h) => h.name === 'Content-Type')?.value;
  return {
    pageref: `load_${e.load}`,
    startedDateTime: harDate(e.queuedNs),
    ...entryTimings(trace, p, e, conn, requestSentNs),
    request: {
      method,
      url: `${tls ? 'https' : 'http'}://${authority}${path}`,
      httpVersion,
      cookies: [],
      headers: request.headers,
      queryString: [],
      headersSize: e.requestBytes,
      bodySize: 0,
    },
    response: {
      status: answered ? Number(status) : 0,
      statusText: answered ? reason.join(' ') : '',
      httpVersion: answered ? httpVersion : '',
      cookies: [],
      headers: answered ? response.headers : [],
      content: {
        size: answered ? bodyBytes : 0,
        mimeType: (answered && contentType) || 'x-unknown',
      },
      redirectURL: '',
      headersSize: answered ? headBytes : -1,
      bodySize: answered ? bodyBytes : -1,
    },
    cache: {},
    serverIPAddress: '10.0.0.2',
    connection: String(e.conn),
    _connection: e.conn,
    _load: e.load,
    _protocol: p.mode === '2' ? 'h2' : p.mode === '3' ? 'h3' : http1Version.toLowerCase(),
    ...(tls ? { _tls: tls } : {}),
  };
}

/** The run as a HAR log; `title` names each page (the scenario). */
export function buildHar(trace: Trace, p: HttpParams, title: string): Har {
  const conns = connectionSetups(trace);
  const sent = requestsSent(trace);
  const written = trace.exchanges.filter((e) => sent.has(e.id));
  const pageNames = loadPageNames(trace);
  const pages = trace.loads.map((load) => {
    const html = written.find((e) => e.load === load.index && e.object <= 0 && e.endNs !== null);
    const endNs = load.endNs ?? trace.endNs;
    return {
      startedDateTime: harDate(load.startNs),
      id: `load_${load.index}`,
      title:
        trace.loads.length > 1 ? `${title} (load ${load.index + 1}${ofPage(pageNames, load.index)})` : title,
      pageTimings: {
        onContentLoad: html ? msOf(html.endNs! - load.startNs) : -1,
        onLoad: msOf(endNs - load.startNs),
      },
    };
  });
  return {
    log: {
      version: '1.2',
      creator: { name: 'Roundtrip', version: '1' },
      pages,
      entries: written.map((e) =>
        entry(trace, paramsOfLoad(p, e.load), e, conns.get(e.conn), sent.get(e.id)!),
      ),
      comment: `Simulated by Roundtrip: dates count from ${harDate(0)}.`,
    },
  };
}
