// The BSD send decision (Stevens, TCP/IP Illustrated vol. 2 p. 326, as quoted by Heidemann 2.3):
// send if (a) a full segment is ready, (b) at least half the peer's largest window can go,
// (c) everything queued can go and either nothing is unacknowledged or Nagle is off,
// or (d) this is a retransmission. `idle` is judged once, when output starts (the BSD quirk that
// lets a whole write leave as full segments plus a short tail when the connection was idle).
import type { StallCause } from '../trace';
import type { Bytes } from '../units';

export interface SendRuleInput {
  len: Bytes; // bytes that may go now: min(queued, window - in flight, mss)
  mss: Bytes;
  allQueued: boolean; // this segment would empty the send queue
  idle: boolean; // nothing was unacknowledged when output began
  nagle: boolean;
  maxSndWnd: Bytes; // largest window the peer has advertised
  retransmitting: boolean;
  closing: boolean; // the application has closed: the final segment may go
}

export function mayTransmit(s: SendRuleInput): boolean {
  if (s.len <= 0) return false;
  if (s.len >= s.mss) return true;
  if (s.allQueued && (s.idle || !s.nagle || s.closing)) return true;
  if (s.maxSndWnd > 0 && s.len >= s.maxSndWnd / 2) return true;
  return s.retransmitting;
}

/** Why data that is queued could not go: what a stall that starts now will be labelled. */
export function blockedBy(s: SendRuleInput, windowLimitedByCwnd: boolean): StallCause {
  if (s.len > 0 && s.allQueued && s.nagle && !s.idle) return 'nagle';
  return windowLimitedByCwnd ? 'cwnd' : 'rwnd';
}
