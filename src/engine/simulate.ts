// simulate(input) -> Trace: the whole engine behind one pure function.
import { serialApp, type AppHandlers } from './http/serial';
import { LinkDirection } from './link';
import type { SimInput } from './params';
import { Prng } from './prng';
import { Sim } from './sim';
import { TcpEndpoint } from './tcp/endpoint';
import type { Segment } from './tcp/segment';
import type { Trace } from './trace';

const IP_TCP_HEADER_BYTES = 40;
const CLIENT_ISS = 676352001; // Heidemann Fig. 2, so our tcpdump lines read like the paper's
const SERVER_ISS = 1807168001;
const ISS_STEP = 64000; // 4.4BSD advanced the ISS by 64000 per connection

export function emptyTrace(): Trace {
  return {
    packets: [],
    timers: [],
    events: [],
    stalls: [],
    connections: [],
    exchanges: [],
    linkFramingBytes: 0,
    endNs: 0,
    eventCount: 0,
  };
}

function optionBytes(seg: Segment): number {
  return (seg.mssOption !== undefined ? 4 : 0) + (seg.wscaleOption !== undefined ? 4 : 0);
}

export function simulate(input: SimInput): Trace {
  const sim = new Sim(input.maxEvents);
  const trace = emptyTrace();
  trace.linkFramingBytes = input.c2s.framingBytes;
  const c2s = new LinkDirection(sim, input.c2s, input.seed, 1);
  const s2c = new LinkDirection(sim, input.s2c, input.seed, 2);

  input.connections.forEach((script, conn) => {
    sim.at(script.startNs, () => openConnection(conn));
  });

  function openConnection(conn: number): void {
    const script = input.connections[conn];
    let app: AppHandlers | null = null;
    const endpoints: { client?: TcpEndpoint; server?: TcpEndpoint } = {};
    const record = {
      id: conn,
      clientPort: 3199 + conn,
      serverPort: 8080,
      clientIss: (CLIENT_ISS + conn * ISS_STEP) >>> 0,
      serverIss: (SERVER_ISS + conn * ISS_STEP) >>> 0,
      mss: Math.min(input.client.mssBytes, input.server.mssBytes),
      clientWscale: 0,
      serverWscale: 0,
      openNs: sim.now,
    };
    trace.connections.push(record);

    const transmit = (seg: Segment) => {
      const toServer = seg.from === 'client';
      const link = toServer ? c2s : s2c;
      const opts = optionBytes(seg);
      const ipBytes = IP_TCP_HEADER_BYTES + opts + seg.len;
      const wireBytes = ipBytes + link.params.framingBytes;
      const peer = toServer ? endpoints.server! : endpoints.client!;
      const outcome = link.send(wireBytes, () => peer.receive(seg));
      trace.packets.push({
        id: trace.packets.length,
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
    };

    const hooksFor = (side: 'client' | 'server') => ({
      transmit,
      onEstablished: () => {
        if (side === 'client') record.clientWscale = endpoints.client!.rcvScale;
        else record.serverWscale = endpoints.server!.rcvScale;
        app!.onEstablished(side);
      },
      onDeliver: (seq: number, bytes: number) => {
        trace.events.push({ atNs: sim.now, conn, side, kind: 'deliver', seq, bytes });
        app!.onDeliver(side, bytes);
      },
      onPeerFin: () => app!.onPeerFin(side),
      onWritable: () => app!.onWritable(side),
      onClosed: () => {},
    });

    endpoints.server = new TcpEndpoint(sim, trace, conn, 'server', input.server, hooksFor('server'));
    endpoints.client = new TcpEndpoint(sim, trace, conn, 'client', input.client, hooksFor('client'));
    const pair = { client: endpoints.client, server: endpoints.server };
    app = serialApp(sim, trace, conn, script, pair);
    endpoints.server.listen();
    trace.events.push({ atNs: sim.now, conn, side: 'client', kind: 'connect' });
    endpoints.client.connect();
  }

  sim.run();
  trace.endNs = sim.now;
  trace.eventCount = sim.eventCount;
  return trace;
}

/** The heartbeat phase of a host's delayed-ACK clock, drawn from the seed when not given. */
export function seededPhaseNs(seed: number, host: number, periodNs: number): number {
  return new Prng(seed, 100 + host).below(Math.max(1, Math.floor(periodNs / 1000))) * 1000;
}
