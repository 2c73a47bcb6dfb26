// The engine's input: every figure resolved to numbers with units in their names.
// src/scenario turns a URL or preset into one of these; the engine never sees a query string.
import type { Bytes, Nanoseconds } from './units';

export interface LinkParams {
  bandwidthBps: number;
  oneWayDelayNs: Nanoseconds; // propagation, one direction
  queuePackets: number; // drop-tail buffer, packets not yet fully sent
  lossPpm: number; // random loss, parts per million (integer: no floats in random decisions)
  framingBytes: Bytes; // link-layer bytes per packet (Ethernet header, FCS, preamble, gap...)
}

export type DelackMode = 'bsd' | 'fixed' | 'off';
export type InitialWindow = '1' | '2' | '4k' | '10';
export type SlowStartRestart = 'off' | 'bsd' | 'rfc';

export interface TcpParams {
  mssBytes: Bytes; // the MSS this host offers
  nagle: boolean;
  delack: DelackMode;
  delackNs: Nanoseconds; // 'fixed' timer; 'bsd' heartbeat period
  delackPhaseNs: Nanoseconds; // 'bsd': the heartbeat ticks at phase + k * period
  initialWindow: InitialWindow;
  slowStartRestart: SlowStartRestart;
  bufferBytes: Bytes; // send and receive socket buffers
  initialRtoNs: Nanoseconds;
  minRtoNs: Nanoseconds;
  maxRtoNs: Nanoseconds;
  maxRetransmits: number; // then the connection is aborted
}

/** One request and its response on a connection. */
export interface ExchangeParams {
  label: string;
  requestBytes: Bytes;
  /** The server application's writes, in order: e.g. headers flushed alone, then 4 KB chunks. */
  responseWrites: Bytes[];
  clientThinkNs: Nanoseconds; // before the request is written
  serverThinkNs: Nanoseconds; // between reading the request and the first write
}

export type CloseStyle = 'full' | 'half';

/** A connection that carries its exchanges one at a time, then is closed. */
export interface ConnectionScript {
  startNs: Nanoseconds;
  exchanges: ExchangeParams[];
  /** Who closes once the last response is written/received, and how. */
  closer: 'client' | 'server';
  closeStyle: CloseStyle;
}

export interface SimInput {
  seed: number;
  c2s: LinkParams;
  s2c: LinkParams;
  client: TcpParams;
  server: TcpParams;
  connections: ConnectionScript[];
  maxEvents: number;
}
