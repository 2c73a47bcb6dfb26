// A small vocabulary for reading traces in tests.
import { parseQuery } from '../../src/scenario/codec';
import { toSimInput } from '../../src/scenario/resolve';
import { simulate } from '../../src/engine/simulate';
import { FLAG, type Direction, type PacketRecord, type Trace } from '../../src/engine/trace';

export function run(query: string): Trace {
  const { config, problems } = parseQuery(query);
  if (problems.length > 0) throw new Error(`bad test query ${query}: ${problems.join('; ')}`);
  return simulate(toSimInput(config.settings));
}

export const ms = (ns: number) => ns / 1e6;

/** Data-bearing segments in one direction, in the order they left. */
export function dataSegments(trace: Trace, dir: Direction, conn = 0): PacketRecord[] {
  return trace.packets.filter((p) => p.dir === dir && p.conn === conn && p.len > 0);
}

export function pureAcks(trace: Trace, dir: Direction): PacketRecord[] {
  return trace.packets.filter(
    (p) => p.dir === dir && p.len === 0 && !(p.flags & (FLAG.SYN | FLAG.FIN | FLAG.RST)),
  );
}

export const range = (p: PacketRecord) => `${p.seq}:${p.seq + p.len}(${p.len})`;

/** Bytes handed to one side's application, checked to be contiguous and never repeated. */
export function deliveredBytes(trace: Trace, conn: number, side: 'client' | 'server'): number {
  let next = 1;
  for (const e of trace.events) {
    if (e.kind !== 'deliver' || e.conn !== conn || e.side !== side) continue;
    if (e.seq !== next) throw new Error(`conn ${conn} ${side}: delivery at ${e.seq}, expected ${next}`);
    next += e.bytes!;
  }
  return next - 1;
}
