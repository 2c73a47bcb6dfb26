// The record of one run. Everything a view or a metric shows is derived from this data.
// Times are integer nanoseconds from the start of the run; sequence numbers are relative to
// each side's initial sequence number (the SYN occupies 0, the first data byte is 1).
import type { EventTable } from './eventTable';
import type { PacketTable } from './packetTable';
import type { SampleTable } from './sampleTable';
import type { Bytes, Nanoseconds } from './units';

export type Side = 'client' | 'server';
export type Direction = 'c2s' | 's2c';

export const FLAG = { FIN: 1, SYN: 2, RST: 4, PSH: 8, ACK: 16 } as const;

/** tcpdump's flag letters: S, F, R, P in that order, or `.` when none is set. */
export function flagLetters(flags: number): string {
  let s = '';
  if (flags & FLAG.SYN) s += 'S';
  if (flags & FLAG.FIN) s += 'F';
  if (flags & FLAG.RST) s += 'R';
  if (flags & FLAG.PSH) s += 'P';
  return s === '' ? '.' : s;
}

/** Why a segment left: lets views and stall attribution say what released it. */
export const SEND_REASONS = [
  'syn',
  'data',
  'retransmit',
  'fast-retransmit',
  'fin',
  'ack-now', // an ACK sent at once: 2*MSS unacknowledged, out of order, FIN, delack off
  'ack-delayed', // an ACK released by the delayed-ACK timer
  'window-update',
  'probe', // zero-window probe
  'rst',
  'tlp', // a tail loss probe (RFC 8985 7.3) sending the last segment again
  'tlp-new', // a tail loss probe sending the next new segment
] as const;
export type SendReason = (typeof SEND_REASONS)[number];

/** Why a packet never arrived: a full router queue turned it away, the link lost it at random,
 * or CoDel dropped it at the head of the queue (codel.ts). */
export const DROP_CAUSES = ['queue', 'loss', 'codel'] as const;
export type DropCause = (typeof DROP_CAUSES)[number];

/** Whether the router's queue dropped it (full, or CoDel): it never left the sender's side. */
export function droppedAtQueue(drop: DropCause | undefined): boolean {
  return drop === 'queue' || drop === 'codel';
}

/** Whether a segment sent for this reason carried data sent before (a tail loss probe of new data did not). */
export function isResentReason(reason: SendReason): boolean {
  return reason === 'retransmit' || reason === 'fast-retransmit' || reason === 'tlp';
}

/** What every packet has, whatever the transport: who sent it, when, how big, what became of it. */
export interface PacketCommon {
  id: number;
  conn: number;
  dir: Direction;
  len: Bytes; // transport payload
  reason: SendReason;
  sendNs: Nanoseconds; // first bit leaves the sender's interface
  arriveNs: Nanoseconds | null; // last bit reaches the receiver; null when dropped
  drop?: DropCause;
  ipBytes: Bytes; // IP + transport headers + payload
  wireBytes: Bytes; // ipBytes + link framing
}

/** The TCP part of a packet record. */
export interface TcpPacketFields {
  seq: number; // relative to the sender's ISS
  ack: number; // relative to the receiver's ISS (0 when the ACK flag is clear)
  flags: number; // FLAG bits
  win: Bytes; // advertised receive window, unscaled
  optionBytes: Bytes; // TCP option bytes (MSS and window scale on SYN)
  mssOption?: Bytes;
  wscaleOption?: number;
  sackPermitted?: boolean; // SACK-permitted option on a SYN (RFC 2018)
  sackBlocks?: Array<[number, number]>; // SACK blocks [start, end) on an ACK, relative to the receiver's ISS
}

/**
 * The QUIC part of a packet record, present only in QUIC runs (a TCP record has no such field):
 * the QUIC packets coalesced in the UDP datagram, each with its packet number space's type, its
 * packet number and its frames as the ladder names them ('CRYPTO', 'STREAM 4', 'ACK'...). A QUIC
 * record keeps the TCP fields neutral: seq a running count of the data bytes, no flags, ack 0.
 */
export interface QuicPacketFields {
  quic?: {
    packets: Array<{
      type: 'Initial' | 'Handshake' | '0-RTT' | '1-RTT';
      pn: number;
      frames: string[];
      /** The STREAM frames: [stream id, offset in the stream, bytes] (per-stream plots read them). */
      streams?: Array<[number, number, number]>;
      /** The CRYPTO frames' bytes. */
      cryptoBytes?: number;
      /** The ACK frame's ranges of this space's packet numbers, [first, last] inclusive. */
      acked?: Array<[number, number]>;
      /** MAX_STREAM_DATA and MAX_DATA frames: [stream id, or -1 for the connection, the new limit]. */
      limits?: Array<[number, number]>;
      /** DATA_BLOCKED and STREAM_DATA_BLOCKED frames: [stream id, or -1 for the connection, the limit held at]. */
      blocked?: Array<[number, number]>;
    }>;
    /** Of `len`, the bytes of TLS handshake messages (CRYPTO frames); the rest is stream data. */
    cryptoBytes: Bytes;
    /** The client's ClientHello, when a flow-control window was chosen (h3window): the window its
     * transport parameters give, per stream and for the connection (RFC 9000 18.2). */
    flowWindow?: Bytes;
  };
}

