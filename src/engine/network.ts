// The wire between the client host and the server host: one link per direction, shared by all
// connections. It carries a transport's datagrams and records each as a packet; the transport
// (TCP by default) makes the endpoints and says what a datagram's record holds.
import { LinkDirection } from './link';
import type { SimInput } from './params';
import type { Sim } from './sim';
import type { TraceSink } from './sink';
import { tcpTransport } from './tcp/transport';
import type { Datagram, Stream, StreamHooks, Transport, TransportEnd } from './transport';
import { StreamContent } from './messages';
import type { ConnectionRecord, Direction, PacketRecord, Side } from './trace';
import type { Bytes, Nanoseconds } from './units';

const CLIENT_ISS = 676352001; // Heidemann Fig. 2, so our tcpdump lines read like the paper's
const SERVER_ISS = 1807168001;
const ISS_STEP = 64000; // 4.4BSD advanced the ISS by 64000 per connection
/** The papers' server port (tcpdump reads `server.8080` as in Heidemann's traces); HTTPS and
 * HTTP/3 listen on 443, where Wireshark looks for TLS and QUIC without being told. */
const HTTP_PORT = 8080;
const HTTPS_PORT = 443;

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
    private readonly transport: Transport<D> = tcpTransport() as unknown as Transport<D>,
  ) {
    this.c2s = new LinkDirection(sim, input.c2s, input.seed, 1);
    this.s2c = new LinkDirection(sim, input.s2c, input.seed, 2);
  }

  /** Whether the connections carry TLS (over TCP, or QUIC's own). */
  private get secure(): boolean {
    const http = this.input.http;
    return http.mode === '3' || (http.tls !== undefined && http.tls.version !== 'none');
  }

  /** Link framing bytes per packet. */
  get framingBytes(): Bytes {
    return this.input.c2s.framingBytes;
  }

  /** Open a new connection now: the server listens, the client connects. */
  open(makeApp: (pair: ConnectionPair) => AppHandlers): ConnectionPair {
    const conn = this.sink.nextConnection;
    const record = this.sink.connection({
      id: 0,
      clientPort: 3199 + conn,
      serverPort: this.secure ? HTTPS_PORT : HTTP_PORT,
      clientIss: (CLIENT_ISS + conn * ISS_STEP) >>> 0,
      serverIss: (SERVER_ISS + conn * ISS_STEP) >>> 0,
      mss: Math.min(this.input.client.mssBytes, this.input.server.mssBytes),
      clientWscale: 0,
      serverWscale: 0,
      openNs: this.sim.now,
    });
    const server = new EndHooks(this, conn, 'server', record);
    const client = new EndHooks(this, conn, 'client', record);
    const serverEnd = this.endpoint(server);
    const clientEnd = this.endpoint(client);
    server.peer = clientEnd;
    client.peer = serverEnd;
    const content = { c2s: new StreamContent(), s2c: new StreamContent() };
    const pair = { conn, client: clientEnd, server: serverEnd, content };
    const app = makeApp(pair);
    server.app = app;
    client.app = app;
    serverEnd.listen();
    this.sink.event({ atNs: this.sim.now, conn, side: 'client', kind: 'connect' });
    clientEnd.connect();
    return pair;
  }

  private endpoint(hooks: EndHooks<D>): TransportEnd<D> {
    const client = hooks.side === 'client';
    const link = client ? this.c2s : this.s2c;
    const end = this.transport.endpoint({
      sim: this.sim,
      sink: this.sink,
      conn: hooks.conn,
      side: hooks.side,
      params: client ? this.input.client : this.input.server, // not input[side]: a keyed load by a string goes megamorphic
      link,
      hooks,
    });
    hooks.end = end;
    return end;
  }

  /** Reused for every packet: the network writes its facts, the transport its part, the sink copies it. */
  private readonly record: PacketRecord = {
    id: 0,
    conn: 0,
    dir: 'c2s',
    seq: 0,
    ack: 0,
    flags: 0,
    win: 0,
    len: 0,
    optionBytes: 0,
    mssOption: undefined,
    wscaleOption: undefined,
    sackPermitted: undefined,
    sackBlocks: undefined,
    reason: 'data',
    sendNs: 0,
    arriveNs: null,
    drop: undefined,
    ipBytes: 0,
    wireBytes: 0,
    quic: undefined,
  };

  /** One end finished its handshake: the connection record and the trace say so. */
  established(end: TransportEnd<D>, side: Side, record: ConnectionRecord): void {
    this.transport.established(end, side, record);
    if (side === 'client') this.sink.milestone({ atNs: this.sim.now, conn: record.id, kind: 'connected' });
  }

  /** Bytes handed to one end's application, in order. */
  delivered(conn: number, side: Side, seq: number, bytes: Bytes): void {
    this.sink.delivery(this.sim.now, conn, side, seq, bytes);
  }

  /** Carry a datagram of connection `conn` to `peer` (called by the ends' hooks). */
  transmit(conn: number, d: D, peer: TransportEnd<D>): void {
    const toServer = d.from === 'client';
    const link = toServer ? this.c2s : this.s2c;
    const ipBytes = this.transport.ipBytes(d);
    const wireBytes = ipBytes + link.params.framingBytes;
    link.transmit(wireBytes, peer, d);
    const r = this.record;
    r.conn = conn;
    r.dir = toServer ? 'c2s' : 's2c';
    r.sendNs = link.sendNs;
    r.arriveNs = link.arriveNs;
    r.drop = link.drop;
    r.ipBytes = ipBytes;
    r.wireBytes = wireBytes;
    this.transport.describe(d, r);
    this.sink.packet(r);
  }
}

/** What one transport end tells the network and the application: one object per end, not a closure per hook. */
class EndHooks<D extends Datagram> implements StreamHooks {
  /** Set once both ends and the application exist (before anything is sent). */
  peer: TransportEnd<D> | null = null;
  end: TransportEnd<D> | null = null;
  app: AppHandlers | null = null;

  constructor(
    private readonly network: Network<D>,
    readonly conn: number,
    readonly side: Side,
    private readonly record: ConnectionRecord,
  ) {}

  transmit(d: D): void {
    this.network.transmit(this.conn, d, this.peer!);
  }

  onEstablished(): void {
    this.network.established(this.end!, this.side, this.record);
    this.app!.onEstablished(this.side);
  }

  onDeliver(seq: number, bytes: Bytes): void {
    this.network.delivered(this.conn, this.side, seq, bytes);
    this.app!.onDeliver(this.side, bytes);
  }

  onHeld(seq: number, bytes: Bytes): void {
    this.app!.onHeld?.(this.side, seq - 1, bytes);
  }

  onPeerFin(): void {
    this.app!.onPeerFin(this.side);
  }

  onWritable(): void {
    this.app!.onWritable(this.side);
  }

  onClosed(how: 'normal' | 'reset' | 'abort'): void {
    this.app!.onClosed?.(this.side, how);
  }
}
