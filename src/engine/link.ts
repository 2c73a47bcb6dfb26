// One direction of a link: a drop-tail queue (with CoDel before it if asked) in front of a
// serializer, then propagation. A packet occupies the queue until its last bit has been serialized.
import { CoDel } from './codel';
import type { LinkParams } from './params';
import { Prng } from './prng';
import { DeliveryLane } from './deliveryLane';
import type { Receiver, Sim } from './sim';
import type { DropCause } from './trace';
import type { Bytes, Nanoseconds } from './units';

/** The generator of every lossless link, never drawn from, so its state never changes. */
const NEVER_DRAWN = new Prng(0);

export class LinkDirection {
  private busyUntilNs: Nanoseconds = 0;
  /** Serialization end times of the packets still in the queue, oldest first, from `head` on. */
  private inQueue: Nanoseconds[] = [];
  private head = 0;
  /** The outcome of the last `transmit`, read by the caller at once (no object per packet). */
  sendNs: Nanoseconds = 0;
  arriveNs: Nanoseconds | null = null;
  drop: DropCause | undefined = undefined;
  /** Active queue management, or null: drop-tail alone. */
  private readonly codel: CoDel | null;
  private readonly rng: Prng;
  /** Most packets are the size of the one before (full segments, bare ACKs): its time is kept. */
  private lastWireBytes = -1;
  private lastSerializationNs: Nanoseconds = 0;
  /** Packets arrive in the order they were sent. */
  private readonly arrivals: DeliveryLane;

  constructor(
    private readonly sim: Sim,
    readonly params: LinkParams,
    seed: number,
    stream: number,
  ) {
    // A link without loss never draws (chancePpm(0) is false without a draw): it shares one generator.
    this.rng = params.lossPpm > 0 ? new Prng(seed, stream) : NEVER_DRAWN;
    this.arrivals = new DeliveryLane(sim);
    this.codel = params.aqm === 'codel' ? new CoDel() : null;
  }

  /** When the last packet handed to this direction has been fully sent. */
  get idleAt(): Nanoseconds {
    return this.busyUntilNs;
  }

  serializationNs(wireBytes: Bytes): Nanoseconds {
    if (wireBytes !== this.lastWireBytes) {
      this.lastWireBytes = wireBytes;
      this.lastSerializationNs = Math.ceil((wireBytes * 8 * 1e9) / this.params.bandwidthBps);
    }
    return this.lastSerializationNs;
  }

  /**
   * Queue a packet now; `to.receive(what)` runs when it arrives (not at all if it is dropped). The
   * outcome is left in `sendNs`, `arriveNs` and `drop`.
   */
  transmit<T>(wireBytes: Bytes, to: Receiver<T> | null, what: T): void {
    const now = this.sim.now;
    const q = this.inQueue;
    let head = this.head;
    while (head < q.length && q[head] <= now) head++;
    if (head >= 1024 && head * 2 > q.length) {
      q.splice(0, head); // now and then, so the array does not grow without end
      head = 0;
    }
    this.head = head;
    if (q.length - head >= this.params.queuePackets) {
      this.sendNs = now;
      this.arriveNs = null;
      this.drop = 'queue';
      return;
    }
    const sendNs = Math.max(now, this.busyUntilNs);
    if (this.codel !== null && this.codel.drops(now, sendNs, now > this.busyUntilNs)) {
      q[q.length] = sendNs; // it held its place in the queue until its turn, and used no link time
      this.sendNs = sendNs;
      this.arriveNs = null;
      this.drop = 'codel';
      return;
    }
    const doneNs = sendNs + this.serializationNs(wireBytes);
    this.busyUntilNs = doneNs;
    // An indexed store, not push: a push that once meets a time too big for a small integer
    // (the array's first kind) is never optimized again.
    q[q.length] = doneNs;
    this.sendNs = sendNs;
    if (this.rng.chancePpm(this.params.lossPpm)) {
      this.arriveNs = null;
      this.drop = 'loss';
      return;
    }
    const arriveNs = doneNs + this.params.oneWayDelayNs;
    this.arriveNs = arriveNs;
    this.drop = undefined;
    if (to !== null) this.arrivals.deliverAt(arriveNs, to, what);
  }
}
