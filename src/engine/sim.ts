// The event loop: a binary heap keyed by (time, insertion order), so ties always break the
// same way, and an integer-nanosecond clock that never goes back.
import type { Nanoseconds } from './units';

/** What a datagram is delivered to (a transport end). */
export interface Receiver<T> {
  receive(d: T): void;
}

interface ScheduledEvent {
  at: Nanoseconds;
  order: number;
  /** What runs: a callback, or a receiver handed its datagram (no closure per packet). */
  fn: (() => void) | null;
  receiver: Receiver<unknown> | null;
  datagram: unknown;
  /** Its index in the heap; -1 while it runs, and once it ran or was cancelled. */
  slot: number;
}

/**
 * A run stopped by one of its budgets: too many events, or a trace too big to keep. Its message is
 * read on the page, so it names the budget that stopped the run and writes numbers as the page
 * does ("its budget of 500,000 packets, 668.4 s into the run").
 */
export class SimulationLimitError extends Error {
  constructor(limit: number, at: Nanoseconds, what: 'events' | 'packets' | 'application events' = 'events') {
    const when = at < 1e9 ? `${(at / 1e6).toFixed(1)} ms` : `${(at / 1e9).toFixed(1)} s`;
    super(
      `simulation stopped at its budget of ${limit.toLocaleString('en-US')} ${what}, ${when} into the run`,
    );
    this.name = 'SimulationLimitError';
  }
}

export type EventHandle = ScheduledEvent;

/**
 * Room a queue starts with (a power of two; it doubles when full). Small: a short run makes a
 * queue and two delivery lanes each time, and filling bigger ones was a tenth of a 16-packet run.
 */
export const INITIAL_SLOTS = 16;

/** Events between progress reports: a few tens of milliseconds of engine time. */
export const PROGRESS_EVERY = 20_000;

export class Sim {
  now: Nanoseconds = 0;
  /** Events that ran (cancelled ones are not counted). */
  eventCount = 0;
  /**
   * A binary heap of the queued events, with their keys (time, then insertion order) beside them
   * in arrays of numbers: comparisons read numbers side by side instead of following each event. A
   * cancelled event leaves the heap at once (each event knows its slot): timers cancelled on
   * every ACK would otherwise crowd it with dead entries. The event that runs stays at the root
   * until it returns (whatever it queues sorts after it), so it can be queued `again` in place.
   */
  private heap: ScheduledEvent[] = [];
  private heapAt = doubles(INITIAL_SLOTS);
  private heapOrder = doubles(INITIAL_SLOTS);
  private nextOrder = 0;
  /** Events that ran or were cancelled, for reuse: a run schedules millions. */
  private spare: ScheduledEvent[] = [];
  /** The event running now, if any (it is heap[0]). */
  private running: ScheduledEvent | null = null;

  constructor(private readonly maxEvents: number) {}

  /** Events in the queue, parked ones included. */
  get queued(): number {
    return this.heap.length;
  }

  /**
   * Run `fn` at time `at`. The handle is for `cancel` and means nothing once the event has run
   * or been cancelled (its object is reused), so holders drop it then, as Timer does.
   */
  at(at: Nanoseconds, fn: () => void): EventHandle {
    const ev = this.schedule(at);
    ev.fn = fn;
    return ev;
  }

  /** Hand nothing to `receiver` at time `at` (a timer's wake-up: no closure); the handle is as `at`'s. */
  wakeAt(at: Nanoseconds, receiver: Receiver<null>): EventHandle {
    const ev = this.schedule(at);
    ev.receiver = receiver as Receiver<unknown>;
    return ev;
  }

  after(delay: Nanoseconds, fn: () => void): EventHandle {
    return this.at(this.now + delay, fn);
  }

  /** Hand `datagram` to `receiver` at time `at`. */
  deliverAt<T>(at: Nanoseconds, receiver: Receiver<T>, datagram: T): void {
    this.deliverInOrder(at, this.takeOrder(at), receiver, datagram);
  }

  /** The insertion order of an event queued now for `at` (a DeliveryLane queues it itself). */
  takeOrder(at: Nanoseconds): number {
    if (!(at >= this.now)) throw new Error(`event scheduled in the past: ${at} < ${this.now}`);
    return this.nextOrder++;
  }

  /** Queue a delivery whose insertion order was taken earlier (`takeOrder`). */
  deliverInOrder<T>(at: Nanoseconds, order: number, receiver: Receiver<T>, datagram: T): void {
    const ev = this.eventAt(at, order);
    ev.receiver = receiver as Receiver<unknown>;
    ev.datagram = datagram;
  }

