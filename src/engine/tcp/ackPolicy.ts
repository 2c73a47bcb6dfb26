// When a receiver acknowledges in-order data. Every policy ACKs at once when two full segments
// are unacknowledged (RFC 1122); they differ in how long they hold a smaller debt.
//   bsd    BSD's 200 ms "fast timeout" is one clock per host: a pending ACK leaves at the next
//          tick, so the wait is anywhere from 0 to 200 ms depending on phase.
//   fixed  a timer of `periodNs` started at the first unacknowledged segment.
//   off    no delay: every segment is acknowledged at once.
//   linux  Linux's receiver (net/ipv4/tcp_input.c, tcp_output.c, tcp_timer.c): quick-ACK mode for
//          the first segments, then an ACK once more than one full segment is owed, or after an
//          adaptive timeout (ato) between 40 and 200 ms.
import type { DelackMode } from '../params';
import type { Bytes, Nanoseconds } from '../units';

export interface AckPolicy {
  readonly mode: DelackMode;
  /** Whether this many unacknowledged bytes must be acknowledged now. */
  ackAtOnce(unackedBytes: Bytes, mss: Bytes, nowNs: Nanoseconds): boolean;
  /** When an ACK delayed from now goes out. */
  delayedUntil(nowNs: Nanoseconds): Nanoseconds;
  /** The delayed-ACK timer sent an ACK. */
  timerFired?(): void;
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

const ATO_MIN_NS = 40e6; // TCP_ATO_MIN = HZ/25 (include/net/tcp.h)
const DELACK_MAX_NS = 200e6; // TCP_DELACK_MAX = HZ/5
const RTO_MIN_NS = 200e6; // TCP_RTO_MIN: the icsk_rto the ato is bounded by
const MAX_QUICKACKS = 16; // TCP_MAX_QUICKACKS

/** Linux's receiver; `windowBytes` is the receive window, which sizes the quick-ACK budget. */
export function linuxAckPolicy(windowBytes: Bytes): AckPolicy {
  let quick = 0;
  let atoNs = 0; // 0: no data yet (icsk_ack.ato)
  let lastNs = 0; // icsk_ack.lrcvtime
  // tcp_incr_quickack: rcv_wnd / (2 * rcv_mss) segments, at least 2, at most 16.
  const refill = (mss: Bytes) =>
    (quick = Math.min(MAX_QUICKACKS, Math.max(2, Math.floor(windowBytes / (2 * mss)))));
  return {
    mode: 'linux',
    ackAtOnce(unacked, mss, nowNs) {
      // tcp_event_data_recv: the first data starts quick-ACK mode; the gap since the last segment adapts ato.
      if (atoNs === 0) {
        refill(mss);
        atoNs = ATO_MIN_NS;
      } else {
        const m = nowNs - lastNs;
        if (m <= ATO_MIN_NS / 2) atoNs = atoNs / 2 + ATO_MIN_NS / 2;
        else if (m < atoNs) atoNs = Math.min(atoNs / 2 + m, RTO_MIN_NS);
        else if (m > RTO_MIN_NS) refill(mss); // a long gap: the sender restarts, ACK quickly again
      }
      lastNs = nowNs;
      if (quick > 0) {
        quick--; // tcp_in_quickack_mode: every segment is ACKed at once
        return true;
      }
      return unacked > mss; // __tcp_ack_snd_check: more than one full segment unacknowledged
    },
    delayedUntil: (nowNs) => nowNs + Math.min(Math.max(atoNs, ATO_MIN_NS), DELACK_MAX_NS),
    timerFired() {
      atoNs = Math.min(2 * atoNs, RTO_MIN_NS); // tcp_delack_timer_handler: "delayed ACK missed: inflate ATO"
    },
  };
}

export function ackPolicy(
  mode: DelackMode,
  periodNs: Nanoseconds,
  phaseNs: Nanoseconds,
  windowBytes: Bytes = 65_535,
): AckPolicy {
  if (mode === 'linux') return linuxAckPolicy(windowBytes);
  if (mode === 'bsd') return bsdAckPolicy(periodNs, phaseNs);
  if (mode === 'fixed') return fixedAckPolicy(periodNs);
  return immediateAckPolicy;
}
