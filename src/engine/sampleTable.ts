// The senders' congestion state over time, by column (recordTable.ts says why): a long run
// records a sample on most ACKs.
import { columnMaker, RecordTable, SIDES, type TypedColumns } from './recordTable';
import type { SampleRecord } from './trace';

const SAMPLE_COLUMN_TYPES = {
  atNs: Float64Array,
  conn: Int32Array,
  side: Uint8Array,
  cwnd: Float64Array,
  ssthresh: Float64Array,
  srttNs: Float64Array,
  rtoNs: Float64Array,
  pacingRate: Float64Array,
};
const makeSampleColumns = columnMaker(SAMPLE_COLUMN_TYPES);

/** The columns, as structured clone carries them. NaN: null srtt, or no pacing rate. */
export type SampleColumns = { length: number } & TypedColumns<typeof SAMPLE_COLUMN_TYPES>;

function columns(capacity: number): SampleColumns {
  return { length: 0, ...makeSampleColumns(capacity) };
}

export class SampleTable extends RecordTable<SampleRecord, SampleColumns> {
  protected makeColumns(capacity: number): SampleColumns {
    return columns(capacity);
  }

  /** Records `s` (kept while the table is small: the engine makes a new one per sample). */
  add(s: SampleRecord): void {
    if (this.keepsObjects()) this.keep(s);
    else this.addToColumns(s);
  }

  protected addToColumns(s: SampleRecord): void {
    if (this.c!.length === this.c!.atNs.length) this.grow();
    const c = this.c!;
    const i = c.length;
    c.atNs[i] = s.atNs;
    c.conn[i] = s.conn;
    c.side[i] = s.side === 'client' ? 0 : 1;
    c.cwnd[i] = s.cwnd;
    c.ssthresh[i] = s.ssthresh;
    c.srttNs[i] = s.srttNs === null ? NaN : s.srttNs;
    c.rtoNs[i] = s.rtoNs;
    c.pacingRate[i] = s.pacingRate === undefined ? NaN : s.pacingRate;
    c.length = i + 1;
  }

  protected fromColumns(i: number): SampleRecord {
    const c = this.c!;
    const srtt = c.srttNs[i];
    const s: SampleRecord = {
      atNs: c.atNs[i],
      conn: c.conn[i],
      side: SIDES[c.side[i]],
      cwnd: c.cwnd[i],
      ssthresh: c.ssthresh[i],
      srttNs: Number.isNaN(srtt) ? null : srtt,
      rtoNs: c.rtoNs[i],
    };
    if (!Number.isNaN(c.pacingRate[i])) s.pacingRate = c.pacingRate[i];
    return s;
  }
}
