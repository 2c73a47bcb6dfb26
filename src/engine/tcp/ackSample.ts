// The sample an ACK hands a controller that models delivery (CUBIC, BBR): bytes acknowledged,
// flight, an RTT from the newest segment covered, and the delivery rate, worked out from the
// sender's per-segment send records. One sample object per endpoint, refilled for each ACK.
import type { Nanoseconds } from '../units';
import type { AckSample } from './congestion';
import type { SendRecord, TcpSender } from './sender';

export function blankAckSample(): AckSample {
  return {
    nowNs: 0,
    ack: 0,
    ackedBytes: 0,
    highSent: 0,
    flight: 0,
    pipe: 0,
    rttNs: null,
    deliveryRate: 0,
    delivered: 0,
    priorDelivered: 0,
    appLimited: false,
    cwndLimited: true,
  };
}

/** The newest segment an ACK up to `ack` covers: its send time and delivery state make the sample. */
export function newestAcked(snd: TcpSender, ack: number): SendRecord | null {
  let newest: SendRecord | null = null;
  const records = snd.records;
  for (let i = snd.firstRecord; i < records.length; i++) {
    const r = records[i];
    if (r.seq + r.len > ack) break;
    if (!newest || r.sentNs >= newest.sentNs) newest = r;
  }
  return newest;
}

/**
 * Whether an ACK up to `ack` covers data that was sent more than once. Linux then takes no RTT
 * sample from it (tcp_clean_rtx_queue in net/ipv4/tcp_input.c: no seq_rtt_us when
 * FLAG_RETRANS_DATA_ACKED), even for a segment sent once that the same ACK covers: that segment's
 * ACK waited for the repair below it, not for the path.
 */
export function acksRetransmitted(snd: TcpSender, ack: number): boolean {
  const records = snd.records;
  for (let i = snd.firstRecord; i < records.length; i++) {
    const r = records[i];
    if (r.seq >= ack) break;
    if (r.retransmitted) return true;
  }
  return false;
}

/** Refill `s` for an ACK of `ack` that newly delivered `ackedBytes`, `newest` its newest segment. */
export function fillAckSample(
  s: AckSample,
  now: Nanoseconds,
  snd: TcpSender,
  ack: number,
  ackedBytes: number,
  newest: SendRecord | null,
  cwndLimited: boolean,
): AckSample {
  // Linux's tcp_rate_gen: the longer of the ACK and send intervals, so ACK compression cannot
  // inflate the rate.
  const interval = newest ? Math.max(now - newest.deliveredNs, newest.sentNs - newest.firstSentNs) : 0;
  s.nowNs = now;
  s.ack = ack;
  s.ackedBytes = ackedBytes;
  s.highSent = snd.sndMax;
  s.flight = snd.sndMax - ack;
  s.pipe = snd.pipe;
  s.rttNs = newest && !newest.retransmitted ? now - newest.sentNs : null;
  s.deliveryRate = newest && interval > 0 ? ((snd.delivered - newest.delivered) * 1e9) / interval : 0;
  s.delivered = snd.delivered;
  s.priorDelivered = newest ? newest.delivered : 0;
  s.appLimited = newest ? newest.appLimited : false;
  s.cwndLimited = cwndLimited;
  return s;
}
