// Window scaling (RFC 1323): offered on the SYN when the buffer exceeds 64 KB, in effect only
// when both SYNs carry the option.
import type { Bytes } from '../units';
import { windowScaleFor } from './segment';

const MAX_WINDOW_UNSCALED = 0xffff;

export class WindowScale {
  private readonly offered: number;
  private peerOffered: number | null = null;
  /** Shift applied to the windows we advertise. */
  shift = 0;
  private on = false;

  constructor(private readonly bufferBytes: Bytes) {
    this.offered = bufferBytes > MAX_WINDOW_UNSCALED ? windowScaleFor(bufferBytes) : 0;
  }

  /** The window on a SYN (never scaled). */
  get synWindow(): Bytes {
    return Math.min(this.bufferBytes, MAX_WINDOW_UNSCALED);
  }

  /** The option our SYN carries: on a SYN-ACK only in answer to the peer's. */
  synOption(withAck: boolean): number | undefined {
    const offer = withAck ? this.peerOffered !== null : this.offered > 0;
    return offer ? this.offered : undefined;
  }

  peerSyn(option: number | undefined): void {
    this.peerOffered = option ?? null;
  }

  /** The handshake is settled: `passive` when we answered the peer's SYN. */
  settle(passive: boolean): void {
    this.on = this.peerOffered !== null && (passive || this.offered > 0);
    this.shift = this.on ? this.offered : 0;
  }

  /** The largest window the peer can advertise once the handshake is settled (RFC 1323 2.3). */
  get peerMaxWindow(): Bytes {
    return MAX_WINDOW_UNSCALED * 2 ** (this.on ? this.peerOffered! : 0);
  }

  advertised(): Bytes {
    if (!this.on) return this.synWindow;
    const units = Math.min(0xffff, this.bufferBytes >> this.shift);
    return units << this.shift;
  }
}
