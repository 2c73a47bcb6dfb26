// The client's think time: from knowing a request to writing it. Every client connection, whatever
// its HTTP version, has each request wait the think time and records the wait as a client-think
// stall: when the request is written, or when a close cuts the wait short (a server's keep-alive
// timeout closing the connection under a thinking client; the request is asked again elsewhere),
// so that time reads as thinking, not as idle.
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import type { Nanoseconds } from '../units';

export class ClientThink {
  /** When each think under way began, oldest first: thinks all last as long, so they end in order. */
  private readonly starts: Nanoseconds[] = [];
  private first = 0;

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly conn: number,
    private readonly thinkNs: Nanoseconds,
  ) {}

  /** Think, then, if the request is still `wanted`, record the wait and `write` it. */
  start(wanted: () => boolean, write: () => void): void {
    const readyNs = this.sim.now;
    this.starts.push(readyNs);
    this.sim.after(this.thinkNs, () => {
      this.first++;
      if (!wanted()) return;
      this.record(readyNs);
      write();
    });
  }

  /** The connection closed: a think under way ends here, its request unwritten. */
  cut(): void {
    if (this.first < this.starts.length) this.record(this.starts[this.first]);
  }

  private record(startNs: Nanoseconds): void {
    if (this.sim.now > startNs)
      this.sink.stall({
        conn: this.conn,
        side: 'client',
        startNs,
        endNs: this.sim.now,
        cause: 'client-think',
      });
  }
}
