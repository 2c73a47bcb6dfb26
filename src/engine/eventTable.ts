// A run's application events, by column (recordTable.ts says why): a long transfer records one
// 'deliver' per segment handed to the application.
import { grown, RecordTable } from './recordTable';
import { APP_EVENT_KINDS, type AppEvent, type Side } from './trace';

const KIND_CODE = new Map(APP_EVENT_KINDS.map((k, i) => [k, i]));
const SIDES: readonly Side[] = ['client', 'server'];

/** The columns, as structured clone carries them. NaN in an optional column: the field is absent. */
export interface EventColumns {
  length: number;
  atNs: Float64Array;
  conn: Int32Array;
  side: Uint8Array;
  kind: Uint8Array;
  seq: Float64Array;
  bytes: Float64Array;
  exchange: Float64Array;
  notes: Map<number, string>;
}

function columns(capacity: number): EventColumns {
  return {
    length: 0,
    atNs: new Float64Array(capacity),
    conn: new Int32Array(capacity),
    side: new Uint8Array(capacity),
    kind: new Uint8Array(capacity),
    seq: new Float64Array(capacity),
    bytes: new Float64Array(capacity),
    exchange: new Float64Array(capacity),
    notes: new Map(),
  };
}

const absent = (x: number | undefined) => (x === undefined ? NaN : x);

export class EventTable extends RecordTable<AppEvent> {
  private c: EventColumns;

  constructor(from?: EventColumns) {
    super();
    this.c = from ?? columns(64);
  }

  /** A table sent through structured clone (which keeps the columns, not the class). */
  static revive(data: EventTable | { c: EventColumns }): EventTable {
    return data instanceof EventTable ? data : new EventTable(data.c);
  }

  static of(events: AppEvent[]): EventTable {
    const table = new EventTable();
    for (const e of events) table.add(e);
    return table;
  }

  get length(): number {
    return this.c.length;
  }

  get columns(): Readonly<EventColumns> {
    return this.c;
  }

  /** Records `e` (copied). */
  add(e: AppEvent): void {
    if (this.c.length === this.c.atNs.length) this.c = grown(this.c, columns);
    const c = this.c;
    const i = c.length;
    c.atNs[i] = e.atNs;
    c.conn[i] = e.conn;
    c.side[i] = e.side === 'client' ? 0 : 1;
    c.kind[i] = KIND_CODE.get(e.kind)!;
    c.seq[i] = absent(e.seq);
    c.bytes[i] = absent(e.bytes);
    c.exchange[i] = absent(e.exchange);
    if (e.note !== undefined) c.notes.set(i, e.note);
    c.length = i + 1;
  }

  get(i: number): AppEvent {
    const c = this.c;
    // The optional fields in the one order every call site wrote them (the trace's JSON depends on it).
    const e: AppEvent = {
      atNs: c.atNs[i],
      conn: c.conn[i],
      side: SIDES[c.side[i]],
      kind: APP_EVENT_KINDS[c.kind[i]],
    };
    if (!Number.isNaN(c.seq[i])) e.seq = c.seq[i];
    if (!Number.isNaN(c.bytes[i])) e.bytes = c.bytes[i];
    if (!Number.isNaN(c.exchange[i])) e.exchange = c.exchange[i];
    const note = c.notes.get(i);
    if (note !== undefined) e.note = note;
    return e;
  }
}
