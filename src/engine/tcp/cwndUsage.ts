// Whether the sender has been using its congestion window, as Linux tracks it (tcp_cwnd_validate
// and tcp_is_cwnd_limited in net/ipv4/tcp_output.c and include/net/tcp.h): its controllers grow
// cwnd on an ACK only then. A sender held back by the receiver's window, HTTP/2 flow control or
// an application with little to send would otherwise grow cwnd without bound, and a later flight
// could burst at a window the path never carried (RFC 7661 gives the reason). BBR is not held to
// it: its window follows its model of the path, as Linux runs it on every ACK.
import type { Bytes } from '../units';

export class CwndUsage {
  /** The window was full at some output pass of the current round. */
  private limited = false;
  /** The largest flight of the current round. */
  private maxFlight: Bytes = 0;
  /** The round ends when this is acknowledged (Linux's cwnd_usage_seq). */
  private roundEnd = 0;

  /**
   * After an output pass (tcp_write_xmit): `flight` bytes out, `cwnd` the window it had. A pass
   * that sent nothing and found room changes nothing.
   */
  afterOutput(una: number, nxt: number, cwnd: Bytes, mss: Bytes, sentData: boolean): void {
    const flight = nxt - una;
    const full = flight + mss > cwnd; // no room for another full segment
    if (!sentData && !full) return;
    if (una >= this.roundEnd || full || (!this.limited && flight > this.maxFlight)) {
      this.limited = full;
      this.maxFlight = flight;
      this.roundEnd = nxt;
    }
  }

  /** Whether an ACK may grow cwnd: the window was used, or slow start has not yet doubled the flight. */
  allowsGrowth(cwnd: Bytes, ssthresh: Bytes): boolean {
    if (this.limited) return true;
    return cwnd < ssthresh && cwnd < 2 * this.maxFlight;
  }
}
