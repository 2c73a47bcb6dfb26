// When a receiver acknowledges in-order data. Every policy ACKs at once when two full segments
// are unacknowledged (RFC 1122); they differ in how long they hold a smaller debt.
//   bsd    BSD's 200 ms "fast timeout" is one clock per host: a pending ACK leaves at the next
//          tick, so the wait is anywhere from 0 to 200 ms depending on phase.
//   fixed  a timer of `periodNs` started at the first unacknowledged segment.
//   off    no delay: every segment is acknowledged at once.
import type { DelackMode } from '../params';
import type { Bytes, Nanoseconds } from '../units';

export interface AckPolicy {
  readonly mode: DelackMode;
  /** Whether this many unacknowledged bytes must be acknowledged now. */
  ackAtOnce(unackedBytes: Bytes, mss: Bytes): boolean;
  /** When an ACK delayed from now goes out. */
  delayedUntil(nowNs: Nanoseconds): Nanoseconds;
}

const twoSegments = (unacked: Bytes, mss: Bytes) => unacked >= 2 * mss;

export function bsdAckPolicy(periodNs: Nanoseconds, phaseNs: Nanoseconds): AckPolicy {
  return {
    mode: 'bsd',
    ackAtOnce: twoSegments,
    delayedUntil(nowNs) {
      const ticks = Math.floor((nowNs - phaseNs) / periodNs) + 1;
      return phaseNs + ticks * periodNs;
    },
  };
}

export function fixedAckPolicy(periodNs: Nanoseconds): AckPolicy {
  return { mode: 'fixed', ackAtOnce: twoSegments, delayedUntil: (nowNs) => nowNs + periodNs };
}

export const immediateAckPolicy: AckPolicy = {
  mode: 'off',
  ackAtOnce: () => true,
  delayedUntil: (nowNs) => nowNs,
};

export function ackPolicy(mode: DelackMode, periodNs: Nanoseconds, phaseNs: Nanoseconds): AckPolicy {
  if (mode === 'bsd') return bsdAckPolicy(periodNs, phaseNs);
  if (mode === 'fixed') return fixedAckPolicy(periodNs);
  return immediateAckPolicy;
}
