// A seeded integer PRNG (mulberry32). No floating point in decisions, so every engine gives
// the same stream for the same seed.
export class Prng {
  private state: number;

  constructor(seed: number, stream = 0) {
    // Mix the stream id in so each direction/host draws an independent sequence.
    this.state = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
    this.nextU32();
  }

  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** True with probability ppm / 1,000,000. */
  chancePpm(ppm: number): boolean {
    if (ppm <= 0) return false;
    return this.nextU32() % 1_000_000 < ppm;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return this.nextU32() % n;
  }
}
