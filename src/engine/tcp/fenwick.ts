// A Fenwick (binary indexed) tree of non-negative integers: prefix sums, point updates and
// appends in O(log n), so the SACK scoreboard is read per ACK without walking every segment.

export class Fenwick {
  /** 1-based: tree[p] holds the sum of the values at (p - lowbit(p), p]. */
  private tree: number[] = [0];
  /** The sum of all the values, kept: the scoreboard asks for it on every ACK. */
  private sum = 0;

  get size(): number {
    return this.tree.length - 1;
  }

  /** prefix(size), without the walk. */
  get total(): number {
    return this.sum;
  }

  /** Append a value at index `size`. */
  push(value: number): void {
    const tree = this.tree;
    const p = tree.length;
    const low = p & -p;
    // The range (p - low, p - 1] is the sum of whole nodes: walk them down.
    let sum = value;
    for (let q = p - 1; q > p - low; q -= q & -q) sum += tree[q];
    tree.push(sum);
    this.sum += value;
  }

  /** Add `delta` to the value at index `i` (0-based). */
  add(i: number, delta: number): void {
    const tree = this.tree;
    for (let p = i + 1; p < tree.length; p += p & -p) tree[p] += delta;
    this.sum += delta;
  }

  /** The sum of the values at indices [0, k). */
  prefix(k: number): number {
    const tree = this.tree;
    let sum = 0;
    for (let p = k; p > 0; p -= p & -p) sum += tree[p];
    return sum;
  }

  /** The largest k with prefix(k) < target (0 when there is none). */
  below(target: number): number {
    const tree = this.tree;
    const n = tree.length - 1;
    let step = 1;
    while (step * 2 <= n) step *= 2;
    let pos = 0;
    let rest = target;
    for (; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= n && tree[next] < rest) {
        pos = next;
        rest -= tree[next];
      }
    }
    return pos;
  }

  /** Start again from these values. */
  reset(values: readonly number[]): void {
    const n = values.length;
    const tree = this.tree;
    tree.length = n + 1;
    tree[0] = 0;
    let total = 0;
    for (let p = 1; p <= n; p++) {
      tree[p] = values[p - 1];
      total += values[p - 1];
    }
    this.sum = total;
    for (let p = 1; p <= n; p++) {
      const up = p + (p & -p);
      if (up <= n) tree[up] += tree[p];
    }
  }
}
