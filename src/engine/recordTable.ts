// A run's many small records (packets, application events, congestion samples). A table keeps
// them as objects while it is small: made and dropped young, they cost the garbage collector
// nothing. Past OBJECTS_UP_TO records it moves them to columns, one typed array per field, so a
// long run's trace is a few arrays instead of an object (and its boxed times) per record, which
// the collector would otherwise copy again and again while the run goes on, and which crosses
// from the worker to the page in a copy of a few buffers. Readers get ordinary record objects
// through the array methods they used before; JSON.stringify writes exactly the array of records
// the engine used to keep (trace hashes and the JSON export depend on it).
import type { Side } from './trace';

/** A side as a column stores it: its index here. */
export const SIDES: readonly Side[] = ['client', 'server'];

/** Records a table keeps as objects before it moves them to columns. */
export const OBJECTS_UP_TO = 4096;

type TypedColumn = Float64Array | Int32Array | Uint8Array;
type ColumnType = Float64ArrayConstructor | Int32ArrayConstructor | Uint8ArrayConstructor;

/** The columns a table of these column types holds. */
export type TypedColumns<S extends Record<string, ColumnType>> = { [K in keyof S]: InstanceType<S[K]> };

/**
 * A maker of columns of these types, all views on one buffer: a table allocates one buffer when it
 * starts and one each time it grows, not one per column (buffers are slow to allocate, and a
 * short run's tables start many times a second).
 */
export function columnMaker<S extends Record<string, ColumnType>>(
  types: S,
): (capacity: number) => TypedColumns<S> {
  // Widest first, so every view starts aligned (capacities are multiples of 8).
  const names = Object.keys(types).sort((a, b) => types[b].BYTES_PER_ELEMENT - types[a].BYTES_PER_ELEMENT);
  const bytesPerRecord = names.reduce((sum, n) => sum + types[n].BYTES_PER_ELEMENT, 0);
  return (capacity) => {
    const buffer = new ArrayBuffer(bytesPerRecord * capacity);
    const out: Record<string, TypedColumn> = {};
    let offset = 0;
    for (const n of names) {
      out[n] = new types[n](buffer, offset, capacity);
      offset += types[n].BYTES_PER_ELEMENT * capacity;
    }
    return out as TypedColumns<S>;
  };
}

/** A table's first capacity, and how much it grows when full. */
const FIRST_CAPACITY = OBJECTS_UP_TO * 2;
const GROWTH = 4;

/** A copy of `old`, which is full, with room for more records. */
function grown<C extends { length: number }>(old: C, make: (capacity: number) => C): C {
  return copied(old, make(Math.max(FIRST_CAPACITY, old.length * GROWTH)));
}

/**
 * `full` without its spare room, once the run is over: a finished trace holds what it recorded,
 * not up to four times that. Columns less than a third empty stay as they are (not worth a copy).
 */
function trimmed<C extends { length: number }>(full: C, capacity: number, make: (capacity: number) => C): C {
  if (capacity * 2 <= full.length * 3) return full;
  return copied(full, make(Math.ceil(full.length / 8) * 8));
}

/** `to` with `from`'s records (the first `from.length` of each column) and its other fields. */
function copied<C extends { length: number }>(from: C, to: C): C {
  const source = from as unknown as Record<string, unknown>;
  const target = to as unknown as Record<string, unknown>;
  for (const name of Object.keys(source)) {
    const column = source[name];
    if (ArrayBuffer.isView(column))
      (target[name] as TypedColumn).set((column as TypedColumn).subarray(0, from.length));
    else target[name] = column; // the length and the sparse extras carry over
  }
  return to;
}

/** The records columns have room for (all their typed arrays are as long). */
function capacityOf(columns: object): number {
  for (const v of Object.values(columns)) if (ArrayBuffer.isView(v)) return (v as TypedColumn).length;
  return 0;
}

/** The buffers of a table's columns (to transfer them between threads). */
export function columnBuffers(columns: object): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const v of Object.values(columns)) if (ArrayBuffer.isView(v)) buffers.add(v.buffer as ArrayBuffer);
  return [...buffers];
}

export abstract class RecordTable<
  R,
  C extends { length: number } = { length: number },
