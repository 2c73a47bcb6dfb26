// The engine's input: every figure resolved to numbers with units in their names.
// src/scenario turns a URL or preset into one of these; the engine never sees a query string.
import type { TlsParams } from './tls/handshake';
import type { Bytes, Nanoseconds } from './units';
import type { CapturePoint } from './trace';

export interface LinkParams {
  bandwidthBps: number;
  oneWayDelayNs: Nanoseconds; // propagation, one direction
  queuePackets: number; // drop-tail buffer, packets not yet fully sent
  lossPpm: number; // random loss, parts per million (integer: no floats in random decisions)
  framingBytes: Bytes; // link-layer bytes per packet (Ethernet header, FCS, preamble, gap...)
  /** The queue's management: drop-tail only, or CoDel before it (codel.ts). */
  aqm: QueueManagement;
}

export const QUEUE_MANAGEMENTS = ['none', 'codel'] as const;
export type QueueManagement = (typeof QUEUE_MANAGEMENTS)[number];

export const DELACK_MODES = ['bsd', 'fixed', 'off', 'linux'] as const;
export type DelackMode = (typeof DELACK_MODES)[number];
export const INITIAL_WINDOWS = ['1', '2', '4k', '10'] as const;
export type InitialWindow = (typeof INITIAL_WINDOWS)[number];
export const SLOW_START_RESTARTS = ['off', 'bsd', 'rfc'] as const;
export type SlowStartRestart = (typeof SLOW_START_RESTARTS)[number];
export const CONGESTION_CONTROLS = ['reno', 'newreno', 'cubic', 'bbr'] as const;
export type CongestionControlName = (typeof CONGESTION_CONTROLS)[number];
/** The controllers of the engine's core (tcp/controllers.ts); CUBIC and BBR come with the whole engine. */
export const CORE_CONGESTION_CONTROLS: readonly CongestionControlName[] = ['reno', 'newreno'];

export interface TcpParams {
  mssBytes: Bytes; // the MSS this host offers
  nagle: boolean;
  delack: DelackMode;
  delackNs: Nanoseconds; // 'fixed' timer; 'bsd' heartbeat period
  delackPhaseNs: Nanoseconds; // 'bsd': the heartbeat ticks at phase + k * period
  /** BSD: in-order data is ACKed by the window update sent when the application reads it, so a
   * busy application stretches ACKs (only the delayed-ACK timer answers meanwhile). */
  ackOnRead: boolean;
  initialWindow: InitialWindow;
  slowStartRestart: SlowStartRestart;
  congestionControl: CongestionControlName;
  sack?: boolean; // offer SACK (RFC 2018) and recover from its scoreboard (RFC 6675)
  /** RACK-TLP loss detection (RFC 8985): loss found by time, a lost tail probed; needs SACK. */
  rack?: boolean;
  pacing?: boolean; // space segments at the controller's pacing rate (BBR paces regardless)
  bufferBytes: Bytes; // receive socket buffer: the window advertised
  sendBufferBytes: Bytes; // what the application may queue ahead of the acknowledged data
  initialRtoNs: Nanoseconds;
  minRtoNs: Nanoseconds;
  maxRtoNs: Nanoseconds;
  maxRetransmits: number; // then the connection is aborted
}

export const HTTP_MODES = ['1.0', '1.0ka', '1.1', '1.1pipe', 'getall', '2', '3'] as const;
export type HttpMode = (typeof HTTP_MODES)[number];
export const VISITS = ['first', 'revalidate'] as const;
export type Visit = (typeof VISITS)[number];
export const CLOSE_STYLES = ['full', 'half'] as const;
export type CloseStyle = (typeof CLOSE_STYLES)[number];

/** One object of the page as it travels: sizes on the wire, and where the HTML names it. */
export interface WireObject {
  url: string;
  bodyBytes: Bytes; // as sent (the HTML after compression, when compressed)
  /** Bytes of the HTML body (as sent) the client must have parsed to know this object; 0 for the HTML. */
  refOffsetBytes: Bytes;
  /** How the body is encoded on the wire (the HTML when `gzip`): for the pcap's headers. */
  encoding?: 'deflate';
}

