// What one QUIC endpoint hands the other: UDP datagrams of coalesced QUIC packets (RFC 9000 12.2),
// each packet a list of frames, and what HTTP/3 hears from the streams they carry.
import type { SendReason } from '../trace';
import type { Datagram } from '../transport';
import type { Bytes, Nanoseconds } from '../units';
import type { SentFrame, SpaceId } from './recovery';
import type { PacketType } from './wire';

/** A frame as the receiver reads it. */
export type WireFrame =
  | {
      kind: 'ack';
      ranges: Array<[number, number]>;
      delayNs: Nanoseconds;
      /** Not on the wire, what the simulation knows: how long the sender's ack timer held this
       * ACK, from when (0: it was not held for the timer). */
      heldNs: Nanoseconds;
      heldFromNs: Nanoseconds;
    }
  | SentFrame
  | { kind: 'padding'; bytes: Bytes }
  | { kind: 'close' };

export interface QuicPacket {
  type: PacketType;
  space: SpaceId;
  pn: number;
  ackEliciting: boolean;
  frames: WireFrame[];
}

export interface QuicDatagram extends Datagram {
  packets: QuicPacket[];
  /** UDP payload: the packets, padding included. */
  payload: Bytes;
  /** CRYPTO and STREAM bytes carried: the datagram's "data", as a TCP segment's length. */
  data: Bytes;
  /** Of `data`, the CRYPTO bytes (TLS handshake messages). */
  crypto: Bytes;
  /** 1 + the data bytes this side sent before: a running offset, like a TCP sequence number. */
  seq: number;
  reason: SendReason;
}

/** What HTTP/3 hears from its streams. */
export interface StreamHandler {
  onStreamData(id: number, bytes: Bytes): void;
  onStreamFin(id: number): void;
}
