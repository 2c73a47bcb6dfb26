// One direction of a link: a drop-tail queue in front of a serializer, then propagation.
// A packet occupies the queue until its last bit has been serialized.
import type { LinkParams } from './params';
import { Prng } from './prng';
import type { Sim } from './sim';
import type { Bytes, Nanoseconds } from './units';

export interface LinkOutcome {
  sendNs: Nanoseconds; // first bit leaves
  arriveNs: Nanoseconds | null; // last bit reaches the far end; null when dropped
  drop?: 'queue' | 'loss';
}

export class LinkDirection {
  private busyUntilNs: Nanoseconds = 0;
  /** Serialization end times of the packets still in the queue, oldest first. */
  private inQueue: Nanoseconds[] = [];
  private readonly rng: Prng;

  constructor(
    private readonly sim: Sim,
    readonly params: LinkParams,
    seed: number,
    stream: number,
  ) {
    this.rng = new Prng(seed, stream);
  }

  /** When the last packet handed to this direction has been fully sent. */
  get idleAt(): Nanoseconds {
    return this.busyUntilNs;
  }

  serializationNs(wireBytes: Bytes): Nanoseconds {
    return Math.ceil((wireBytes * 8 * 1e9) / this.params.bandwidthBps);
  }

  /** Queue a packet now; `deliver` runs when it arrives (not at all if it is dropped). */
  send(wireBytes: Bytes, deliver: () => void): LinkOutcome {
    const now = this.sim.now;
    while (this.inQueue.length > 0 && this.inQueue[0] <= now) this.inQueue.shift();
    if (this.inQueue.length >= this.params.queuePackets) {
      return { sendNs: now, arriveNs: null, drop: 'queue' };
    }
    const sendNs = Math.max(now, this.busyUntilNs);
    const doneNs = sendNs + this.serializationNs(wireBytes);
    this.busyUntilNs = doneNs;
    this.inQueue.push(doneNs);
    if (this.rng.chancePpm(this.params.lossPpm)) {
      return { sendNs, arriveNs: null, drop: 'loss' };
    }
    const arriveNs = doneNs + this.params.oneWayDelayNs;
    this.sim.at(arriveNs, deliver);
    return { sendNs, arriveNs };
  }
}
