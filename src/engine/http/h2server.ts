// The server's side of an HTTP/2 connection (RFC 9113): it reads every request as it arrives and
// prepares each response in parallel; ready responses then share the connection frame by frame.
// Scheduling rule (RFC 9113 5.3 leaves it to the server): round robin over the streams that have
// data and flow-control credit, in stream order, one DATA frame of up to 16,384 bytes per turn.
// A stream, and the connection, may only send what the client's windows allow (RFC 9113 6.9);
// when they are spent the server waits for WINDOW_UPDATE: stall cause `flow-control`.
import type { Bytes, Nanoseconds } from '../units';
import type { H2Frame } from './h2client';
import {
  DEFAULT_WINDOW,
  FRAME_HEADER,
  MAX_FRAME_PAYLOAD,
  SERVER_SETTINGS,
  responseHeadersFrame,
} from './h2frames';
import type { HttpRequest } from './request';
import { ServerConnectionBase, responseTotal } from './serverBase';
import { H2FrameWriter } from './h2writer';

interface Outgoing {
  stream: number;
  request: HttpRequest;
  headersSent: boolean;
  body: Bytes; // left to send
  window: Bytes; // the stream's send window
}

export class H2ServerConnection extends ServerConnectionBase<H2Frame> {
  // The base's writer, each frame told to the trace.
  private readonly frames = new H2FrameWriter(
    this.sim,
    this.sink,
    this.conn,
    's2c',
    this.writer,
    this.outgoing,
  );
  private ready: Outgoing[] = []; // responses prepared, not yet fully sent, in stream order
  private lastServed = 0; // the stream that had the last turn
  private connWindow: Bytes = DEFAULT_WINDOW;
  private preparing = 0;
  private responsesSent = 0;
  private peerDone = false;
  private closed = false;
  private blockedSinceNs: Nanoseconds | null = null;

  private get streamWindow(): Bytes {
    return this.p.h2WindowBytes ?? DEFAULT_WINDOW;
  }

  onDeliver(bytes: Bytes): void {
    for (const frame of this.reader.read(bytes)) {
      if (frame.type === 'control' && !frame.ack)
        this.frames.write([{ bytes: SERVER_SETTINGS, tag: { type: 'control' } }]);
      else if (frame.type === 'headers') this.prepare(frame.stream, frame.request);
      else if (frame.type === 'window') this.credit(frame.stream, frame.increment);
    }
    this.pump();
  }

  private prepare(stream: number, request: HttpRequest): void {
    if (this.closed) return;
    this.requestRead(request);
    const head = request.kind === 'GET' ? this.p.responseHeaderBytes : this.p.notModifiedBytes;
    const readNs = this.sim.now;
    this.preparing++;
    this.sim.after(this.thinkNs(request), () => {
      this.preparing--;
      if (this.closed) return;
      this.thought(readNs);
      const out = {
        stream,
        request,
        headersSent: false,
        body: Math.max(0, responseTotal(request) - head),
        window: this.streamWindow,
      };
      const at = this.ready.findIndex((o) => o.stream > stream);
      this.ready.splice(at < 0 ? this.ready.length : at, 0, out);
      this.pump();
    });
  }

  private credit(stream: number, increment: Bytes): void {
    if (stream === 0) this.connWindow += increment;
    else {
      const out = this.ready.find((o) => o.stream === stream);
      if (out) out.window += increment;
    }
  }

  override onWritable(): void {
    super.onWritable();
    this.pump();
  }

  /** Write frames while the socket takes them whole, by the round-robin rule. */
  private pump(): void {
    while (this.writer.idle && !this.closed) {
      const out = this.nextSendable();
      if (!out) break;
      this.endBlocked();
      this.sendFrame(out);
    }
    if (this.writer.idle && this.ready.length > 0 && !this.nextSendable())
      this.blockedSinceNs ??= this.sim.now;
    this.maybeClose();
  }

  /** The next stream after the last served, in stream order (wrapping), that may send. */
  private nextSendable(): Outgoing | null {
    const start = Math.max(
      0,
      this.ready.findIndex((o) => o.stream > this.lastServed),
    );
    for (let i = 0; i < this.ready.length; i++) {
      const out = this.ready[(start + i) % this.ready.length];
      if (!out.headersSent || out.body === 0 || Math.min(out.window, this.connWindow) > 0) return out;
    }
    return null;
  }

  private sendFrame(out: Outgoing): void {
    let bytes: Bytes;
    let tag: H2Frame;
    if (!out.headersSent) {
      out.headersSent = true;
      bytes = responseHeadersFrame(
        out.request.kind === 'GET' ? this.p.responseHeaderBytes : this.p.notModifiedBytes,
        this.responsesSent++ === 0,
      );
      // A response with no body (a 304) ends with its HEADERS: END_STREAM (RFC 9113 8.1).
      tag = { type: 'headers', stream: out.stream, request: out.request, end: out.body === 0 };
      if (out.body > 0) {
        this.write(out, bytes, tag);
        return; // DATA waits for its turn
      }
    } else {
      const n = Math.min(out.body, MAX_FRAME_PAYLOAD, out.window, this.connWindow);
      out.body -= n;
      out.window -= n;
      this.connWindow -= n;
      tag = { type: 'data', stream: out.stream, bytes: n, end: out.body === 0 };
      bytes = FRAME_HEADER + n;
    }
    this.write(out, bytes, tag);
    this.lastServed = out.stream;
    if (tag.end) this.ready.splice(this.ready.indexOf(out), 1);
  }

  private write(out: Outgoing, bytes: Bytes, tag: H2Frame): void {
    this.responseWrite(out.request, bytes);
    this.frames.write([{ bytes, tag }]);
  }

  private endBlocked(): void {
    if (this.blockedSinceNs === null) return;
    if (this.sim.now > this.blockedSinceNs)
      this.sink.stall({
        conn: this.conn,
        side: 'server',
        startNs: this.blockedSinceNs,
        endNs: this.sim.now,
        cause: 'flow-control',
      });
    this.blockedSinceNs = null;
  }

  onPeerFin(): void {
    this.peerDone = true;
    this.maybeClose();
  }

  private maybeClose(): void {
    if (!this.peerDone || this.closed || this.preparing > 0 || this.ready.length > 0) return;
    this.closed = true;
    this.writer.whenDrained(() => this.socket.close());
  }

  onClosed(): void {
    this.closed = true;
  }
}
