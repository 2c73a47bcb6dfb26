// The engine behind one pure function, handed the parts beyond its core or not (simulate.ts hands
// them: HTTP/3, CUBIC and BBR; the page's own thread runs without them).
import { HttpClient } from './http/client';
import { ServerHost } from './http/server';
import { Network } from './network';
import { requireHttp3, type Http3Support } from './http/http3Support';
import type { Datagram, Transport } from './transport';
import type { SimInput } from './params';
import { DEFAULT_CERT_BYTES } from './tls/handshake';
import { Sim } from './sim';
import type { Segment } from './tcp/segment';
import { EventTable } from './eventTable';
import { PacketTable } from './packetTable';
import { SampleTable } from './sampleTable';
import { TraceRecorder } from './sink';
import type { Trace } from './trace';

const QUIC_TLS = { version: '1.3', falseStart: false, resume: false, certBytes: DEFAULT_CERT_BYTES } as const;

export function emptyTrace(): Trace {
  // The arrays made apart, not inside the literal: a literal holding literals is copied deeply, by
  // a runtime call, and this runs once per run before it is ever optimized.
  const timers: Trace['timers'] = [];
  const stalls: Trace['stalls'] = [];
  const connections: Trace['connections'] = [];
  const exchanges: Trace['exchanges'] = [];
  const loads: Trace['loads'] = [];
  const milestones: NonNullable<Trace['milestones']> = [];
  return {
    packets: new PacketTable(),
    timers,
    events: new EventTable(),
    stalls,
    connections,
    exchanges,
    loads,
    linkFramingBytes: 0,
    endNs: 0,
    eventCount: 0,
    samples: new SampleTable(),
    milestones,
  };
}

/** How far a long run has got: its clock and the packets recorded so far. */
export interface SimProgress {
  simulatedNs: number;
  packets: number;
}

/**
 * What an engine has beyond its core: HTTP/3 (or null), and TCP with its congestion controllers
 * (`tcpTransport(controls)`). Made once, not per run: a short run had spent 0.4% of its time
 * making TCP's transport object.
 */
export interface EngineParts {
  http3: Http3Support | null;
  tcp: Transport<Segment>;
}

export function simulateWith(
  input: SimInput,
  { http3, tcp }: EngineParts,
  onProgress?: (p: SimProgress) => void,
): Trace {
  const sim = new Sim(input.maxEvents);
  const trace = emptyTrace();
  const sink = new TraceRecorder(trace, input.maxPackets);
  // HTTP/3 runs over QUIC, with TLS 1.3 inside it; everything else over TCP.
  const quic =
    input.http.mode === '3'
      ? requireHttp3(http3).transport(input.http.tls ?? QUIC_TLS, input.http.h3WindowBytes ?? null)
      : undefined;
  const network = new Network(sim, sink, input, (quic ?? tcp) as Transport<Datagram>);
  trace.linkFramingBytes = network.framingBytes;
  const server = new ServerHost(sim, sink, input.http, http3);
  new HttpClient(sim, sink, network, input.http, server, http3).start();
  sim.run(onProgress && ((now) => onProgress({ simulatedNs: now, packets: trace.packets.length })));
  if (input.capture && input.capture !== 'wire') trace.capture = input.capture;
  trace.endNs = sim.now;
  trace.eventCount = sim.eventCount;
  sink.finish();
  return trace;
}
