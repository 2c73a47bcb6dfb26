// Reno (RFC 2581, BSD flavoured): slow start, congestion avoidance, fast retransmit on the third
// duplicate ACK, fast recovery inflating by one segment per further duplicate, deflating on the
// first new ACK; a timeout halves the threshold and starts again from one segment. As in BSD, an
// ACK opens the window no further than the largest the peer can advertise (4.4BSD tcp_input.c:
// `snd_cwnd = min(cw + incr, TCP_MAXWIN << snd_scale)`): a connection the receiver's window holds
// back does not grow its cwnd without bound (a 50 MB transfer over a modem had reached 60 MB).
import type { Bytes } from '../units';
import { MAX_CWND, avoidanceIncrement, halvedThreshold } from './congestion';
import { WindowControl } from './windowControl';

export class Reno extends WindowControl {
  override readonly readsSamples: boolean = false;

  onNewAck(mss: Bytes): boolean {
    if (this.inRecovery) {
      // Deflate on the first new ACK (tcp_input.c: `if (t_dupacks >= tcprexmtthresh && snd_cwnd >
      // snd_ssthresh) snd_cwnd = snd_ssthresh`).
      this.cwnd = Math.min(this.cwnd, this.ssthresh);
      this.inRecovery = false;
    }
    // Then, as on every ACK of new data, the window opens (tcp_input.c: `if (cw > snd_ssthresh)
    // incr = incr * incr / cw`): linearly only above ssthresh, so a whole segment at cw ==
    // ssthresh, the ACK ending fast recovery included. 4.3BSD-Reno to 4.4BSD-Lite added
    // `+ incr / 8` here; Berkeley dropped it in October 1994 (tcp_input.c 8.7, "per Van via Sally
    // Floyd"), and which of the papers' hosts still had it is not known: not modelled.
    const cw = this.cwnd;
    const incr = cw > this.ssthresh ? avoidanceIncrement(cw, mss) : mss;
    this.cwnd = Math.min(this.peerMaxWindow, cw + incr);
    return false;
  }

  onDuplicateAck(count: number, window: Bytes, mss: Bytes): boolean {
    if (count === 3 && !this.inRecovery) {
      this.ssthresh = halvedThreshold(window, mss);
      this.inRecovery = true;
      this.cwnd = mss; // room for the one retransmitted segment
      return true;
    }
    if (count > 3 && this.inRecovery) this.cwnd = Math.min(MAX_CWND, this.cwnd + mss);
    return false;
  }

  afterFastRetransmit(mss: Bytes): void {
    this.cwnd = this.ssthresh + 3 * mss; // inflate by the three segments that left
  }

  onTimeout(window: Bytes, mss: Bytes): void {
    this.ssthresh = halvedThreshold(window, mss);
    this.cwnd = mss;
    this.inRecovery = false;
  }
}
