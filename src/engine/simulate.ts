// simulate(input) -> Trace: the whole engine behind one pure function.
import { HttpClient } from './http/client';
import { ServerHost } from './http/server';
import { Network } from './network';
import type { SimInput } from './params';
import { Sim } from './sim';
import { TraceRecorder } from './sink';
import type { Trace } from './trace';

export function emptyTrace(): Trace {
  return {
    packets: [],
    timers: [],
    events: [],
    stalls: [],
    connections: [],
    exchanges: [],
    loads: [],
    linkFramingBytes: 0,
    endNs: 0,
    eventCount: 0,
    samples: [],
    milestones: [],
  };
}

export function simulate(input: SimInput): Trace {
  const sim = new Sim(input.maxEvents);
  const trace = emptyTrace();
  const sink = new TraceRecorder(trace);
  const network = new Network(sim, sink, input);
  trace.linkFramingBytes = network.framingBytes;
  const server = new ServerHost(sim, sink, input.http);
  new HttpClient(sim, sink, network, input.http, server).start();
  sim.run();
  if (input.capture && input.capture !== 'wire') trace.capture = input.capture;
  trace.endNs = sim.now;
  trace.eventCount = sim.eventCount;
  return trace;
}
