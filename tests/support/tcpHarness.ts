// Drive one TCP endpoint by hand: send it segments, expect the segments it sends back.
// The endpoint is the client (it sends the SYN); the test plays the server and the clock.
import { expect } from 'vitest';
import type { TcpParams } from '../../src/engine/params';
import { Sim } from '../../src/engine/sim';
import { TraceRecorder } from '../../src/engine/sink';
import { emptyTrace } from '../../src/engine/simulate';
import { TcpEndpoint } from '../../src/engine/tcp/endpoint';
import { StallLabeller } from '../../src/engine/tcp/stalls';
import type { Segment } from '../../src/engine/tcp/segment';
import { FLAG, type SendReason } from '../../src/engine/trace';
import { ALL_CONTROLS } from '../../src/engine/tcp/allControls';

export const MSS = 1000;
const ms = (x: number) => x * 1e6;

export const DEFAULT_TCP: TcpParams = {
  mssBytes: MSS,
  nagle: true,
  delack: 'fixed',
  delackNs: ms(200),
  delackPhaseNs: 0,
  ackOnRead: false,
  initialWindow: '1',
  slowStartRestart: 'off',
  congestionControl: 'reno',
  bufferBytes: 60_000,
  sendBufferBytes: 1_000_000,
  initialRtoNs: ms(3000),
  minRtoNs: ms(1000),
  maxRtoNs: ms(64_000),
  maxRetransmits: 12,
};

/** What a test expects of a segment; fields left out are not checked. */
export interface SegmentShape {
  seq?: number;
  ack?: number;
  len?: number;
  flags?: number;
  reason?: SendReason;
}

export class TcpHarness {
  readonly sim = new Sim(1_000_000);
  readonly trace = emptyTrace();
  readonly tcp: TcpEndpoint;
  private out: Array<Segment & { atNs: number }> = [];
  delivered = 0;

  constructor(params: Partial<TcpParams> = {}) {
    const p = { ...DEFAULT_TCP, ...params };
    this.tcp = new TcpEndpoint(
      this.sim,
      new TraceRecorder(this.trace),
      0,
      'client',
      p,
      {
        transmit: (seg) => this.out.push({ ...seg, atNs: this.sim.now }),
        onEstablished: () => {},
        onDeliver: (_, bytes) => (this.delivered += bytes),
        onPeerFin: () => {},
        onWritable: () => {},
        onClosed: () => {},
      },
      ALL_CONTROLS,
    );
  }

  /** Record the endpoint's stalls in the trace, as the network's transport does (the test's
   * link has nothing to send: a segment leaves the moment it is sent). */
  labelStalls(): this {
    const sim = this.sim;
    const link = {
      get idleAt() {
        return sim.now;
      },
    };
    this.tcp.observe(new StallLabeller(new TraceRecorder(this.trace), 0, 'client', this.sim, link));
    return this;
  }

  /** The waits labelled the timeout's, as [start, end] in ns after `fromNs` (labelStalls first). */
  rtoWaits(fromNs = 0): number[][] {
    return this.trace.stalls
      .filter((s) => s.cause === 'rto')
      .map((s) => [s.startNs - fromNs, s.endNs - fromNs]);
  }

  /** Handshake: SYN out, our SYN-ACK in (peer window `win`), the ACK out. */
  open(win = 60_000): this {
    this.tcp.connect();
    this.expectSegment({ seq: 0, flags: FLAG.SYN, len: 0 });
    this.sendSegment({ seq: 0, ack: 1, flags: FLAG.SYN | FLAG.ACK, win, mssOption: MSS });
    this.expectSegment({ ack: 1, flags: FLAG.ACK, len: 0 });
    return this;
  }

  /** A segment from the peer arrives now. */
  sendSegment(s: Partial<Segment>): this {
    const seg: Segment = {
      conn: 0,
      from: 'server',
      seq: 1,
      ack: 1,
      flags: FLAG.ACK,
      win: 60_000,
      len: 0,
      reason: 'data',
      ...s,
    };
    this.tcp.receive(seg);
    return this;
  }

  /** The peer acknowledges everything before `ack`. */
  sendAck(ack: number, win = 60_000): this {
    return this.sendSegment({ ack, win, reason: 'ack-now' });
  }

  write(bytes: number): this {
    this.tcp.write(bytes);
    return this;
  }

  advanceMs(msFromNow: number): this {
    this.sim.runUntil(this.sim.now + ms(msFromNow));
    return this;
  }

  /** The next segment the endpoint sent matches `shape`; returns it. */
  expectSegment(shape: SegmentShape): Segment & { atNs: number } {
    const seg = this.out.shift();
    expect(seg, `expected a segment like ${JSON.stringify(shape)}`).toBeDefined();
    const got: SegmentShape = {};
    for (const k of Object.keys(shape) as Array<keyof SegmentShape>) Object.assign(got, { [k]: seg![k] });
    expect(got).toEqual(shape);
    return seg!;
  }

  /** Data segments sent since the last expectation, as `seq:end` strings. */
  takeData(): string[] {
    const data = this.out.filter((s) => s.len > 0).map((s) => `${s.seq}:${s.seq + s.len}`);
    this.out = [];
    return data;
  }

  /** Every segment sent since the last expectation. */
  takeAll(): Array<Segment & { atNs: number }> {
    const all = this.out;
    this.out = [];
    return all;
  }

  /** When the handshake's last ACK left (0 here: the test's clock starts at the SYN). */
  get openedAtNs(): number {
    return 0;
  }

  expectNothing(): void {
    expect(this.out.map((s) => `${s.seq}:${s.len}:${s.reason}`)).toEqual([]);
  }
}