  /**
   * Queue the event now running once more, at `at` under insertion order `order` (taken with
   * `takeOrder`), for the same receiver: a delivery lane's next turn, a timer's later wake-up. It
   * is re-keyed where it stands rather than taken out and queued anew.
   */
  again(at: Nanoseconds, order: number): EventHandle {
    const ev = this.running!;
    ev.at = at;
    ev.order = order;
    ev.slot = 0;
    return ev;
  }

  /**
   * Stop a queued event but leave it in place, inert: it runs nothing and counts for nothing, and
   * leaves when its turn comes unless `requeue` brings it back first (a delayed-ACK timer stopped
   * by every ACK sent and set again by the next segment, often for the same tick). The holder
   * keeps the handle: a parked event that left is not reused by anyone else.
   */
  park(ev: EventHandle): void {
    ev.receiver = null;
    ev.fn = null;
  }

  /**
   * Queue `ev` (a handle from `wakeAt`, queued, parked or gone) for `receiver` at `at`, under a
   * fresh insertion order: as if it were cancelled and queued anew, without leaving the heap.
   */
  requeue(ev: EventHandle, at: Nanoseconds, receiver: Receiver<null>): void {
    const order = this.takeOrder(at);
    ev.receiver = receiver as Receiver<unknown>;
    ev.at = at;
    ev.order = order;
    const i = ev.slot;
    if (ev === this.running) {
      ev.slot = 0; // sifted down once it returns
    } else if (i < 0) this.siftUp(this.heapSlot(), ev);
    else if (i > 0 && this.before(at, order, (i - 1) >> 1)) this.siftUp(i, ev);
    else this.siftDown(i, ev, this.heap.length);
  }

  cancel(ev: EventHandle | null): void {
    if (ev === null || ev.slot < 0) return;
    if (ev === this.running) {
      ev.slot = -1; // queued `again`, then cancelled: it leaves once it returns
      return;
    }
    this.removeAt(ev.slot);
    this.release(ev);
  }

  /** `onProgress` is called with the clock every PROGRESS_EVERY events, so a long run can say how far it got. */
  run(onProgress?: (now: Nanoseconds) => void): void {
    while (this.heap.length > 0) {
      const ev = this.heap[0];
      if (ev.receiver === null && ev.fn === null) {
        this.dropParked(ev);
        continue;
      }
      this.now = ev.at;
      if (++this.eventCount > this.maxEvents) throw new SimulationLimitError(this.maxEvents, this.now);
      if (onProgress !== undefined && this.eventCount % PROGRESS_EVERY === 0) onProgress(this.now);
      this.fire(ev);
    }
  }

  /** Run the events due up to `untilNs`, then stand the clock there (for step-by-step tests). */
  runUntil(untilNs: Nanoseconds): void {
    while (this.heap.length > 0 && this.heapAt[0] <= untilNs) {
      const ev = this.heap[0];
      if (ev.receiver === null && ev.fn === null) {
        this.dropParked(ev);
        continue;
      }
      this.now = ev.at;
      this.fire(ev);
    }
    if (untilNs > this.now) this.now = untilNs;
  }

  private schedule(at: Nanoseconds): ScheduledEvent {
    return this.eventAt(at, this.takeOrder(at));
  }

  private eventAt(at: Nanoseconds, order: number): ScheduledEvent {
    const ev = this.spare.pop() ?? { at, order: 0, fn: null, receiver: null, datagram: null, slot: -1 };
    ev.at = at;
    ev.order = order;
    this.siftUp(this.heapSlot(), ev); // the heap grows by one (not push: see release)
    return ev;
  }

  /** The slot one past the end of the heap, with room for its keys. */
  private heapSlot(): number {
    const i = this.heap.length;
    if (i === this.heapAt.length) this.growKeys();
    return i;
  }

  /** A parked event's turn came: it leaves the root, unrun, and is not pooled (its holder may requeue it). */
  private dropParked(ev: ScheduledEvent): void {
    ev.slot = -1;
    const last = this.heap.pop()!;
    if (last !== ev) this.siftDown(0, last, this.heap.length);
  }

  /**
   * Run the event at the root of the heap, then take it out, or sift it down to its new place if
   * it was queued `again`. While it runs its key stays the heap's least: nothing queued or
   * cancelled meanwhile moves it.
   */
  private fire(ev: ScheduledEvent): void {
    ev.slot = -1;
    this.running = ev;
    const datagram = ev.datagram;
    ev.datagram = null;
    if (ev.receiver !== null) ev.receiver.receive(datagram);
    else ev.fn!();
    this.running = null;
    const h = this.heap;
    let root = ev;
    if (ev.slot !== 0) {
      this.release(ev);
      root = h.pop()!; // the last event fills the root, unless the heap is now empty
      if (h.length === 0) return;
    }
    this.siftDown(0, root, h.length);
  }