/**
 * A packet as recorded: the common part and the TCP part, side by side in one flat record (the
 * field names views and outputs already read). Another transport adds its own part beside
 * PacketCommon and a union here.
 */
export type PacketRecord = PacketCommon & TcpPacketFields & QuicPacketFields;

// 'tlp': the probe timeout (RFC 8985 7.3); 'rack': the reordering timer (RFC 8985 6.3).
export type TimerKind = 'delack' | 'rto' | 'persist' | 'tlp' | 'rack';
export interface TimerRecord {
  atNs: Nanoseconds;
  conn: number;
  side: Side;
  timer: TimerKind;
  backoff?: number;
}

/** What an application event records (its index is the event table's code for it). */
export const APP_EVENT_KINDS = [
  'connect', // client opens the connection
  'established',
  'request-write', // client writes a request
  'request-read', // server has the whole request
  'request-flush', // a pipelined client writes its buffered requests
  'response-write', // server writes part of a response
  'response-done', // client has the whole response
  'deliver', // bytes handed to the application, in order
  'close', // application closes both halves
  'shutdown', // application closes its sending half
  'reset', // the connection was reset
  'retry', // the client asks again for what a closed connection lost
  'timeout', // the client gave up on a connection that stopped answering
  'load-start',
  'load-end',
  'abort', // too many retransmissions
  'cwnd-restart', // slow-start restart after idle
  'tls-ready', // the client's TLS handshake let it send application data
  'cc-phase', // the congestion controller changed phase (slow start, recovery, BBR's modes...)
  'tlp-repaired', // a tail loss probe repaired a loss: the window was cut once (RFC 8985 7.4)
] as const;
export type AppEventKind = (typeof APP_EVENT_KINDS)[number];
export interface AppEvent {
  atNs: Nanoseconds;
  conn: number;
  side: Side;
  kind: AppEventKind;
  bytes?: Bytes;
  /** For 'deliver': the first relative sequence number handed over. */
  seq?: number;
  /** Which exchange (request/response pair) on the connection this concerns. */
  exchange?: number;
  note?: string;
}

/** Why a side stalled. Each cause has its row (label, colour, sentence, fixes) in
 * scenario/stallCauses.ts, which must cover exactly these. */
export type StallCause =
  | 'delayed-ack'
  | 'nagle'
  | 'cwnd'
  | 'rwnd'
  | 'sndbuf' // the application's data waits for room in its own send buffer, full of data in flight
  | 'handshake'
  | 'server-think'
  | 'server-process' // a request waits for a server process to take its connection (all are busy)
  | 'client-think'
  | 'flush-timer'
  | 'idle-restart'
  | 'rto' // TCP: a lost tail waits for the retransmission timeout (RFC 6298)
  | 'pto' // QUIC: a lost tail waits for the probe timeout, which sends probes (RFC 9002 6.2)
  | 'loss-timer' // loss found by time after a reordering window: QUIC's 9/8 RTT (RFC 9002 6.1.2), TCP RACK's (RFC 8985 6.2)
  | 'tail-probe' // the tail of the data is lost: the sender waits for its loss probe (RFC 8985 7)
  | 'recovery' // without SACK, NewReno's recovery finds one lost segment per round trip (RFC 6582)
  | 'stale-connection' // a request written on a connection the server had closed, unknown to the client
  | 'tls-handshake'
  | 'flow-control' // HTTP/2 or QUIC: the peer's flow-control window is spent
  | 'hol-blocking' // HTTP/2: another stream's bytes are in, held behind a lost segment
  | 'amplification' // QUIC: the server may send no more than 3x what the unvalidated client sent
  | 'pacing';

/** An interval where a side had data or a request waiting but sent nothing, and why. */
export interface StallRecord {
  conn: number;
  side: Side;
  startNs: Nanoseconds;
  endNs: Nanoseconds;
  cause: StallCause;
}

export interface ConnectionRecord {
  id: number;
  clientPort: number;
  serverPort: number;
  clientIss: number; // absolute 32-bit ISS, for tcpdump and pcap output
  serverIss: number;
  mss: Bytes; // negotiated
  /** Window-scale shift each side applies to the windows it advertises (0 when not in effect). */
  clientWscale: number;
  serverWscale: number;
  openNs: Nanoseconds;
}

export type RequestKind = 'GET' | 'CGET' | 'HEAD' | 'GETALL';

