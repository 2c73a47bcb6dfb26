// A set of integers kept as sorted, disjoint [start, end) ranges: the bytes of a stream received
// so far, or the packet numbers a receiver will acknowledge.

export class RangeSet {
  /** Sorted by start, never touching. */
  readonly ranges: Array<[number, number]> = [];

  /** Add [start, end); returns how many of its numbers were new. */
  add(start: number, end: number): number {
    if (end <= start) return 0;
    const r = this.ranges;
    let i = 0;
    while (i < r.length && r[i][1] < start) i++;
    let s = start;
    let e = end;
    let covered = 0;
    let j = i;
    while (j < r.length && r[j][0] <= end) {
      covered += Math.min(r[j][1], end) - Math.max(r[j][0], start);
      s = Math.min(s, r[j][0]);
      e = Math.max(e, r[j][1]);
      j++;
    }
    r.splice(i, j - i, [s, e]);
    return end - start - Math.max(0, covered);
  }

  has(n: number): boolean {
    return this.ranges.some(([s, e]) => n >= s && n < e);
  }

  /** Whether every number of [start, end) is in the set (true when the range is empty). */
  covers(start: number, end: number): boolean {
    return end <= start || this.ranges.some(([s, e]) => start >= s && end <= e);
  }

  /** Where the run of numbers from 0 ends (0 when 0 is missing). */
  get contiguousEnd(): number {
    const first = this.ranges[0];
    return first && first[0] === 0 ? first[1] : 0;
  }

  get max(): number {
    return this.ranges.length === 0 ? -1 : this.ranges[this.ranges.length - 1][1] - 1;
  }

  /** Forget numbers below `n` (packet numbers acknowledged long ago). */
  dropBelow(n: number): void {
    while (this.ranges.length > 0 && this.ranges[0][1] <= n) this.ranges.shift();
    if (this.ranges.length > 0 && this.ranges[0][0] < n) this.ranges[0][0] = n;
  }
}
