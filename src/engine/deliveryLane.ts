// Deliveries made in the order they were queued, as on one direction of a link, with only the
// earliest of them in the simulator's heap at a time.
import { doubles, INITIAL_SLOTS, nulls, type Receiver, type Sim } from './sim';
import type { Nanoseconds } from './units';

// A lane makes its ring when a delivery first waits in it: most packets of a short run cross an
// idle link, and many lanes never queue one. Until then it holds these empty arrays, shared and
// never written (a full ring, as an empty one is, grows before its first store).
const NO_TIMES: readonly number[] = doubles(INITIAL_SLOTS).slice(0, 0);
const NO_SLOTS: readonly null[] = nulls(INITIAL_SLOTS).slice(0, 0);

/**
 * Deliveries that fall due in the order they were queued, as on one direction of a link (first
 * in, first out). Only the earliest waits in the heap, under its own time and insertion order, so
 * the events run exactly as if each were queued there, while a window of packets in flight keeps
 * the heap small. A delivery that finds the lane empty goes straight into the heap, as its own
 * event: most packets of a short exchange cross an idle link, and they skip the lane's ring.
 */
export class DeliveryLane implements Receiver<null> {
  private at = NO_TIMES as number[];
  private order = NO_TIMES as number[];
  private receivers = NO_SLOTS as Array<Receiver<unknown> | null>;
  private datagrams = NO_SLOTS as unknown[];
  /** A ring (its size a power of two): `count` deliveries from index `head` on. */
  private head = 0;
  private count = 0;
  /**
   * When the last delivery queued straight in the heap falls due. Once the clock has passed it,
   * that delivery has been made; until then the next one waits in the ring, so a lane never has
   * more than two events in the heap.
   */
  private directDueNs: Nanoseconds = -1;

  constructor(private readonly sim: Sim) {}

  /** Hand `datagram` to `receiver` at time `at`, as Sim.deliverAt does. */
  deliverAt<T>(at: Nanoseconds, receiver: Receiver<T>, datagram: T): void {
    const order = this.sim.takeOrder(at);
    if (this.count === 0 && this.sim.now > this.directDueNs) {
      this.directDueNs = at;
      this.sim.deliverInOrder(at, order, receiver, datagram);
      return;
    }
    const size = this.at.length;
    if (this.count > 0 && at < this.at[(this.head + this.count - 1) & (size - 1)]) {
      this.sim.deliverInOrder(at, order, receiver, datagram); // out of turn: an event of its own
      return;
    }
    if (this.count === size) this.grow();
    const i = (this.head + this.count) & (this.at.length - 1);
    this.at[i] = at;
    this.order[i] = order;
    this.receivers[i] = receiver as Receiver<unknown>;
    this.datagrams[i] = datagram;
    if (++this.count === 1) this.sim.deliverInOrder(at, order, this, null);
  }

  /** The earliest delivery is due: queue the next one's turn, then make this one. */
  receive(): void {
    const i = this.head;
    const receiver = this.receivers[i]!;
    const datagram = this.datagrams[i];
    this.receivers[i] = null;
    this.datagrams[i] = null;
    this.head = (i + 1) & (this.at.length - 1);
    if (--this.count > 0) this.sim.again(this.at[this.head], this.order[this.head]);
    receiver.receive(datagram);
  }

  private grow(): void {
    const size = this.at.length;
    const room = size === 0 ? INITIAL_SLOTS : size * 2;
    const at = doubles(room);
    const order = doubles(room);
    const receivers: Array<Receiver<unknown> | null> = nulls(room);
    const datagrams: unknown[] = nulls(room);
    for (let k = 0; k < this.count; k++) {
      const i = (this.head + k) & (size - 1);
      at[k] = this.at[i];
      order[k] = this.order[i];
      receivers[k] = this.receivers[i];
      datagrams[k] = this.datagrams[i];
    }
    this.at = at;
    this.order = order;
    this.receivers = receivers;
    this.datagrams = datagrams;
    this.head = 0;
  }
}
