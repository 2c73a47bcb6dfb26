// The transport seam. The network carries datagrams between the hosts; a transport turns them
// into a reliable, ordered stream for the applications. TCP is the one transport today
// (tcp/transport.ts); another (QUIC) implements the same two interfaces.
import type { TcpParams } from './params';
import type { Sim } from './sim';
import type { TraceSink } from './sink';
import type { ConnectionRecord, PacketRecord, Side } from './trace';
import type { Bytes, Nanoseconds } from './units';

/** What an application holds: one end of an ordered byte stream. */
export interface Stream {
  /** Bytes the send buffer can take now. */
  readonly writable: Bytes;
  /** Queue up to `bytes`; returns how many the buffer took. */
  write(bytes: Bytes): Bytes;
  /** Close the sending half. */
  shutdown(): void;
  /** Close both halves. */
  close(): void;
  /** Abort at once. */
  reset(): void;
  /** The application is busy and reads nothing before `untilNs` (a transport may ignore it). */
  holdReads?(untilNs: Nanoseconds): void;
}

/** What a stream end tells its application. */
export interface StreamHooks {
  onEstablished(): void;
  /** In-order bytes, starting at stream offset `seq`. */
  onDeliver(seq: number, bytes: Bytes): void;
  /** Bytes from `seq` arrived out of order and wait for a hole to fill. */
  onHeld?(seq: number, bytes: Bytes): void;
  onPeerFin(): void;
  onWritable(): void;
  onClosed(how: 'normal' | 'reset' | 'abort'): void;
}

/** Every datagram says which side sent it. */
export interface Datagram {
  from: Side;
}

/** A transport endpoint: a stream to the application, datagrams to the network. */
export interface TransportEnd<D extends Datagram> extends Stream {
  connect(): void;
  listen(): void;
  receive(d: D): void;
}

/** When a link finishes sending what it already holds (an object, read as a field: no closure per end). */
export interface LinkClock {
  readonly idleAt: Nanoseconds;
}

export interface EndContext<D extends Datagram> {
  sim: Sim;
  sink: TraceSink;
  conn: number;
  side: Side;
  params: TcpParams;
  hooks: StreamHooks & { transmit(d: D): void };
  /** The outgoing link: when it finishes sending what it already holds. */
  link: LinkClock;
}

export interface Transport<D extends Datagram> {
  endpoint(ctx: EndContext<D>): TransportEnd<D>;
  /** IP-level size of a datagram: headers and payload. */
  ipBytes(d: D): Bytes;
  /**
   * Write the transport's part of the datagram's packet record into `record`, which holds the
   * network's part (conn, dir, times, drop, sizes); every transport field is written, absent
   * ones as undefined, since the network reuses the object for every packet.
   */
  describe(d: D, record: PacketRecord): void;
  /** The handshake settled at one end: note what the connection record keeps of it. */
  established(end: TransportEnd<D>, side: Side, record: ConnectionRecord): void;
}
