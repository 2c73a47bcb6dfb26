// Messages in a byte stream. The simulator carries byte counts, not bytes, so what the bytes say
// travels beside them: each direction of a connection has a StreamContent recording where each
// message the writer wrote ends, and with what tag. A reader learns a message only when the bytes
// up to its end have been delivered to it, as a server finds a request's header end in what it
// has read; nobody hands it the message directly.
import type { Bytes } from './units';

export class StreamContent<T = unknown> {
  private readonly ends: number[] = [];
  private readonly tags: T[] = [];
  private written: Bytes = 0;

  /** The next `bytes` written into the stream form one message tagged `tag`. */
  append(bytes: Bytes, tag: T): void {
    this.written += bytes;
    this.ends.push(this.written);
    this.tags.push(tag);
  }

  /** Bytes written so far: where the next message starts. */
  get writtenBytes(): Bytes {
    return this.written;
  }

  get count(): number {
    return this.ends.length;
  }

  endOf(i: number): Bytes {
    return this.ends[i];
  }

  tagOf(i: number): T {
    return this.tags[i];
  }
}

export class MessageReader<T> {
  private received: Bytes = 0;
  private next = 0;
  private lastEnd: Bytes = 0;

  constructor(private readonly content: StreamContent<T>) {}

  /** `bytes` more were delivered in order: the messages whose end is now in. */
  read(bytes: Bytes): T[] {
    this.received += bytes;
    const done: T[] = [];
    while (this.next < this.content.count && this.content.endOf(this.next) <= this.received) {
      this.lastEnd = this.content.endOf(this.next);
      done.push(this.content.tagOf(this.next++));
    }
    return done;
  }

  /**
   * `bytes` more were delivered in order: each message they brought bytes of, in order, with how
   * much of it is in now and whether that is all of it. A reader that follows a message as it
   * arrives (a client parsing HTML) uses this; one that waits for whole messages, `read`.
   */
  readParts(bytes: Bytes): Array<{ tag: T; received: Bytes; complete: boolean }> {
    const parts: Array<{ tag: T; received: Bytes; complete: boolean }> = [];
    if (bytes <= 0) return parts;
    this.received += bytes;
    while (this.next < this.content.count && this.lastEnd < this.received) {
      const end = this.content.endOf(this.next);
      const complete = end <= this.received;
      parts.push({
        tag: this.content.tagOf(this.next),
        received: Math.min(end, this.received) - this.lastEnd,
        complete,
      });
      if (!complete) break;
      this.lastEnd = end;
      this.next++;
    }
    return parts;
  }

  /** Bytes of a message begun but not yet complete. */
  get partial(): Bytes {
    return this.received - this.lastEnd;
  }
}
