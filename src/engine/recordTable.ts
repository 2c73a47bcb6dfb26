// A run's many small records (packets, application events) stored by column: one typed array per
// field, so recording allocates nothing and a long run's trace is a few arrays instead of an
// object (and its boxed times) per record. Readers get ordinary record objects, made when asked
// for, through the array methods they used before; JSON.stringify writes exactly the array of
// records the engine used to keep (trace hashes and the JSON export depend on it).

type TypedColumn = Float64Array | Int32Array | Uint8Array;

/** A copy of `old`, which is full, with room for twice as many records. */
export function grown<C extends { length: number }>(old: C, make: (capacity: number) => C): C {
  const next = make(Math.max(64, old.length * 2));
  const from = old as unknown as Record<string, unknown>;
  const to = next as unknown as Record<string, unknown>;
  for (const name of Object.keys(from)) {
    const column = from[name];
    if (ArrayBuffer.isView(column)) (to[name] as TypedColumn).set(column as TypedColumn);
    else to[name] = column; // the length and the sparse extras carry over
  }
  return next;
}

/** The buffers of a table's columns (to transfer them between threads). */
export function columnBuffers(columns: object): ArrayBuffer[] {
  return Object.values(columns).flatMap((v) => (ArrayBuffer.isView(v) ? [v.buffer as ArrayBuffer] : []));
}

export abstract class RecordTable<R> implements Iterable<R> {
  abstract get length(): number;
  /** Record `i` (a new object each call). */
  abstract get(i: number): R;

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
