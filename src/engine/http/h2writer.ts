// One side's HTTP/2 frames into its stream: written as the application's writes (writer.ts), and
// each told to the trace (type, stream, place in the stream) so the ladder can name a segment by
// the frames it carries and the views can follow one stream.
import type { StreamContent } from '../messages';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import type { Direction, FrameRecord } from '../trace';
import type { Bytes } from '../units';
import type { H2Frame } from './h2client';
import type { AppWriter } from './writer';

export interface FrameWrite {
  bytes: Bytes;
  tag: H2Frame;
}

type Described = Pick<FrameRecord, 'type' | 'stream' | 'payload' | 'increment' | 'ack'>;

function describe(tag: H2Frame): Described {
  switch (tag.type) {
    case 'control':
      return tag.ack
        ? { type: 'SETTINGS', stream: 0, payload: 0, ack: true }
        : { type: 'SETTINGS', stream: 0, payload: 0 };
    case 'headers':
      return { type: 'HEADERS', stream: tag.stream, payload: 0 };
    case 'data':
      return { type: 'DATA', stream: tag.stream, payload: tag.bytes };
    case 'window':
      return { type: 'WINDOW_UPDATE', stream: tag.stream, payload: 0, increment: tag.increment };
  }
}

export class H2FrameWriter {
  /** The exchange each stream carries, learned from its HEADERS. */
  private readonly exchanges = new Map<number, number>();

  constructor(
    private readonly sim: Sim,
    private readonly sink: TraceSink,
    private readonly conn: number,
    private readonly dir: Direction,
    private readonly writer: AppWriter,
    private readonly content: StreamContent,
  ) {}

  /** Frames written together, as one write (so they can share a segment). */
  write(frames: FrameWrite[]): void {
    let offset = this.content.writtenBytes;
    for (const f of frames) {
      const at = { conn: this.conn, dir: this.dir, atNs: this.sim.now, offset, bytes: f.bytes };
      const frame: FrameRecord = { ...at, ...describe(f.tag) };
      if (f.tag.type === 'headers') this.exchanges.set(f.tag.stream, f.tag.request.exchange.id);
      const exchange = this.exchanges.get(frame.stream);
      if (exchange !== undefined) frame.exchange = exchange;
      this.sink.frame(frame);
      offset += f.bytes;
    }
    this.writer.writeMessages(frames);
  }
}
