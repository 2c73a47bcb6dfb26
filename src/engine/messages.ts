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

/** What `MessageReader.eachPart` hands each part to (an object with a method: no closure per reader). */
export interface PartHandler<T> {
  onPart(tag: T, received: Bytes, complete: boolean): void;
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
    this.eachPart(bytes, { onPart: (tag, received, complete) => parts.push({ tag, received, complete }) });
    return parts;
  }

  /** `readParts` without the list: `handler.onPart` is called for each part, in order, once all are read. */
  eachPart(bytes: Bytes, handler: PartHandler<T>): void {
    if (bytes <= 0) return;
    const first = this.next;
    const firstStart = this.lastEnd;
    const received = (this.received += bytes);
    let parts = 0;
    while (this.next < this.content.count && this.lastEnd < received) {
      parts++;
      const end = this.content.endOf(this.next);
      if (end > received) break;
      this.lastEnd = end;
      this.next++;
    }
    // The handlers run after the reader has moved past everything, as when a list was handed back.
    for (let k = 0; k < parts; k++) {
      const end = this.content.endOf(first + k);
      const start = k === 0 ? firstStart : this.content.endOf(first + k - 1);
      handler.onPart(this.content.tagOf(first + k), Math.min(end, received) - start, end <= received);
    }
  }

  /** Bytes of a message begun but not yet complete. */
  get partial(): Bytes {
    return this.received - this.lastEnd;
  }
}
