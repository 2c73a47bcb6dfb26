// An application's blocking writes: each write is handed to the socket as buffer space allows,
// in order; `whenDrained` runs once the socket has taken everything. Messages written through it
// are marked in the stream's content, so the reader finds where each ends.
import type { StreamContent } from '../messages';
import type { Stream } from '../transport';
import type { Bytes } from '../units';

export class AppWriter {
  /** Writes not yet taken whole, from `head` on (an index, not shift(): a response written in
   * tiny chunks queues many thousands of writes). */
  private pending: Bytes[] = [];
  private head = 0;
  private drained: Array<() => void> = [];

  constructor(
    private readonly socket: Stream,
    private readonly content?: StreamContent,
  ) {}

  /** Messages written together, as one write (so they can share a segment). */
  writeMessages(messages: Array<{ bytes: Bytes; tag: unknown }>): void {
    let bytes = 0;
    for (const m of messages) {
      this.mark(m.bytes, m.tag);
      bytes += m.bytes;
    }
    this.write(bytes);
  }

  /** The next `bytes` written, however they are split into writes, form one message tagged `tag`. */
  mark(bytes: Bytes, tag: unknown): void {
    this.content!.append(bytes, tag);
  }

  write(bytes: Bytes): void {
    if (bytes > 0 && this.idle) {
      // Nothing queued before it: hand it to the socket straight away, queueing only what is left.
      const left = bytes - this.socket.write(bytes);
      if (left > 0) this.pending.push(left);
      else this.drain();
      return;
    }
    if (bytes > 0) this.pending.push(bytes);
    this.flush();
  }

  get idle(): boolean {
    return this.head === this.pending.length;
  }

  whenDrained(fn: () => void): void {
    this.drained.push(fn);
    this.flush();
  }

  /** Call when the socket reports free buffer space. */
  flush(): void {
    while (this.head < this.pending.length) {
      const taken = this.socket.write(this.pending[this.head]);
      this.pending[this.head] -= taken;
      if (this.pending[this.head] > 0) return;
      this.head++;
    }
    this.drain();
  }

  /** Everything was taken: run what waited for that. */
  private drain(): void {
    if (this.pending.length > 0) this.pending = []; // a new array: setting length is a slow call
    this.head = 0;
    if (this.drained.length === 0) return; // flushed on every ACK that frees buffer space: no garbage then
    const callbacks = this.drained;
    this.drained = [];
    for (const fn of callbacks) fn();
  }
}