/** One request and its response: an attempt, so a retried object has two. */
export interface ExchangeRecord {
  id: number;
  conn: number;
  object: number; // index in the page, the HTML being 0
  label: string;
  kind: RequestKind;
  load: number;
  attempt: number;
  requestBytes: Bytes;
  responseBytes: Bytes;
  queuedNs: Nanoseconds; // the client knew it wanted this object
  startNs: Nanoseconds; // request written
  firstByteNs: Nanoseconds | null; // first byte of the response reached the client
  endNs: Nanoseconds | null; // response complete; null if it never completed
  lost: boolean; // its connection closed first: it was asked for again
  /** The stream it travels on, where streams share a connection (HTTP/2 and HTTP/3; absent for HTTP/1.x). */
  stream?: number;
}

export interface LoadRecord {
  index: number;
  /** The page it loaded, as its HTML's URL ("/acts/"): a GETALL asks for the page by it too. */
  page: string;
  startNs: Nanoseconds;
  endNs: Nanoseconds | null;
}

/** The sender's congestion state after something changed it: one row per change, per side. */
export interface SampleRecord {
  atNs: Nanoseconds;
  conn: number;
  side: Side;
  cwnd: Bytes;
  ssthresh: Bytes;
  srttNs: Nanoseconds | null; // null before the first round-trip sample
  rtoNs: Nanoseconds; // the timeout the next timer would be set to, backoff included
  /** Bytes per second the sender paces at (absent for Reno without pacing; 0: not yet known). */
  pacingRate?: number;
}

/** Points in a connection's life that views show, recorded where they happen. */
export type MilestoneKind = 'connected' | 'request-sent' | 'first-byte' | 'done';
export interface MilestoneRecord {
  atNs: Nanoseconds;
  conn: number;
  kind: MilestoneKind;
  /** For request-sent, first-byte and done: the exchange concerned. */
  exchange?: number;
}

/** One TLS record as written into a TCP stream: the ladder names a segment by the records in it. */
export interface TlsRecordTrace {
  conn: number;
  dir: Direction;
  atNs: Nanoseconds; // when it was written
  kind: string; // 'ClientHello', 'Certificate', 'ApplicationData'...
  seq: number; // its first byte, relative to the sender's ISS like a packet's seq
  wireBytes: Bytes; // header, body and tag
  plainBytes: Bytes; // application bytes it carries (0 for a handshake record)
}

/** What a frame of a multiplexed connection is (RFC 9113 6); SETTINGS includes the client's preface. */
export type FrameType = 'SETTINGS' | 'HEADERS' | 'DATA' | 'WINDOW_UPDATE';

/**
 * One frame written into a connection's application byte stream (HTTP/2 now). Its place is an
 * application-stream offset: below TLS it is not yet a TCP sequence number; views map it.
 */
export interface FrameRecord {
  conn: number;
  dir: Direction;
  atNs: Nanoseconds; // when it was written
  type: FrameType;
  stream: number; // 0: the connection itself
  offset: Bytes; // its first byte in the application stream (0 = the first byte written)
  bytes: Bytes; // the whole frame, header included
  payload: Bytes; // for DATA: the body bytes it carries; else 0
  exchange?: number; // HEADERS and DATA: the exchange its stream carries
  increment?: Bytes; // WINDOW_UPDATE: the credit it gives
  ack?: true; // SETTINGS: the client's empty ACK of the server's (RFC 9113 6.5.3)
}

export interface Trace {
  /** By column (packetTable.ts): `get(i)` and the array methods give PacketRecords. */
  packets: PacketTable;
  timers: TimerRecord[];
  /** By column, as the packets. */
  events: EventTable;
  stalls: StallRecord[];
  connections: ConnectionRecord[];
  exchanges: ExchangeRecord[];
  loads: LoadRecord[];
  linkFramingBytes: Bytes;
  endNs: Nanoseconds; // time of the last event processed
  eventCount: number;
  /** Congestion state over time (absent in traces made before it was recorded). */
  samples?: SampleTable;
  milestones?: MilestoneRecord[];
  /** Where packet counts are taken (absent: on the wire, every packet sent). */
  capture?: CapturePoint;
  /** TLS records, in the order written (present only when TLS ran). */
  tlsRecords?: TlsRecordTrace[];
  /** Frames of multiplexed connections, in the order written (present only when HTTP/2 ran). */
  frames?: FrameRecord[];
}

/**
 * Where the trace was taken, for counting packets and bytes: `wire` every packet sent; `client` a
 * tcpdump on the client (what it sent, lost or not, and what reached it, duplicates included);
 * `server` the same at the server.
 */
export const CAPTURE_POINTS = ['wire', 'client', 'server'] as const;
export type CapturePoint = (typeof CAPTURE_POINTS)[number];
