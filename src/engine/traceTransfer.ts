// A trace crossing from the worker to the page: its tables' columns are transferred, not copied,
// and the page makes them tables again (structured clone keeps their data, not their class).
import { EventTable } from './eventTable';
import { PacketTable } from './packetTable';
import { columnBuffers } from './recordTable';
import { SampleTable } from './sampleTable';
import type { Trace } from './trace';

/** The buffers to transfer with a trace the sender will not use again. */
export function traceBuffers(trace: Trace): ArrayBuffer[] {
  return [trace.packets.columns, trace.events.columns, trace.samples?.columns].flatMap((c) =>
    c ? columnBuffers(c) : [],
  );
}

/** The trace as it arrived, with its tables revived in place. */
export function reviveTrace(trace: Trace): Trace {
  trace.packets = PacketTable.revive(trace.packets);
  trace.events = EventTable.revive(trace.events);
  if (trace.samples) trace.samples = SampleTable.revive(trace.samples);
  return trace;
}
