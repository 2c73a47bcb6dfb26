// The one door through which the engine records a run. Everything else in the engine writes
// through a TraceSink and never touches the Trace's arrays, so what is recorded, and how, is
// decided here.
import type {
  AppEvent,
  ConnectionRecord,
  ExchangeRecord,
  FrameRecord,
  LoadRecord,
  MilestoneRecord,
  PacketRecord,
  SampleRecord,
  StallRecord,
  TimerRecord,
  TlsRecordTrace,
  Side,
  Trace,
} from './trace';
import type { Bytes, Nanoseconds } from './units';
import { SampleTable } from './sampleTable';
import { SimulationLimitError } from './sim';

export interface TraceSink {
  /** Records a packet (copied: the caller may reuse the object); its id is assigned here. */
  packet(p: PacketRecord): void;
  timer(t: TimerRecord): void;
  event(e: AppEvent): void;
  /** The commonest event, 'deliver' (bytes handed to the application in order), without an object. */
  delivery(atNs: Nanoseconds, conn: number, side: Side, seq: number, bytes: Bytes): void;
  stall(s: StallRecord): void;
  sample(s: SampleRecord): void;
  milestone(m: MilestoneRecord): void;
  tlsRecord(r: TlsRecordTrace): void;
  frame(f: FrameRecord): void;
  /** The records below are returned so their owner can fill in what happens later; their id
   * (or index), written first with any value, is assigned here, as a packet's is. */
  connection(c: ConnectionRecord): ConnectionRecord;
  exchange(e: ExchangeRecord): ExchangeRecord;
  load(l: LoadRecord): LoadRecord;
  /** Ids the next connection and exchange will get. */
  readonly nextConnection: number;
  readonly nextExchange: number;
}

export class TraceRecorder implements TraceSink {
  /** `maxPackets` bounds the trace's memory: a run that would record more packets, or as many
   * application events, stops with a SimulationLimitError. */
  constructor(
    readonly trace: Trace,
    private readonly maxPackets = Infinity,
  ) {
    trace.samples ??= new SampleTable();
    trace.milestones ??= [];
  }

  packet(p: PacketRecord): void {
    if (this.trace.packets.length >= this.maxPackets)
      throw new SimulationLimitError(this.maxPackets, p.sendNs, 'packets');
    this.trace.packets.add(p);
  }
  timer(t: TimerRecord): void {
    this.trace.timers.push(t);
  }
  event(e: AppEvent): void {
    // The same budget bounds application events: a server writing in 1-byte pieces records one per write.
    if (this.trace.events.length >= this.maxPackets)
      throw new SimulationLimitError(this.maxPackets, e.atNs, 'application events');
    this.trace.events.add(e);
  }
  delivery(atNs: Nanoseconds, conn: number, side: Side, seq: number, bytes: Bytes): void {
    if (this.trace.events.length >= this.maxPackets)
      throw new SimulationLimitError(this.maxPackets, atNs, 'application events');
    this.trace.events.delivery(atNs, conn, side, seq, bytes);
  }
  stall(s: StallRecord): void {
    this.trace.stalls.push(s);
  }
  sample(s: SampleRecord): void {
    this.trace.samples!.add(s);
  }
  milestone(m: MilestoneRecord): void {
    this.trace.milestones!.push(m);
  }
  tlsRecord(r: TlsRecordTrace): void {
    (this.trace.tlsRecords ??= []).push(r);
  }
  frame(f: FrameRecord): void {
    (this.trace.frames ??= []).push(f);
  }
  connection(c: ConnectionRecord): ConnectionRecord {
    c.id = this.trace.connections.length;
    this.trace.connections.push(c);
    return c;
  }
  exchange(e: ExchangeRecord): ExchangeRecord {
    e.id = this.trace.exchanges.length;
    this.trace.exchanges.push(e);
    return e;
  }
  load(l: LoadRecord): LoadRecord {
    l.index = this.trace.loads.length;
    this.trace.loads.push(l);
    return l;
  }
  /** The run is over: the tables give back the room they kept for more records. */
  finish(): void {
    this.trace.packets.trim();
    this.trace.events.trim();
    this.trace.samples?.trim();
  }
  get nextConnection(): number {
    return this.trace.connections.length;
  }
  get nextExchange(): number {
    return this.trace.exchanges.length;
  }
}
