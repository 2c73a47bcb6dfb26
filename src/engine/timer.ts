// A restartable one-shot timer on the simulator's event queue.
import type { EventHandle, Receiver, Sim } from './sim';
import type { Nanoseconds } from './units';

const NOT_SET = -1;

/**
 * A restartable one-shot timer on the simulator: setting it again replaces the pending expiry.
 * Pushing a timer later (an RTO restarted by every ACK) keeps the queued event, which wakes at the
 * old time and sleeps again until the new one, so the queue does not fill with cancelled events.
 * Cancelling parks the queued event, and setting the timer again re-keys it where it stands
 * (Sim.requeue): the same order of events as taking it out and queueing a new one, for less work.
 */
export class Timer implements Receiver<null> {
  private handle: EventHandle | null = null;
  /** When it fires; NOT_SET when it is not pending (a number always, so setting it makes no garbage). */
  private expiresAt: Nanoseconds = NOT_SET;

  constructor(
    readonly sim: Sim,
    private readonly onFire: () => void,
  ) {}

  get pending(): boolean {
    return this.expiresAt !== NOT_SET;
  }

  /** When it fires, or -1 when it is not pending. */
  get at(): Nanoseconds {
    return this.expiresAt;
  }

  set(at: Nanoseconds): void {
    const handle = this.handle;
    // A pending wake-up that comes first stays, and re-arms when it wakes.
    if (handle !== null && this.expiresAt !== NOT_SET && handle.at <= at) this.expiresAt = at;
    else if (handle !== null) {
      this.expiresAt = at;
      this.sim.requeue(handle, at, this); // parked by `cancel`, or due too late
    } else {
      this.expiresAt = at;
      this.schedule(at);
    }
  }

  /** The queued wake-up is parked, not taken out: a timer stopped is often set again soon. */
  cancel(): void {
    if (this.handle !== null && this.expiresAt !== NOT_SET) this.sim.park(this.handle);
    this.expiresAt = NOT_SET;
  }

  /**
   * Cancel for an owner that is done with the timer (a closed connection's): its wake-up leaves
   * the queue now, where a parked one would stay until its time. A run of many connections had
   * kept each closed one's timers queued, some a minute ahead, growing the queue every event
   * sifts through. Setting it again afterwards queues a new wake-up, as after any cancel.
   */
  stop(): void {
    if (this.handle !== null) this.sim.cancel(this.handle);
    this.handle = null;
    this.expiresAt = NOT_SET;
  }

  /** The queued wake-up (the timer is its own receiver: no closure per timer). */
  receive(): void {
    this.handle = null;
    if (this.expiresAt === NOT_SET) return;
    if (this.expiresAt > this.sim.now) {
      this.handle = this.sim.again(this.expiresAt, this.sim.takeOrder(this.expiresAt));
      return;
    }
    this.expiresAt = NOT_SET;
    this.onFire();
  }

  private schedule(at: Nanoseconds): void {
    this.handle = this.sim.wakeAt(at, this);
  }
}