> implements Iterable<R> {
  /** The records, while the table is small; null once they are in columns. */
  protected small: R[] | null = [];
  /** The columns, once the records have moved there. */
  protected c: C | null = null;

  /** Columns with room for `capacity` records. */
  protected abstract makeColumns(capacity: number): C;
  /** Record `r` into the columns, and record `i` made from them. */
  protected abstract addToColumns(r: R): void;
  protected abstract fromColumns(i: number): R;

  /** A table sent through structured clone (which keeps its fields, not its class). */
  static revive<T extends object>(this: { prototype: T }, data: T): T {
    return Object.getPrototypeOf(data) === this.prototype
      ? data
      : (Object.setPrototypeOf(data, this.prototype) as T);
  }

  get length(): number {
    return this.small !== null ? this.small.length : this.c!.length;
  }
  /** Record `i` (while the table is small, the object kept; after, a new object each call). */
  get(i: number): R {
    return this.small !== null ? this.small[i] : this.fromColumns(i);
  }
  /** The columns, once the table has moved its records there (null while it is small). */
  get columns(): Readonly<C> | null {
    return this.c;
  }
  /** The run is over: columns keep no spare room. */
  trim(): void {
    if (this.c) this.c = trimmed(this.c, capacityOf(this.c), (n) => this.makeColumns(n));
  }

  /** Columns full: make them bigger. */
  protected grow(): void {
    this.c = grown(this.c!, (n) => this.makeColumns(n));
  }

  /**
   * Keep `r` as the next object record. An indexed store, not push: a table's first array is made
   * before V8 knows it holds objects, and a push that then meets it is never optimized again.
   */
  protected keep(r: R): void {
    const small = this.small!;
    small[small.length] = r;
  }

  /**
   * Whether the next record is kept as an object; when the table is full of them, they move to
   * columns. Small, as is every function on a record's way in (runs once per packet): the JIT
   * inlines a hot path only up to a budget of bytecode per function, and rare work written inline
   * spends it. The move to columns is apart.
   */
  protected keepsObjects(): boolean {
    const small = this.small;
    if (small !== null && small.length < OBJECTS_UP_TO) return true;
    if (small !== null) this.moveToColumns(small);
    return false;
  }

  private moveToColumns(small: R[]): void {
    this.small = null;
    this.c = this.makeColumns(FIRST_CAPACITY);
    for (const r of small) this.addToColumns(r);
  }

  *[Symbol.iterator](): Iterator<R> {
    for (let i = 0; i < this.length; i++) yield this.get(i);
  }
  /** Every record, in order (an array: for readers that sort or keep them). */
  all(): R[] {
    const out = new Array<R>(this.length);
    for (let i = 0; i < out.length; i++) out[i] = this.get(i);
    return out;
  }
  filter(keep: (r: R, i: number) => unknown): R[] {
    const out: R[] = [];
    for (let i = 0; i < this.length; i++) {
      const r = this.get(i);
      if (keep(r, i)) out.push(r);
    }
    return out;
  }
  map<T>(f: (r: R, i: number) => T): T[] {
    const out = new Array<T>(this.length);
    for (let i = 0; i < out.length; i++) out[i] = f(this.get(i), i);
    return out;
  }
  flatMap<T>(f: (r: R, i: number) => T | readonly T[]): T[] {
    return this.map(f).flat() as T[];
  }
  forEach(f: (r: R, i: number) => void): void {
    for (let i = 0; i < this.length; i++) f(this.get(i), i);
  }
  findIndex(test: (r: R, i: number) => unknown): number {
    for (let i = 0; i < this.length; i++) if (test(this.get(i), i)) return i;
    return -1;
  }
  find(test: (r: R, i: number) => unknown): R | undefined {
    const i = this.findIndex(test);
    return i < 0 ? undefined : this.get(i);
  }
  some(test: (r: R, i: number) => unknown): boolean {
    return this.findIndex(test) >= 0;
  }
  every(test: (r: R, i: number) => unknown): boolean {
    return this.findIndex((r, i) => !test(r, i)) < 0;
  }
  reduce<T>(f: (acc: T, r: R, i: number) => T, initial: T): T {
    let acc = initial;
    for (let i = 0; i < this.length; i++) acc = f(acc, this.get(i), i);
    return acc;
  }
  /** Record `i`, counting from the end when negative (as Array.prototype.at). */
  at(i: number): R | undefined {
    const k = i < 0 ? this.length + i : i;
    return k >= 0 && k < this.length ? this.get(k) : undefined;
  }
  toJSON(): R[] {
    return this.all();
  }
}
