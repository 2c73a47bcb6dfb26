// The client's side of an HTTP/2 connection (RFC 9113): every request is a stream on the one
// connection, sent as a HEADERS frame as soon as it is known; responses come back as frames of
// many streams interleaved, each matched to its stream. The client gives flow-control credit
// back (WINDOW_UPDATE) once it has consumed half a window, as common implementations do.
import type { ConnectionPair } from '../network';
import type { HttpParams } from '../params';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import type { Bytes, Nanoseconds } from '../units';
import { MessageReader, type StreamContent } from '../messages';
import { ClientConnectionBase, type ConnectionEvents } from './clientBase';
import { CLIENT_PREFACE, DEFAULT_WINDOW, SETTINGS_ACK, WINDOW_UPDATE, requestHeadersFrame } from './h2frames';
import type { HttpRequest } from './request';
import { H2FrameWriter } from './h2writer';

/** What a frame in the stream is, for the peer that reads it. */
export type H2Frame =
  | { type: 'control'; ack?: true } // SETTINGS (with the preface, from the client); ack: the client's ACK
  | { type: 'headers'; stream: number; request: HttpRequest; end?: boolean } // end: END_STREAM, a response with no body
  | { type: 'data'; stream: number; bytes: Bytes; end: boolean }
  | { type: 'window'; stream: number; increment: Bytes }; // stream 0: the connection

interface Open {
  request: HttpRequest;
  received: Bytes; // response bytes so far, counted as HTTP/1.x would (head, then body)
  unacked: Bytes; // DATA consumed, not yet given back by WINDOW_UPDATE
}

export class H2ClientConnection extends ClientConnectionBase {
  private readonly frames: H2FrameWriter; // the base's writer, each frame told to the trace
  private readonly reader: MessageReader<H2Frame>;
  private readonly streams = new Map<number, Open>();
  private nextStream = 1; // client streams are odd (RFC 9113 5.1.1)
  private connUnacked: Bytes = 0;
  private delivered: Bytes = 0; // response-direction bytes read so far
  private holSinceNs: Nanoseconds | null = null;
  private holUntil: Bytes = 0; // the held bytes end here

  constructor(sim: Sim, sink: TraceSink, pair: ConnectionPair, p: HttpParams, events: ConnectionEvents) {
    super(sim, sink, pair, p, events);
    this.frames = new H2FrameWriter(sim, sink, this.conn, 'c2s', this.writer, pair.content.c2s);
    this.reader = new MessageReader(pair.content.s2c as StreamContent<H2Frame>);
  }

  protected get awaited(): number {
    return this.streams.size;
  }

  private get window(): Bytes {
    return this.p.h2WindowBytes ?? DEFAULT_WINDOW;
  }

  /** The preface and SETTINGS (our stream window); the connection window can only grow by a
   * WINDOW_UPDATE (RFC 9113 6.9.2). */
  protected override openSession(): void {
    const frames: Array<{ bytes: Bytes; tag: H2Frame }> = [
      { bytes: CLIENT_PREFACE, tag: { type: 'control' } },
    ];
    if (this.window > DEFAULT_WINDOW)
      frames.push({
        bytes: WINDOW_UPDATE,
        tag: { type: 'window', stream: 0, increment: this.window - DEFAULT_WINDOW },
      });
    this.frames.write(frames);
  }

  /** A request is a HEADERS frame on a new stream. */
  protected write(r: HttpRequest): void {
    const stream = this.nextStream;
    this.nextStream += 2;
    const path = r.exchange.label;
    r.requestBytes = requestHeadersFrame(r.requestBytes, path, stream === 1);
    r.exchange.requestBytes = r.requestBytes;
    r.exchange.stream = stream;
    this.streams.set(stream, { request: r, received: 0, unacked: 0 });
    this.exchanges.requestWritten(r, `stream ${stream}`);
    this.frames.write([{ bytes: r.requestBytes, tag: { type: 'headers', stream, request: r } }]);
    this.armSilenceTimer();
  }

