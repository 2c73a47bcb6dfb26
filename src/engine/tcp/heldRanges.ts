// The out-of-order segments a receiver holds, as ranges [start, end), taken back in order of
// start (ties in the order they arrived, as a stable sort would leave them). Most arrive above
// everything held and are appended; one that lands below (a retransmission filling a later hole,
// when an earlier retransmission was lost) goes to a second list kept the same way. Retransmissions
// come first to last, so that list too is mostly appended to. One sorted list had taken a splice
// through up to a window of segments for each: in a 20 MB BBR run, the engine's largest single cost.

/** [start, end, arrival]: the arrival count orders ranges with the same start. */
export type Range = [number, number, number];

const RELEASED: Range = [0, 0, 0];

/** Whether `a` comes before `b`. */
const before = (a: Range, b: Range) => a[0] < b[0] || (a[0] === b[0] && a[2] < b[2]);

/** A queue of ranges sorted by start, taken from the front; an index, not shift(). */
class SortedRanges {
  private readonly items: Range[] = [];
  private head = 0;

  /** The first range, or null. */
  peek(): Range | null {
    return this.head < this.items.length ? this.items[this.head] : null;
  }

  /** Whether `r` (the latest arrival) goes at the end. */
  fitsAtEnd(r: Range): boolean {
    return this.head === this.items.length || this.items[this.items.length - 1][0] <= r[0];
  }

  append(r: Range): void {
    this.items.push(r);
  }

  /** Insert in order (after any range with the same start: it arrived later). */
  insert(r: Range): void {
    const items = this.items;
    let lo = this.head;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (items[mid][0] <= r[0]) lo = mid + 1;
      else hi = mid;
    }
    if (lo === items.length) items.push(r);
    else items.splice(lo, 0, r);
  }

  take(): Range {
    const r = this.items[this.head];
    this.items[this.head++] = RELEASED; // let the range go now, not when the array is next compacted
    if (this.head > 256 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    return r;
  }
}

export class HeldRanges {
  private readonly above = new SortedRanges();
  private readonly below = new SortedRanges();
  private arrivals = 0;

  add(start: number, end: number): void {
    const r: Range = [start, end, this.arrivals++];
    if (this.above.fitsAtEnd(r)) this.above.append(r);
    else this.below.insert(r);
  }

  /** Whether any range is still held. */
  get empty(): boolean {
    return this.above.peek() === null && this.below.peek() === null;
  }

  /** The first held range if it starts at or before `seq`, taken out; else null. */
  takeFrom(seq: number): Range | null {
    const a = this.above.peek();
    const b = this.below.peek();
    const first = a !== null && (b === null || before(a, b)) ? this.above : b !== null ? this.below : null;
    if (first === null || first.peek()![0] > seq) return null;
    return first.take();
  }
}
