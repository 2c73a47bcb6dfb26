// A run's application events, by column (recordTable.ts says why): a long transfer records one
// 'deliver' per segment handed to the application.
import { columnMaker, RecordTable, SIDES, type TypedColumns } from './recordTable';
import { APP_EVENT_KINDS, type AppEvent, type AppEventKind, type Side } from './trace';

const KIND_CODE = new Map(APP_EVENT_KINDS.map((k, i) => [k, i]));

const EVENT_COLUMN_TYPES = {
  atNs: Float64Array,
  conn: Int32Array,
  side: Uint8Array,
  kind: Uint8Array,
  seq: Float64Array,
  bytes: Float64Array,
  exchange: Float64Array,
};
const makeEventColumns = columnMaker(EVENT_COLUMN_TYPES);

/** The columns, as structured clone carries them. NaN in an optional column: the field is absent. */
export type EventColumns = { length: number } & TypedColumns<typeof EVENT_COLUMN_TYPES> & {
    notes: Map<number, string>;
  };

function columns(capacity: number): EventColumns {
  return { length: 0, ...makeEventColumns(capacity), notes: new Map() };
}

const absent = (x: number | undefined) => (x === undefined ? NaN : x);

export class EventTable extends RecordTable<AppEvent, EventColumns> {
  protected makeColumns(capacity: number): EventColumns {
    return columns(capacity);
  }

  /** Records `e` (kept while the table is small: the engine makes a new one per event). */
  add(e: AppEvent): void {
    if (this.keepsObjects()) this.keep(e);
    else this.addToColumns(e);
  }

  protected addToColumns(e: AppEvent): void {
    this.record(e.atNs, e.conn, e.side, e.kind, absent(e.seq), absent(e.bytes), absent(e.exchange), e.note);
  }

  /** Records a 'deliver' event from its fields, without an object once the table is in columns. */
  delivery(atNs: number, conn: number, side: Side, seq: number, bytes: number): void {
    if (this.keepsObjects()) this.keep({ atNs, conn, side, kind: 'deliver', seq, bytes });
    else this.record(atNs, conn, side, 'deliver', seq, bytes, NaN, undefined);
  }

  /** An event into the columns, from its fields (NaN: absent). */
  private record(
    atNs: number,
    conn: number,
    side: Side,
    kind: AppEventKind,
    seq: number,
    bytes: number,
    exchange: number,
    note: string | undefined,
  ): void {
    if (this.c!.length === this.c!.atNs.length) this.grow();
    const c = this.c!;
    const i = c.length;
    c.atNs[i] = atNs;
    c.conn[i] = conn;
    c.side[i] = side === 'client' ? 0 : 1;
    c.kind[i] = KIND_CODE.get(kind)!;
    c.seq[i] = seq;
    c.bytes[i] = bytes;
    c.exchange[i] = exchange;
    if (note !== undefined) c.notes.set(i, note);
    c.length = i + 1;
  }

  protected fromColumns(i: number): AppEvent {
    const c = this.c!;
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