export interface HttpParams {
  mode: HttpMode;
  maxConnections: number; // 1.0 and 1.0ka: connections open at once
  visit: Visit;
  /** Revalidating: the HTML is validated first; its images are known from the cached copy after the 304. */
  revalidateHtmlFirst: boolean;
  objects: WireObject[]; // the HTML first, then what it references, in document order
  requestBytes: Bytes[]; // per object; the last repeats
  responseHeaderBytes: Bytes; // a 200 response's headers
  notModifiedBytes: Bytes; // a 304 (or HEAD) response: headers only
  flushHeaders: boolean; // the server writes its headers alone (Apache 1.1b4)
  writeBytes: Bytes; // the server's write size
  serverThinkNs: Nanoseconds; // per request, from reading it to the first write
  serverAcceptNs: Nanoseconds; // extra, for the first request on a new connection
  serverNsPerByte: number; // extra, per response byte (reading and copying the file)
  clientThinkNs: Nanoseconds; // from knowing a request to writing it
  clientParseNs: Nanoseconds; // per response received: the client handles it and reads no socket meanwhile
  pipeBufferBytes: Bytes; // 1.1pipe: flush the request buffer at this size...
  pipeFlushNs: Nanoseconds; // ...or after this long
  serverBufferBytes: Bytes; // responses buffered up to this size, flushed when no request waits (0: write through)
  maxRequestsPerConnection: number; // 0: unlimited
  serverProcesses: number; // connections served at once (0: unlimited); the rest wait to be accepted
  /** Apache's MaxSpareServers: idle processes beyond this are ended, one a second (0: never). */
  maxSpareProcesses: number;
  keepAliveTimeoutNs: Nanoseconds; // the server closes a persistent connection idle this long
  closeStyle: CloseStyle; // how the server closes: both halves at once, or the sending half
  /** The client learns that the server closed an idle connection only when its next request meets the RST. */
  staleDiscovery: boolean;
  loads: number; // the page loaded this many times in a row by the same client
  loadGapNs: Nanoseconds; // from the start of one load to the start of the next (at the earliest its end)
  /** A different page for each load, in turn (Kruse's browser loop); empty: every load is `objects`. */
  loadPages: Array<{ objects: WireObject[]; loadGapNs: Nanoseconds }>;
  /** TLS under HTTP (version 'none': plain TCP, as in the papers). Absent: none. HTTP/3: TLS 1.3
   * inside QUIC, with these resume and certificate settings. */
  tls?: TlsParams;
  /** HTTP/2: the client's stream and connection flow-control windows (absent: 65,535). */
  h2WindowBytes?: Bytes;
  /** HTTP/3: the client's QUIC flow-control windows, per stream and for the connection (absent: a
   * browser's, which no page here reaches, so not modelled). */
  h3WindowBytes?: Bytes;
}

/** The request an object is asked for with, in bytes as HTTP/1.x writes it (the last size repeats). */
export function requestBytes(p: HttpParams, object: number): Bytes {
  return p.requestBytes[Math.min(Math.max(object, 0), p.requestBytes.length - 1)];
}

/** The HTTP settings of one load: its own page, when the loads go round several. */
export function paramsOfLoad(p: HttpParams, load: number): HttpParams {
  const page = p.loadPages[load];
  return page ? { ...p, ...page } : p;
}

/**
 * Whether the engine's core runs `input` (the page's own thread has only the core): no HTTP/3
 * (http/http3Support.ts) and no congestion controller beyond the core's.
 */
export function coreEngineRuns(input: SimInput): boolean {
  return (
    input.http.mode !== '3' &&
    CORE_CONGESTION_CONTROLS.includes(input.client.congestionControl) &&
    CORE_CONGESTION_CONTROLS.includes(input.server.congestionControl)
  );
}

export interface SimInput {
  seed: number;
  /** Where packets are counted (metrics only; the run is the same). */
  capture?: CapturePoint;
  c2s: LinkParams;
  s2c: LinkParams;
  client: TcpParams;
  server: TcpParams;
  http: HttpParams;
  maxEvents: number;
  /** The most packets, and application events, a run may record (its trace's memory); absent: no bound. */
  maxPackets?: number;
}
