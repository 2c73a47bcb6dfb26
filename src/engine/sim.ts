// The event loop: a binary heap keyed by (time, insertion order), so ties always break the
// same way, and an integer-nanosecond clock that never goes back.
import type { Nanoseconds } from './units';

interface ScheduledEvent {
  at: Nanoseconds;
  order: number;
  fn: (() => void) | null; // null once cancelled
  /** For a delivery (`deliverAt`): who receives what; the event then calls `to.receive(what)`. */
  to: Receiver<unknown> | null;
  what: unknown;
}

/** Something a delivery event hands its datagram to (a transport end). */
export interface Receiver<T> {
  receive(d: T): void;
}

const DELIVERY = (): void => {}; // the `fn` of a delivery event: not null, so not cancelled

/** A run stopped by one of its budgets: too many events, or a trace too big to keep. */
export class SimulationLimitError extends Error {
  constructor(limit: number, at: Nanoseconds, what: 'events' | 'packets' = 'events') {
    super(`simulation stopped after ${limit} ${what} at t=${(at / 1e9).toFixed(6)} s (event cap reached)`);
    this.name = 'SimulationLimitError';
  }
}

export type EventHandle = ScheduledEvent;

export class Sim {
  now: Nanoseconds = 0;
  /** Events that ran (cancelled ones are not counted). */
  eventCount = 0;
  private heap: ScheduledEvent[] = [];
  private nextOrder = 0;

  constructor(private readonly maxEvents: number) {}

  at(at: Nanoseconds, fn: () => void): EventHandle {
    if (!(at >= this.now)) throw new Error(`event scheduled in the past: ${at} < ${this.now}`);
    const ev: ScheduledEvent = { at, order: this.nextOrder++, fn, to: null, what: null };
    this.push(ev);
    return ev;
  }

  /** Schedule `to.receive(what)` at `at`: a packet's arrival, without a closure per packet. */
  deliverAt<T>(at: Nanoseconds, to: Receiver<T>, what: T): void {
    if (!(at >= this.now)) throw new Error(`event scheduled in the past: ${at} < ${this.now}`);
    this.push({ at, order: this.nextOrder++, fn: DELIVERY, to: to as Receiver<unknown>, what });
  }

  after(delay: Nanoseconds, fn: () => void): EventHandle {
    return this.at(this.now + delay, fn);
  }

  cancel(ev: EventHandle | null): void {
    if (ev) ev.fn = null;
  }

  run(): void {
    while (this.heap.length > 0) {
      const ev = this.pop();
      const fn = ev.fn;
      if (fn === null) continue;
      ev.fn = null;
      this.now = ev.at;
      if (++this.eventCount > this.maxEvents) throw new SimulationLimitError(this.maxEvents, this.now);
      const to = ev.to;
      if (to !== null) {
        const what = ev.what;
        ev.to = null;
        ev.what = null;
        to.receive(what);
      } else fn();
    }
  }

  /** Run the events due up to `untilNs`, then stand the clock there (for step-by-step tests). */
  runUntil(untilNs: Nanoseconds): void {
    while (this.heap.length > 0 && this.heap[0].at <= untilNs) {
      const ev = this.pop();
      const fn = ev.fn;
      if (fn === null) continue;
      ev.fn = null;
      this.now = ev.at;
      const to = ev.to;
      if (to !== null) {
        const what = ev.what;
        ev.to = null;
        ev.what = null;
        to.receive(what);
      } else fn();
    }
    if (untilNs > this.now) this.now = untilNs;
  }

  // The heap moves a hole instead of swapping: each level costs one write, not three.
  private push(ev: ScheduledEvent): void {
    const h = this.heap;
    const at = ev.at;
    const order = ev.order;
    let i = h.length;
    h.push(ev);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = h[parent];
      if (!(at < p.at || (at === p.at && order < p.order))) break;
      h[i] = p;
      i = parent;
    }
    h[i] = ev;
  }

  private pop(): ScheduledEvent {
    const h = this.heap;
    const top = h[0];
    const last = h.pop()!;
    const n = h.length;
    if (n > 0) {
      const at = last.at;
      const order = last.order;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        let m = l;
        let c = h[l];
        const r = l + 1;
        if (r < n) {
          const rc = h[r];
          if (rc.at < c.at || (rc.at === c.at && rc.order < c.order)) {
            m = r;
            c = rc;
          }
        }
        if (!(c.at < at || (c.at === at && c.order < order))) break;
        h[i] = c;
        i = m;
      }
      h[i] = last;
    }
    return top;
  }
}

/**
 * A restartable one-shot timer on the simulator: setting it again replaces the pending expiry.
 * Pushing a timer later (an RTO restarted by every ACK) keeps the queued event, which wakes at the
 * old time and sleeps again until the new one, so the queue does not fill with cancelled events.
 */
export class Timer {
  private handle: EventHandle | null = null;
  expiresAt: Nanoseconds | null = null;

  private readonly wake: () => void;

  constructor(
    readonly sim: Sim,
    private readonly onFire: () => void,
  ) {
    // One wake-up closure per timer, not one per arming.
    this.wake = () => {
      this.handle = null;
      if (this.expiresAt === null) return;
      if (this.expiresAt > this.sim.now) {
        this.schedule(this.expiresAt);
        return;
      }
      this.expiresAt = null;
      this.onFire();
    };
  }

  get pending(): boolean {
    return this.expiresAt !== null;
  }

  set(at: Nanoseconds): void {
    this.expiresAt = at;
    if (this.handle && this.handle.at <= at) return; // the queued wake-up comes first and re-arms
    this.sim.cancel(this.handle);
    this.schedule(at);
  }

  cancel(): void {
    this.sim.cancel(this.handle);
    this.handle = null;
    this.expiresAt = null;
  }

  private schedule(at: Nanoseconds): void {
    this.handle = this.sim.at(at, this.wake);
  }
}