  /**
   * TCP holds bytes [offset, offset + bytes) behind a hole. If they belong to another stream than
   * the one whose bytes are missing, that stream waits for nothing of its own: head-of-line
   * blocking, which lasts until TCP delivers them (RFC 9000 2.2 is QUIC's answer).
   */
  onHeld(offset: Bytes, bytes: Bytes): void {
    const content = this.pair.content.s2c as StreamContent<H2Frame>;
    const streamAt = (i: number) => {
      const tag = content.tagOf(i);
      return tag.type === 'data' || tag.type === 'headers' ? tag.stream : 0;
    };
    let i = firstEndingAfter(content, this.delivered);
    const missing = i < content.count ? streamAt(i) : 0;
    let other = false;
    for (i = firstEndingAfter(content, offset); i < content.count; i++) {
      const start = i === 0 ? 0 : content.endOf(i - 1);
      if (start >= offset + bytes) break;
      const s = streamAt(i);
      if (s !== 0 && s !== missing) other = true;
    }
    if (!other) return;
    this.holSinceNs ??= this.sim.now;
    this.holUntil = Math.max(this.holUntil, offset + bytes);
  }

  onDeliver(bytes: Bytes): void {
    this.delivered += bytes;
    if (this.holSinceNs !== null && this.delivered >= this.holUntil) {
      if (this.sim.now > this.holSinceNs) this.stall('hol-blocking', this.holSinceNs, this.sim.now);
      this.holSinceNs = null;
    }
    const replies: Array<{ bytes: Bytes; tag: H2Frame }> = [];
    for (const frame of this.reader.read(bytes)) {
      // RFC 9113 6.5.3: the server's SETTINGS are acknowledged at once, in the client's next write.
      if (frame.type === 'control')
        replies.push({ bytes: SETTINGS_ACK, tag: { type: 'control', ack: true } });
      else if (frame.type === 'headers') this.onResponseHeaders(frame.stream, frame.end === true);
      else if (frame.type === 'data') this.onData(frame.stream, frame.bytes, frame.end, replies);
    }
    // The connection's window is never below 65,535 (SETTINGS_INITIAL_WINDOW_SIZE sets the
    // streams' only, RFC 9113 6.9.2): its credit goes back at half of that, not of a smaller
    // stream window (h2window=4096 had sent a connection WINDOW_UPDATE every 2 KB).
    if (this.connUnacked >= Math.max(this.window, DEFAULT_WINDOW) / 2) {
      replies.push({ bytes: WINDOW_UPDATE, tag: { type: 'window', stream: 0, increment: this.connUnacked } });
      this.connUnacked = 0;
    }
    if (replies.length > 0 && !this.finished) this.frames.write(replies);
    if (!this.finished) this.armSilenceTimer();
  }

  private onResponseHeaders(stream: number, end: boolean): void {
    const open = this.streams.get(stream);
    if (!open) return;
    const r = open.request;
    this.exchanges.responseBegan(r);
    open.received = r.kind === 'GET' ? this.p.responseHeaderBytes : this.p.notModifiedBytes;
    this.events.onResponseBytes(r, open.received);
    if (!end) return;
    this.streams.delete(stream);
    this.exchanges.responseDone(r);
  }

  private onData(
    stream: number,
    bytes: Bytes,
    end: boolean,
    replies: Array<{ bytes: Bytes; tag: H2Frame }>,
  ): void {
    const open = this.streams.get(stream);
    this.connUnacked += bytes;
    if (!open) return;
    const r = open.request;
    open.received += bytes;
    open.unacked += bytes;
    if (bytes > 0) this.events.onResponseBytes(r, open.received);
    if (!end) {
      if (open.unacked >= this.window / 2) {
        replies.push({ bytes: WINDOW_UPDATE, tag: { type: 'window', stream, increment: open.unacked } });
        open.unacked = 0;
      }
      return;
    }
    this.streams.delete(stream);
    this.exchanges.responseDone(r);
  }

  protected takeUnanswered(): HttpRequest[] {
    const lost = [...this.streams.values()].map((s) => s.request);
    this.streams.clear();
    return lost;
  }
}

/** The index of the first message ending after stream offset `offset` (binary search). */
function firstEndingAfter(content: StreamContent<H2Frame>, offset: Bytes): number {
  let lo = 0;
  let hi = content.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (content.endOf(mid) > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
