// The wire between the client host and the server host: one link per direction, shared by all
// connections. It carries a transport's datagrams and records each as a packet; the transport
// (TCP by default) makes the endpoints and says what a datagram's record holds.
import { LinkDirection } from './link';
import type { SimInput } from './params';
import type { Sim } from './sim';
import type { TraceSink } from './sink';
import { tcpTransport } from './tcp/transport';
import type { Datagram, Stream, Transport, TransportEnd, WireFacts } from './transport';
import { StreamContent } from './messages';
import type { Direction, Side } from './trace';
import type { Bytes, Nanoseconds } from './units';

const CLIENT_ISS = 676352001; // Heidemann Fig. 2, so our tcpdump lines read like the paper's
const SERVER_ISS = 1807168001;
const ISS_STEP = 64000; // 4.4BSD advanced the ISS by 64000 per connection

export interface ConnectionPair {
  conn: number;
  client: Stream;
  server: Stream;
  /** What the bytes of each direction say: the messages written into it (messages.ts). */
  content: Record<Direction, StreamContent>;
}

/** What an application does when its stream reports something. */
export interface AppHandlers {
  /** `transportUpNs`: when the transport beneath (TCP under TLS) was established, if earlier. */
  onEstablished(side: Side, transportUpNs?: Nanoseconds): void;
  onDeliver(side: Side, bytes: Bytes): void;
  /** Bytes from stream offset `offset` (0 = the first data byte) arrived but wait behind a hole. */
  onHeld?(side: Side, offset: Bytes, bytes: Bytes): void;
  onPeerFin(side: Side): void;
  onWritable(side: Side): void;
  onClosed?(side: Side, how: 'normal' | 'reset' | 'abort'): void;
}

export class Network<D extends Datagram = Datagram> {
  private readonly c2s: LinkDirection;
  private readonly s2c: LinkDirection;

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly input: SimInput,
    private readonly transport: Transport<D> = tcpTransport as unknown as Transport<D>,
  ) {
    this.c2s = new LinkDirection(sim, input.c2s, input.seed, 1);
    this.s2c = new LinkDirection(sim, input.s2c, input.seed, 2);
  }

  /** Link framing bytes per packet. */
  get framingBytes(): Bytes {
    return this.input.c2s.framingBytes;
  }

  /** Open a new connection now: the server listens, the client connects. */
  open(makeApp: (pair: ConnectionPair) => AppHandlers): ConnectionPair {
    const conn = this.sink.nextConnection;
    const record = this.sink.connection({
      clientPort: 3199 + conn,
      serverPort: 8080,
      clientIss: (CLIENT_ISS + conn * ISS_STEP) >>> 0,
      serverIss: (SERVER_ISS + conn * ISS_STEP) >>> 0,
      mss: Math.min(this.input.client.mssBytes, this.input.server.mssBytes),
      clientWscale: 0,
      serverWscale: 0,
      openNs: this.sim.now,
    });
    let app: AppHandlers | null = null;
    const ends: Partial<Record<Side, TransportEnd<D>>> = {};
    const endpoint = (side: Side) =>
      this.transport.endpoint({
        sim: this.sim,
        sink: this.sink,
        conn,
        side,
        params: this.input[side],
        linkIdleAt: () => (side === 'client' ? this.c2s : this.s2c).idleAt,
        hooks: {
          transmit: (d) => this.transmit(conn, d, ends[side === 'client' ? 'server' : 'client']!),
          onEstablished: () => {
            this.transport.established(ends[side]!, side, record);
            if (side === 'client') this.sink.milestone({ atNs: this.sim.now, conn, kind: 'connected' });
            app!.onEstablished(side);
          },
          onDeliver: (seq, bytes) => {
            this.sink.event({ atNs: this.sim.now, conn, side, kind: 'deliver', seq, bytes });
            app!.onDeliver(side, bytes);
          },
          onHeld: (seq, bytes) => app!.onHeld?.(side, seq - 1, bytes),
          onPeerFin: () => app!.onPeerFin(side),
          onWritable: () => app!.onWritable(side),
          onClosed: (how) => app!.onClosed?.(side, how),
        },
      });
    ends.server = endpoint('server');
    ends.client = endpoint('client');
    const content = { c2s: new StreamContent(), s2c: new StreamContent() };
    const pair = { conn, client: ends.client, server: ends.server, content };
    app = makeApp(pair);
    ends.server.listen();
    this.sink.event({ atNs: this.sim.now, conn, side: 'client', kind: 'connect' });
    ends.client.connect();
    return pair;
  }

  /** Reused for every packet: the transport copies what it needs into the record. */
  private readonly wire: WireFacts = {
    conn: 0,
    dir: 'c2s',
    sendNs: 0,
    arriveNs: null,
    drop: undefined,
    ipBytes: 0,
    wireBytes: 0,
  };

  private transmit(conn: number, d: D, peer: TransportEnd<D>): void {
    const toServer = d.from === 'client';
    const link = toServer ? this.c2s : this.s2c;
    const ipBytes = this.transport.ipBytes(d);
    const wireBytes = ipBytes + link.params.framingBytes;
    link.transmit(wireBytes, peer, d);
    const w = this.wire;
    w.conn = conn;
    w.dir = toServer ? 'c2s' : 's2c';
    w.sendNs = link.sendNs;
    w.arriveNs = link.arriveNs;
    w.drop = link.drop;
    w.ipBytes = ipBytes;
    w.wireBytes = wireBytes;
    this.sink.packet(this.transport.record(d, w));
  }
}
