// QUIC frames as a capture writes them (RFC 9000 19), and which offsets of a CRYPTO stream each
// recorded packet carried: the pieces quic/pcapPackets.ts lays datagrams out with.

/** RFC 9000 16: a variable-length integer, on its shortest length unless `length` is given. */
export function encodeVarint(value: number, length?: 1 | 2 | 4 | 8): number[] {
  const n = length ?? (value < 64 ? 1 : value < 16_384 ? 2 : value < 1_073_741_824 ? 4 : 8);
  const out: number[] = [];
  let rest = value;
  for (let i = 0; i < n; i++) {
    out.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  }
  out[0] |= [1, 2, 4, 8].indexOf(n) << 6;
  return out;
}

/** A frame as this writer lays it out; sizes as quic/wire.ts counts them. */
export type Frame =
  | { kind: 'ack'; ranges: Array<[number, number]>; delayUnits: number }
  | { kind: 'crypto'; offset: number; data: Uint8Array }
  | { kind: 'stream'; id: number; offset: number; len: number }
  | { kind: 'padding'; bytes: number }
  | { kind: 'max-data'; max: number }
  | { kind: 'max-stream-data'; id: number; max: number }
  | { kind: 'data-blocked'; limit: number }
  | { kind: 'stream-data-blocked'; id: number; limit: number }
  | { kind: 'ping' | 'handshake-done' | 'close' };

export function encodeFrame(f: Frame): number[] {
  switch (f.kind) {
    case 'ack': {
      // RFC 9000 19.3: largest, delay, range count, first range, then gap and length per range.
      const [[lo, hi]] = f.ranges;
      const out = [0x02, ...encodeVarint(hi), ...encodeVarint(f.delayUnits)];
      out.push(...encodeVarint(f.ranges.length - 1), ...encodeVarint(hi - lo));
      for (let i = 1; i < f.ranges.length; i++) {
        out.push(...encodeVarint(f.ranges[i - 1][0] - f.ranges[i][1] - 2));
        out.push(...encodeVarint(f.ranges[i][1] - f.ranges[i][0]));
      }
      return out;
    }
    case 'crypto': // 19.6
      return [0x06, ...encodeVarint(f.offset), ...encodeVarint(f.data.length), ...f.data];
    case 'stream': {
      // 19.8: OFF and LEN bits; the data is not in the trace, and sealed packets hide it anyway.
      const head = [0x08 | (f.offset > 0 ? 0x04 : 0) | 0x02, ...encodeVarint(f.id)];
      if (f.offset > 0) head.push(...encodeVarint(f.offset));
      return [...head, ...encodeVarint(f.len), ...new Array<number>(f.len).fill(0)];
    }
    case 'padding': // 19.1
      return new Array<number>(f.bytes).fill(0);
    case 'ping': // 19.2
      return [0x01];
    case 'handshake-done': // 19.20
      return [0x1e];
    case 'close': // 19.19: transport close, NO_ERROR, frame type 0, no reason
      return [0x1c, 0, 0, 0];
    case 'max-data': // 19.9
      return [0x10, ...encodeVarint(f.max)];
    case 'max-stream-data': // 19.10
      return [0x11, ...encodeVarint(f.id), ...encodeVarint(f.max)];
    case 'data-blocked': // 19.12
      return [0x14, ...encodeVarint(f.limit)];
    case 'stream-data-blocked': // 19.13
      return [0x15, ...encodeVarint(f.id), ...encodeVarint(f.limit)];
  }
}

export function frameBytes(f: Frame): number {
  if (f.kind === 'padding') return f.bytes;
  if (f.kind === 'stream') {
    const offsetField = f.offset > 0 ? encodeVarint(f.offset).length : 0;
    return 1 + encodeVarint(f.id).length + offsetField + encodeVarint(f.len).length + f.len;
  }
  return encodeFrame(f).length;
}

/**
 * A connection's CRYPTO stream in one direction and space: which offsets each packet's CRYPTO bytes
 * cover. The engine sends the stream's bytes in order, new ones in a datagram that resends
 * nothing; a resend carries what was declared lost. The capture sees drops, so a dropped packet's
 * ranges are taken to go again first, and a resend with nothing dropped (a probe) to repeat the
 * oldest bytes. `data`: the stream's bytes when they are readable (an Initial's hello, whose
 * length is the stream's); null for a sealed stream, of open length.
 */
export class CryptoStream {
  private sentUpTo = 0;
  private readonly lost: Array<[number, number]> = [];
  private probeAt = 0;
  constructor(readonly data: Uint8Array | null) {}

  take(bytes: number, resent: boolean): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    const total = this.data ? this.data.length : Infinity;
    for (let left = bytes; left > 0;) {
      let offset: number;
      let n: number;
      if (this.sentUpTo < total && (!resent || this.sentUpTo === 0)) {
        offset = this.sentUpTo;
        n = Math.min(left, total - offset);
        this.sentUpTo += n;
      } else if (this.lost.length > 0) {
        const [at, len] = this.lost[0];
        offset = at;
        n = Math.min(left, len);
        if (n === len) this.lost.shift();
        else this.lost[0] = [at + n, len - n];
      } else {
        // Nothing known dropped (a probe, or bytes the peer could not read yet): the oldest bytes
        // again, sweeping through what was sent (never empty here: something was).
        if (this.probeAt >= this.sentUpTo) this.probeAt = 0;
        offset = this.probeAt;
        n = Math.min(left, this.sentUpTo - offset);
        this.probeAt += n;
      }
      out.push([offset, n]);
      left -= n;
    }
    return out;
  }

  dropped(ranges: Array<[number, number]>): void {
    this.lost.push(...ranges);
  }

  /** The stream's bytes at `offset` (zeros for a sealed stream: its packets hide them). */
  bytesAt(offset: number, n: number): Uint8Array {
    const out = new Uint8Array(n);
    if (this.data) out.set(this.data.subarray(offset, offset + n));
    return out;
  }
}
