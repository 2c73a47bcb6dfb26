// The packets of a run: objects while few, then columns (recordTable.ts says why).
import { columnMaker, RecordTable, type TypedColumns } from './recordTable';
import {
  DROP_CAUSES,
  SEND_REASONS,
  type Direction,
  type PacketRecord,
  type QuicPacketFields,
  type SendReason,
} from './trace';

const REASONS = SEND_REASONS;
const REASON_CODE = new Map(REASONS.map((r, i) => [r, i]));
/** The commonest reasons by comparison (a map lookup per packet showed in profiles), the rest from the map. */
const DATA = REASONS.indexOf('data');
const ACK_NOW = REASONS.indexOf('ack-now');
function reasonCode(reason: SendReason): number {
  if (reason === 'data') return DATA;
  if (reason === 'ack-now') return ACK_NOW;
  return REASON_CODE.get(reason)!;
}
const DIRS: readonly Direction[] = ['c2s', 's2c'];
const DROPS = [undefined, ...DROP_CAUSES] as const;

/** The rare fields: TCP options on a SYN, and a QUIC packet's contents. */
interface Extras {
  mssOption?: number;
  wscaleOption?: number;
  sackPermitted?: boolean;
  /** Only an empty list (the column holds the rest). */
  sackBlocks?: Array<[number, number]>;
  quic?: QuicPacketFields['quic'];
}

const PACKET_COLUMN_TYPES = {
  conn: Int32Array,
  dir: Uint8Array,
  seq: Float64Array,
  ack: Float64Array,
  flags: Uint8Array,
  win: Float64Array,
  len: Int32Array,
  optionBytes: Uint8Array,
  reason: Uint8Array,
  sendNs: Float64Array,
  arriveNs: Float64Array, // NaN: dropped (the record's null)
  drop: Uint8Array, // 0: delivered, 1: queue, 2: loss
  ipBytes: Int32Array,
  wireBytes: Int32Array,
  sackStart: Int32Array, // packet i's SACK blocks: sackCount[i] pairs from sack.values[sackStart[i]]
  sackCount: Uint8Array,
};
const makePacketColumns = columnMaker(PACKET_COLUMN_TYPES);

/** The columns, as structured clone carries them between the worker and the page. */
export type PacketColumns = { length: number } & TypedColumns<typeof PACKET_COLUMN_TYPES> & {
    sack: { length: number; values: Float64Array };
    extras: Map<number, Extras>;
  };

function columns(capacity: number): PacketColumns {
  return {
    length: 0,
    ...makePacketColumns(capacity),
    sack: { length: 0, values: new Float64Array(8) }, // small enough to live on the heap until SACK is used
    extras: new Map(),
  };
}

export class PacketTable extends RecordTable<PacketRecord, PacketColumns> {
  protected makeColumns(capacity: number): PacketColumns {
    return columns(capacity);
  }

  /** A table of these records (for tests and traces built by hand); their ids are their places. */
  static of(records: Array<Omit<PacketRecord, 'id'> & { id?: number }>): PacketTable {
    const table = new PacketTable();
    for (const r of records) table.add(r as PacketRecord, true);
    return table;
  }

  /**
   * Records `p` (copied; the caller may reuse it) as packet `length`, and returns its id. A record
   * from the engine has option fields only when it has option bytes; `anyOption` looks for them
   * in any case (records built by hand).
   */
  add(p: PacketRecord, anyOption = false): number {
    if (!this.keepsObjects()) return this.addToColumns(p, anyOption);
    const i = this.small!.length;
    this.keep(recordOf(p, i));
    return i;
  }

  protected addToColumns(p: PacketRecord, anyOption = true): number {
    const c = this.c!;
    const i = c.length;
    if (i === c.conn.length) this.grow();
    const g = this.c!;
    g.conn[i] = p.conn;
    g.dir[i] = p.dir === 'c2s' ? 0 : 1;
    g.seq[i] = p.seq;
    g.ack[i] = p.ack;
    g.flags[i] = p.flags;
    g.win[i] = p.win;
    g.len[i] = p.len;
    g.optionBytes[i] = p.optionBytes;
    g.reason[i] = reasonCode(p.reason);
    g.sendNs[i] = p.sendNs;
    g.arriveNs[i] = p.arriveNs === null ? NaN : p.arriveNs;
    g.drop[i] = p.drop === undefined ? 0 : DROPS.indexOf(p.drop);
    g.ipBytes[i] = p.ipBytes;
    g.wireBytes[i] = p.wireBytes;
    g.length = i + 1;
    // A TCP packet without options has none of the rare fields (a new buffer's SACK count is 0).
    if (p.optionBytes === 0 && p.quic === undefined && !anyOption) return i;
    g.sackCount[i] = 0;
    const emptySack = p.sackBlocks !== undefined && p.sackBlocks.length === 0;
    if (p.sackBlocks !== undefined && !emptySack) this.addSack(i, p.sackBlocks);
    if (
      p.mssOption !== undefined ||
      p.wscaleOption !== undefined ||
      p.sackPermitted !== undefined ||
      emptySack ||
      p.quic !== undefined
    ) {
      const extras: Extras = {};
      if (p.mssOption !== undefined) extras.mssOption = p.mssOption;
      if (p.wscaleOption !== undefined) extras.wscaleOption = p.wscaleOption;
      if (p.sackPermitted !== undefined) extras.sackPermitted = p.sackPermitted;
      if (emptySack) extras.sackBlocks = [];
      if (p.quic !== undefined) extras.quic = p.quic;
      g.extras.set(i, extras);
    }
    return i;
  }

