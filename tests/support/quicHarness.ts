// Two QUIC endpoints joined by a wire the test controls: a fixed round trip, a serialization time
// per datagram, and a rule saying which datagrams are lost. The server answers a request on
// stream 0 with `responseBytes` on the same stream; every datagram is logged for the test to read.
import { Sim } from '../../src/engine/sim';
import { TraceRecorder } from '../../src/engine/sink';
import { emptyTrace } from '../../src/engine/simulate';
import { QuicEndpoint, type QuicDatagram } from '../../src/engine/quic/endpoint';
import { quicHandshakePlan } from '../../src/engine/quic/handshake';
import type { Side } from '../../src/engine/trace';
import { DEFAULT_TCP } from './tcpHarness';

export interface Sent {
  atNs: number;
  arriveNs: number | null;
  d: QuicDatagram;
}

export interface QuicRun {
  log: Sent[];
  /** Stream 0's bytes at the client, with when each part arrived. */
  received: Array<{ atNs: number; bytes: number }>;
  finNs: number | null;
}

const SERIALIZATION_NS = 100_000; // 0.1 ms a datagram each way

export function runQuic(opts: {
  rttMs: number;
  responseBytes: number;
  /** `n` counts the server's datagrams from 0. */
  dropServer?: (d: QuicDatagram, n: number) => boolean;
  cert?: number;
}): QuicRun {
  const sim = new Sim(1_000_000);
  const sink = new TraceRecorder(emptyTrace());
  const plan = quicHandshakePlan({
    version: '1.3',
    falseStart: false,
    resume: false,
    certBytes: opts.cert ?? 1500,
  });
  const run: QuicRun = { log: [], received: [], finNs: null };
  const ends: Partial<Record<Side, QuicEndpoint>> = {};
  const busy = { client: 0, server: 0 };
  let served = 0;
  const make = (side: Side) =>
    new QuicEndpoint(
      {
        sim,
        sink,
        conn: 0,
        side,
        params: DEFAULT_TCP,
        link: {
          get idleAt() {
            return busy[side];
          },
        },
        hooks: {
          transmit: (d) => {
            const lost = side === 'server' && (opts.dropServer?.(d, served++) ?? false);
            busy[side] = Math.max(sim.now, busy[side]) + SERIALIZATION_NS;
            const arriveNs = busy[side] + (opts.rttMs * 1e6) / 2;
            run.log.push({ atNs: sim.now, arriveNs: lost ? null : arriveNs, d });
            const peer = ends[side === 'client' ? 'server' : 'client']!;
            if (!lost) sim.at(arriveNs, () => peer.receive(d));
          },
          onEstablished: () => {
            if (side === 'client') ends.client!.writeStream(ends.client!.openStream(true), 100, true);
          },
          onDeliver: () => {},
          onPeerFin: () => {},
          onWritable: () => {},
          onClosed: () => {},
        },
      },
      plan,
    );
  ends.server = make('server');
  ends.client = make('client');
  ends.server.handler = {
    onStreamData: () => {},
    onStreamFin: (id) => ends.server!.writeStream(id, opts.responseBytes, true),
  };
  ends.client.handler = {
    onStreamData: (id, bytes) => {
      if (id === 0) run.received.push({ atNs: sim.now, bytes });
    },
    onStreamFin: (id) => {
      if (id === 0) run.finNs = sim.now;
    },
  };
  ends.server.listen();
  ends.client.connect();
  sim.runUntil(20e9);
  return run;
}

/** The STREAM frames of stream `id` in a datagram. */
export function streamFrames(d: QuicDatagram, id = 0) {
  return d.packets.flatMap((p) => p.frames.flatMap((f) => (f.kind === 'stream' && f.id === id ? [f] : [])));
}