  private release(ev: ScheduledEvent): void {
    ev.slot = -1;
    ev.fn = null;
    ev.receiver = null;
    ev.datagram = null;
    // An indexed store, not push: a run's first arrays are made before V8 knows they hold
    // objects, and a push that then meets one is never optimized again.
    this.spare[this.spare.length] = ev;
  }

  /** Take the event at heap index `i` out; the last one fills its place. */
  private removeAt(i: number): void {
    const h = this.heap;
    const last = h.pop()!;
    const n = h.length;
    if (i === n) return;
    // `last` goes up if it sorts before the parent of the slot, else down.
    const parent = (i - 1) >> 1;
    if (i > 0 && this.before(last.at, last.order, parent)) this.siftUp(i, last);
    else this.siftDown(i, last, n);
  }

  /** Whether the key (at, order) sorts before the event at heap index `j`. */
  private before(at: Nanoseconds, order: number, j: number): boolean {
    const jAt = this.heapAt[j];
    return at < jAt || (at === jAt && order < this.heapOrder[j]);
  }

  /** Place `ev` at index `i` or above, moving parents down until its slot is found. */
  private siftUp(i: number, ev: ScheduledEvent): void {
    const h = this.heap;
    const keyAt = this.heapAt;
    const keyOrder = this.heapOrder;
    const at = ev.at;
    const order = ev.order;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pAt = keyAt[parent];
      if (pAt < at || (pAt === at && keyOrder[parent] < order)) break;
      const moved = h[parent];
      h[i] = moved;
      moved.slot = i;
      keyAt[i] = pAt;
      keyOrder[i] = keyOrder[parent];
      i = parent;
    }
    h[i] = ev;
    ev.slot = i;
    keyAt[i] = at;
    keyOrder[i] = order;
  }

  /** Place `ev` at index `i` or below (in a heap of `n`), moving the smaller child up until its slot is found. */
  private siftDown(i: number, ev: ScheduledEvent, n: number): void {
    const h = this.heap;
    const keyAt = this.heapAt;
    const keyOrder = this.heapOrder;
    const at = ev.at;
    const order = ev.order;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let cAt = keyAt[child];
      let cOrder = keyOrder[child];
      const right = child + 1;
      if (right < n) {
        const rAt = keyAt[right];
        const rOrder = keyOrder[right];
        if (rAt < cAt || (rAt === cAt && rOrder < cOrder)) {
          child = right;
          cAt = rAt;
          cOrder = rOrder;
        }
      }
      if (at < cAt || (at === cAt && order < cOrder)) break;
      const moved = h[child];
      h[i] = moved;
      moved.slot = i;
      keyAt[i] = cAt;
      keyOrder[i] = cOrder;
      i = child;
    }
    h[i] = ev;
    ev.slot = i;
    keyAt[i] = at;
    keyOrder[i] = order;
  }

  private growKeys(): void {
    this.heapAt = doubles(this.heapAt.length * 2, this.heapAt);
    this.heapOrder = doubles(this.heapOrder.length * 2, this.heapOrder);
  }
}

/**
 * An array of `n` numbers stored unboxed (V8 keeps a packed array of doubles as raw doubles),
 * starting with `from`'s. Plain arrays rather than typed ones: a typed array's buffer costs
 * microseconds to make, and a short run makes its queues many times a second.
 */
export function doubles(n: number, from: readonly number[] = []): number[] {
  const rest = n - from.length;
  if (rest > COPIED_UP_TO) return filledDoubles(n, from);
  const blank = (DOUBLES[rest] ??= filledDoubles(rest, []));
  return from.length === 0 ? blank.slice() : from.concat(blank);
}

/** `n` empty slots, packed like `doubles`' arrays (every array of one kind keeps one shape). */
export function nulls(n: number): null[] {
  if (n > COPIED_UP_TO) return filledNulls(n);
  return (NULLS[n] ??= filledNulls(n)).slice();
}

// Filled by index, not push (see Sim.release): a first push of 0.5 into `[]` deopts, and then
// every later push there would be a call.
function filledDoubles(n: number, from: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out[i] = i < from.length ? from[i] : 0.5;
  return out;
}

function filledNulls(n: number): null[] {
  const out: null[] = [];
  for (let i = 0; i < n; i++) out[i] = null;
  return out;
}

// Queues and lanes start and grow as copies of blank arrays kept by size (powers of two, as
// they double): copying an array costs much less than filling a new one (filling showed in the
// profile of short runs, and in a 200 KB transfer's, whose lanes grow twice). Past this size a
// run is long enough that filling is nothing to it.
const COPIED_UP_TO = 4096;
const DOUBLES: Array<readonly number[] | undefined> = [];
const NULLS: Array<readonly null[] | undefined> = [];
