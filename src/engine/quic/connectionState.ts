// The state of one QUIC connection end, shared by the layers that make up QuicEndpoint:
//   connectionState.ts  keys, spaces, streams, timers (this file)
//   lossDetection.ts    acknowledgements received, loss detection and probe timeouts (RFC 9002)
//   receiving.ts        packets read, frames handled, the handshake advanced, ACKs owed (RFC 9000 13.2)
//   flowControl.ts      the limits on what the server may send, when modelled (RFC 9000 4)
//   sending.ts          datagrams built and sent: coalescing, padding, the 3x limit, stream scheduling
//   endpoint.ts         the face to HTTP/3 and the transport seam, idle timeout and shutdown
// Each layer extends the one above it; what a layer needs from a later one is declared abstract here.
import type { Sim } from '../sim';
import { Timer } from '../timer';
import type { TraceSink } from '../sink';
import type { SendReason, Side } from '../trace';
import type { EndContext } from '../transport';
import type { Bytes, Nanoseconds } from '../units';
import type { QuicDatagram, StreamHandler } from './datagram';
import { ReceiveWindow, SendCredit } from './flowControl';
import { totalBytes, type QuicHandshakePlan } from './handshake';
import { NewRenoQuic, RttEstimate, type SpaceId } from './recovery';
import { newSpace, type Space } from './spaces';
import type { RecvStream, Resend, SendStream } from './streams';
import { StallLabeller } from '../tcp/stalls';
import { maxDatagramPayload } from './wire';

export abstract class QuicConnectionState {
  protected readonly sim: Sim;
  protected readonly sink: TraceSink;
  readonly conn: number;
  readonly side: Side;
  protected readonly transmit: (d: QuicDatagram) => void;
  protected readonly maxDatagram: Bytes;
  protected readonly spaces: Record<SpaceId, Space>;
  readonly rtt = new RttEstimate();
  readonly cc: NewRenoQuic;
  protected ptoCount = 0;
  protected probes = 0;
  protected probeSpace: SpaceId = 'initial';
  protected readonly lossTimer: Timer;
  protected readonly ackTimer: Timer;
  protected readonly idleTimer: Timer;
  protected handshakeKeys = false;
  /** 1-RTT keys (the server gets them with its own Finished), or 0-RTT keys for a resuming client. */
  protected appKeys: '0-RTT' | '1-RTT' | null = null;
  protected handshakeDone = false; // complete at this end
  protected confirmed = false; // RFC 9001 4.1.2
  protected handshakeDonePending = false;
  protected validated: boolean;
  protected bytesReceived = 0;
  protected bytesSent = 0;
  protected dataSent = 0;
  protected closed = false;
  protected closePending = false;
  protected readonly sendStreams = new Map<number, SendStream>();
  protected readonly recvStreams = new Map<number, RecvStream>();
  protected resends: Resend[] = [];
  protected lastServed = -1; // the stream that began the last packet's new data
  protected nextBidi: number;
  protected nextUni: number;
  handler: StreamHandler | null = null;
  protected lastSample = '';
  protected resendReason: SendReason = 'retransmit';
  protected sendOneNow = false;
  protected closedHere = false; // we sent CONNECTION_CLOSE
  protected closeRepeats = 0;
  protected amplificationSinceNs: Nanoseconds | null = null;
  /** Names the waits of queued stream data, as a TCP endpoint's labeller does (congestion window, probe timeout). */
  protected readonly stalls: StallLabeller;
  /** Flow control, when modelled (plan.flowWindow): the server's credit, the client's limits. */
  protected readonly credit: SendCredit | null;
  protected readonly receiveWindow: ReceiveWindow | null;

  constructor(
    ctx: EndContext<QuicDatagram>,
    protected readonly plan: QuicHandshakePlan,
    protected readonly hooks = ctx.hooks,
  ) {
    this.sim = ctx.sim;
    this.sink = ctx.sink;
    this.conn = ctx.conn;
    this.side = ctx.side;
    this.transmit = (d) => ctx.hooks.transmit(d);
    this.maxDatagram = maxDatagramPayload(ctx.params.mssBytes);
    this.cc = new NewRenoQuic(this.maxDatagram);
    const client = this.side === 'client';
    this.spaces = {
      initial: newSpace(totalBytes(client ? plan.serverInitial : plan.clientInitial)),
      handshake: newSpace(totalBytes(client ? plan.serverHandshake : plan.clientHandshake)),
      app: newSpace(0),
    };
    this.validated = client; // the server validates the client's address (RFC 9000 8.1)
    this.nextBidi = client ? 0 : 1; // RFC 9000 2.1: the low bits say who opened it and how
    this.nextUni = client ? 2 : 3;
    this.lossTimer = new Timer(this.sim, () => this.onLossTimer());
    this.ackTimer = new Timer(this.sim, () => this.onAckTimer());
    this.idleTimer = new Timer(this.sim, () => this.onIdle());
    // A lost tail waits for the probe timeout (RFC 9002 6.2), not TCP's RTO: the stall cause 'pto'.
    this.stalls = new StallLabeller(ctx.sink, ctx.conn, ctx.side, ctx.sim, ctx.link, 'pto');
    const chosen = plan.flowWindow;
    this.credit = chosen !== null && !client ? new SendCredit(chosen) : null;
    this.receiveWindow = chosen !== null && client ? new ReceiveWindow(chosen) : null;
  }

  /** Send what may be sent now (sending.ts). */
  protected abstract pump(reason?: SendReason): void;
  /** Bytes the 3x amplification limit still allows (sending.ts). */
  protected abstract ampBudget(): Bytes;
  /** CONNECTION_CLOSE, then silence (sending.ts). */
  protected abstract sendClose(): void;
  /** The connection is over (endpoint.ts). */
  protected abstract shutDown(why: 'local' | 'peer' | 'idle'): void;
  /** The idle timeout starts again (endpoint.ts). */
  protected abstract armIdle(): void;
  protected abstract onLossTimer(): void;
  protected abstract onAckTimer(): void;
  protected abstract onIdle(): void;
}
