// Delivery counted from duplicate ACKs, for a controller that reads delivery samples (BBR makes it) on a
// connection without SACK. Each duplicate ACK says one more segment arrived above the hole and
// counts as delivered when it comes (Linux's tcp_add_reno_sack, `counted` its sacked_out in
// bytes); the ACK that fills the hole then delivers only what the duplicates had not counted, at
// least one segment (tcp_remove_reno_sacks); a timeout forgets them (tcp_reset_reno_sack). What
// they counted has left the network: the pipe a controller reads leaves it out.
// Counted all at once instead, a hole's 44 segments had made one delivery-rate sample four times
// the link's rate, and BBR paced a burst into the router queue, which dropped 136 segments.
import type { Bytes, Nanoseconds } from '../units';
import type { TcpSender } from './sender';

export class DupAckDelivery {
  /** Bytes the duplicate ACKs counted as delivered and the hole's ACK has not yet taken back: out
   * of the network, so not in the pipe either (Linux's tcp_packets_in_flight leaves sacked_out out). */
  counted: Bytes = 0;

  /** A duplicate ACK: one more segment delivered, while some of the flight is left for the hole. */
  onDuplicate(snd: TcpSender, mss: Bytes, nowNs: Nanoseconds): void {
    const room = snd.sndMax - snd.sndUna - mss - this.counted;
    if (room <= 0) return;
    const more = Math.min(mss, room);
    this.counted += more;
    snd.delivered += more;
    snd.deliveredNs = nowNs;
  }

  /** An ACK of new data moved `delivered` up from `before`: take back what duplicates counted. */
  onAcked(snd: TcpSender, before: Bytes, mss: Bytes): void {
    const acked = snd.delivered - before;
    if (acked <= 0) return;
    const hole = Math.min(acked, mss);
    snd.delivered = before + Math.max(acked - this.counted, hole);
    this.counted = Math.max(0, this.counted - (acked - hole));
  }

  forget(): void {
    this.counted = 0;
  }
}
