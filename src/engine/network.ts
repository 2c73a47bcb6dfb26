// The wire between the client host and the server host: one link per direction, shared by all
// connections, and the glue that turns an endpoint's segments into trace packets.
import { LinkDirection } from './link';
import type { SimInput } from './params';
import type { Sim } from './sim';
import type { TraceSink } from './sink';
import { TcpEndpoint, type EndpointHooks } from './tcp/endpoint';
import type { Segment } from './tcp/segment';
import { StallLabeller } from './tcp/stalls';
import type { Side } from './trace';
import type { Bytes } from './units';

const IP_TCP_HEADER_BYTES = 40;
const CLIENT_ISS = 676352001; // Heidemann Fig. 2, so our tcpdump lines read like the paper's
const SERVER_ISS = 1807168001;
const ISS_STEP = 64000; // 4.4BSD advanced the ISS by 64000 per connection

export interface ConnectionPair {
  conn: number;
  client: TcpEndpoint;
  server: TcpEndpoint;
}

/** What an application does when its socket reports something. */
export interface AppHandlers {
  onEstablished(side: Side): void;
  onDeliver(side: Side, bytes: Bytes): void;
  onPeerFin(side: Side): void;
  onWritable(side: Side): void;
  onClosed?(side: Side, how: 'normal' | 'reset' | 'abort'): void;
}

/** MSS (4 bytes) and NOP + window scale (4 bytes) on a SYN. */
function optionBytes(seg: Segment): number {
  return (seg.mssOption !== undefined ? 4 : 0) + (seg.wscaleOption !== undefined ? 4 : 0);
}

export class Network {
  private readonly c2s: LinkDirection;
  private readonly s2c: LinkDirection;

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly input: SimInput,
  ) {
    this.c2s = new LinkDirection(sim, input.c2s, input.seed, 1);
    this.s2c = new LinkDirection(sim, input.s2c, input.seed, 2);
  }

  /** Link framing bytes per packet. */
  get framingBytes(): Bytes {
    return this.input.c2s.framingBytes;
  }

  /** Open a new connection now: the server listens, the client sends its SYN. */
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
    const ends: Partial<Record<Side, TcpEndpoint>> = {};
    const hooks = (side: Side): EndpointHooks => ({
      transmit: (seg) => this.transmit(conn, seg, ends[side === 'client' ? 'server' : 'client']!),
      onEstablished: () => {
        if (side === 'client') {
          record.clientWscale = ends.client!.rcvScale;
          this.sink.milestone({ atNs: this.sim.now, conn, kind: 'connected' });
        } else record.serverWscale = ends.server!.rcvScale;
        app!.onEstablished(side);
      },
      onDeliver: (seq, bytes) => {
        this.sink.event({ atNs: this.sim.now, conn, side, kind: 'deliver', seq, bytes });
        app!.onDeliver(side, bytes);
      },
      onPeerFin: () => app!.onPeerFin(side),
      onWritable: () => app!.onWritable(side),
      onClosed: (how) => app!.onClosed?.(side, how),
    });
    const endpoint = (side: Side) => {
      const end = new TcpEndpoint(this.sim, this.sink, conn, side, this.input[side], hooks(side));
      const link = side === 'client' ? this.c2s : this.s2c;
      end.observe(
        new StallLabeller(
          this.sink,
          conn,
          side,
          () => this.sim.now,
          () => link.idleAt,
        ),
      );
      return end;
    };
    ends.server = endpoint('server');
    ends.client = endpoint('client');
    const pair = { conn, client: ends.client, server: ends.server };
    app = makeApp(pair);
    ends.server.listen();
    this.sink.event({ atNs: this.sim.now, conn, side: 'client', kind: 'connect' });
    ends.client.connect();
    return pair;
  }

  private transmit(conn: number, seg: Segment, peer: TcpEndpoint): void {
    const toServer = seg.from === 'client';
    const link = toServer ? this.c2s : this.s2c;
    const opts = optionBytes(seg);
    const ipBytes = IP_TCP_HEADER_BYTES + opts + seg.len;
    const wireBytes = ipBytes + link.params.framingBytes;
    const outcome = link.send(wireBytes, () => peer.receive(seg));
    this.sink.packet({
      conn,
      dir: toServer ? 'c2s' : 's2c',
      seq: seg.seq,
      ack: seg.ack,
      flags: seg.flags,
      win: seg.win,
      len: seg.len,
      optionBytes: opts,
      mssOption: seg.mssOption,
      wscaleOption: seg.wscaleOption,
      reason: seg.reason,
      sendNs: outcome.sendNs,
      arriveNs: outcome.arriveNs,
      drop: outcome.drop,
      ipBytes,
      wireBytes,
    });
  }
}
