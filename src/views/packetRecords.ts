// The views read a run's packets many times a frame: they get its records made once per trace.
import type { PacketRecord, Trace } from '../engine/trace';

const made = new WeakMap<Trace['packets'], PacketRecord[]>();

/** The trace's packets as records, made on first use and kept while the trace is. */
export function packetRecords(trace: Trace): PacketRecord[] {
  let records = made.get(trace.packets);
  if (!records) made.set(trace.packets, (records = trace.packets.all()));
  return records;
}