  private addSack(i: number, blocks: Array<[number, number]>): void {
    const c = this.c!;
    const sack = c.sack;
    if (sack.length + 2 * blocks.length > sack.values.length) {
      const values = new Float64Array(sack.values.length * 2 + 2 * blocks.length);
      values.set(sack.values);
      sack.values = values;
    }
    let end = sack.length; // counted here and stored once: V8 left the stores to sack.length generic
    c.sackStart[i] = end;
    c.sackCount[i] = blocks.length;
    const values = sack.values;
    for (let b = 0; b < blocks.length; b++) {
      values[end++] = blocks[b][0];
      values[end++] = blocks[b][1];
    }
    sack.length = end;
  }

  private sackBlocks(i: number): Array<[number, number]> {
    const { sackStart, sackCount, sack } = this.c!;
    const blocks: Array<[number, number]> = [];
    for (let k = sackStart[i]; k < sackStart[i] + 2 * sackCount[i]; k += 2)
      blocks.push([sack.values[k], sack.values[k + 1]]);
    return blocks;
  }

  protected fromColumns(i: number): PacketRecord {
    const c = this.c!;
    const drop = DROPS[c.drop[i]];
    const arrive = c.arriveNs[i];
    const x = c.extras.get(i);
    // Field order as the engine wrote its records: the JSON of the trace depends on it.
    const record: PacketRecord = {
      id: i,
      conn: c.conn[i],
      dir: DIRS[c.dir[i]],
      seq: c.seq[i],
      ack: c.ack[i],
      flags: c.flags[i],
      win: c.win[i],
      len: c.len[i],
      optionBytes: c.optionBytes[i],
    } as PacketRecord;
    if (x) {
      if (x.mssOption !== undefined) record.mssOption = x.mssOption;
      if (x.wscaleOption !== undefined) record.wscaleOption = x.wscaleOption;
      if (x.sackPermitted !== undefined) record.sackPermitted = x.sackPermitted;
      if (x.sackBlocks !== undefined) record.sackBlocks = x.sackBlocks;
    }
    if (c.sackCount[i] > 0) record.sackBlocks = this.sackBlocks(i);
    record.reason = REASONS[c.reason[i]];
    record.sendNs = c.sendNs[i];
    record.arriveNs = Number.isNaN(arrive) ? null : arrive;
    if (drop !== undefined) record.drop = drop;
    record.ipBytes = c.ipBytes[i];
    record.wireBytes = c.wireBytes[i];
    if (x?.quic !== undefined) record.quic = x.quic;
    return record;
  }

  /** Packet `i`'s send time without making its record. */
  sendNs(i: number): number {
    return this.c ? this.c.sendNs[i] : this.small![i].sendNs;
  }
}

/**
 * Packet `i` as the engine records it, from `p` (which the network reuses): the fields in the
 * order its records have always had, the rare ones only when present.
 */
function recordOf(p: PacketRecord, i: number): PacketRecord {
  // Nearly every packet has none of the rare fields: one literal makes it in one step and one shape.
  if (p.optionBytes === 0 && p.drop === undefined && p.quic === undefined && p.sackBlocks === undefined)
    return {
      id: i,
      conn: p.conn,
      dir: p.dir,
      seq: p.seq,
      ack: p.ack,
      flags: p.flags,
      win: p.win,
      len: p.len,
      optionBytes: p.optionBytes,
      reason: p.reason,
      sendNs: p.sendNs,
      arriveNs: p.arriveNs,
      ipBytes: p.ipBytes,
      wireBytes: p.wireBytes,
    };
  return rareRecordOf(p, i);
}

/** `recordOf` for a packet with rare fields: apart, so recordOf stays small (RecordTable.keepsObjects says why). */
function rareRecordOf(p: PacketRecord, i: number): PacketRecord {
  const record = {
    id: i,
    conn: p.conn,
    dir: p.dir,
    seq: p.seq,
    ack: p.ack,
    flags: p.flags,
    win: p.win,
    len: p.len,
    optionBytes: p.optionBytes,
  } as PacketRecord;
  if (p.mssOption !== undefined) record.mssOption = p.mssOption;
  if (p.wscaleOption !== undefined) record.wscaleOption = p.wscaleOption;
  if (p.sackPermitted !== undefined) record.sackPermitted = p.sackPermitted;
  if (p.sackBlocks !== undefined) record.sackBlocks = p.sackBlocks;
  record.reason = p.reason;
  record.sendNs = p.sendNs;
  record.arriveNs = p.arriveNs;
  if (p.drop !== undefined) record.drop = p.drop;
  record.ipBytes = p.ipBytes;
  record.wireBytes = p.wireBytes;
  if (p.quic !== undefined) record.quic = p.quic;
  return record;
}
