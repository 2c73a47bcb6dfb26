// What a SACK receiver reports (RFC 2018): its out-of-order data merged into ranges, and the
// blocks for the next ACK, the range holding the latest arrival first, then the others by
// recency; at most four fit the options. Kept as segments arrive, since every ACK in a long
// recovery would otherwise sort through all the ranges.

/** A range [start, end) of out-of-order data and the arrival count of its latest segment. */
type Range = [number, number, number];

const MAX_BLOCKS = 4;

export class SackRanges {
  /** Sorted and disjoint (ranges that touch are merged). */
  private readonly ranges: Range[] = [];
  private arrivals = 0;
  /** The ranges with the latest arrivals (up to four), latest first; null when to be found again. */
  private recent: Range[] | null = [];
  /** The blocks last reported, until a range changes (packet records share them: none writes to them). */
  private blocks: Array<[number, number]> | undefined | null = undefined;
  /** The blocks last made: most of the next ACK's are among them. */
  private lastBlocks: Array<[number, number]> = [];

  /** Out-of-order data [start, end) arrived. */
  add(start: number, end: number): void {
    const merged = mergeRange(this.ranges, start, end, ++this.arrivals);
    this.blocks = null;
    const recent = this.recent;
    if (recent === null || recent[0] === merged) return; // the latest range grew: the order stands
    // The merged range is the latest; the others keep their order, less those it swallowed.
    const kept = recent.filter((r) => r[0] < merged[0] || r[0] > merged[1]);
    kept.unshift(merged);
    if (kept.length > MAX_BLOCKS) kept.length = MAX_BLOCKS;
    this.recent = kept.length >= Math.min(MAX_BLOCKS, this.ranges.length) ? kept : null;
  }

  /** Everything before `rcvNxt` has arrived: ranges that end there are no longer out of order. */
  dropBelow(rcvNxt: number): void {
    const ranges = this.ranges;
    let n = 0;
    while (n < ranges.length && ranges[n][1] <= rcvNxt) n++;
    if (n === 0) return;
    ranges.splice(0, n);
    this.blocks = null;
    const recent = this.recent;
    if (recent === null) return;
    const kept = recent.filter((r) => r[1] > rcvNxt);
    this.recent = kept.length >= Math.min(MAX_BLOCKS, ranges.length) ? kept : null;
  }

  /** The SACK blocks for the next ACK, or undefined when nothing is out of order. */
  blocksForAck(): Array<[number, number]> | undefined {
    if (this.blocks !== null) return this.blocks;
    if (this.ranges.length === 0) return (this.blocks = undefined);
    const recent = (this.recent ??= latestRanges(this.ranges));
    const blocks = recent.map((r) => this.pair(r[0], r[1])); // made at its length, not grown from empty
    this.lastBlocks = blocks;
    return (this.blocks = blocks);
  }

  /** [start, end] as the last blocks had it if they did (blocks are never written to, so they can share), else new. */
  private pair(start: number, end: number): [number, number] {
    const last = this.lastBlocks;
    for (let i = 0; i < last.length; i++) if (last[i][0] === start && last[i][1] === end) return last[i];
    return [start, end];
  }
}

/** The four ranges with the latest arrivals (arrival counts are distinct), latest first. */
function latestRanges(ranges: readonly Range[]): Range[] {
  const top: Range[] = [];
  for (let i = 0; i < ranges.length; i++) {
    const r = ranges[i];
    if (top.length === MAX_BLOCKS && r[2] <= top[MAX_BLOCKS - 1][2]) continue;
    let j = top.length < MAX_BLOCKS ? top.length : MAX_BLOCKS - 1;
    if (top.length < MAX_BLOCKS) top.push(r);
    while (j > 0 && top[j - 1][2] < r[2]) {
      top[j] = top[j - 1];
      j--;
    }
    top[j] = r;
  }
  return top;
}

/** Add [start, end) to sorted, disjoint ranges, merging what it overlaps or touches; returns the range it ends up in. */
function mergeRange(ranges: Range[], start: number, end: number, at: number): Range {
  // The first range that ends at or after `start` (ends rise, the ranges being disjoint and sorted).
  let i = 0;
  let hi = ranges.length;
  while (i < hi) {
    const mid = (i + hi) >> 1;
    if (ranges[mid][1] < start) i = mid + 1;
    else hi = mid;
  }
  let j = i;
  let s = start;
  let e = end;
  while (j < ranges.length && ranges[j][0] <= end) {
    s = Math.min(s, ranges[j][0]);
    e = Math.max(e, ranges[j][1]);
    j++;
  }
  if (j === i + 1) {
    // One range grows (the common case: the next segment after a hole's last): in place.
    const r = ranges[i];
    r[0] = s;
    r[1] = e;
    r[2] = at;
    return r;
  }
  const merged: Range = [s, e, at];
  ranges.splice(i, j - i, merged);
  return merged;
}
