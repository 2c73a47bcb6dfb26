// The page's side of the worker: keeps only the latest request. While one run is in flight a
// newer request waits (replacing any older waiting one); if the run in flight is stale and has
// taken long, the worker is restarted so the newest request starts at once. Cancel terminates
// the worker; the next request starts a fresh one. So does a worker that fails (an uncaught
// error, out of memory): the run in flight is answered with the fault.
import type { WorkerRequest, WorkerResponse } from './protocol';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
export type SimPayload = WithoutId<WorkerRequest>;
type Listener = (response: WorkerResponse) => void;

/** A stale run older than this is abandoned (worker restarted) rather than waited for. */
const ABANDON_AFTER_MS = 120;

export class SimClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private latestId = 0;
  private inFlight: { id: number; startedAt: number } | null = null;
  private waiting: WorkerRequest | null = null;

  constructor(
    private readonly createWorker: () => Worker,
    private readonly onResult: Listener,
  ) {}

  /** Send a request; returns its id. Only the latest request's response is delivered. */
  request(payload: SimPayload): number {
    const message = { ...payload, id: this.nextId++ } as WorkerRequest;
    this.latestId = message.id;
    if (this.inFlight && performance.now() - this.inFlight.startedAt > ABANDON_AFTER_MS) this.restart();
    if (this.inFlight) this.waiting = message;
    else this.post(message);
    return message.id;
  }

  /** Stop the run in flight and forget any waiting request. */
  cancel(): void {
    this.restart();
    this.latestId = 0;
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private restart(): void {
    this.worker?.terminate();
    this.worker = null;
    this.inFlight = null;
    this.waiting = null;
  }

  private post(message: WorkerRequest): void {
    if (!this.worker) {
      this.worker = this.createWorker();
      this.worker.addEventListener('message', (e: MessageEvent<WorkerResponse>) => this.receive(e.data));
      this.worker.addEventListener('error', (e) => {
        e.preventDefault(); // handled here: the page reports it, not as an uncaught error
        this.fail(e.message);
      });
      this.worker.addEventListener('messageerror', () => this.fail('a message could not be read'));
    }
    this.inFlight = { id: message.id, startedAt: performance.now() };
    this.worker.postMessage(message);
  }

  /** The worker is unusable: drop it (the next request starts a fresh one) and answer the run. */
  private fail(reason: string | undefined): void {
    const id = this.inFlight?.id ?? 0;
    this.worker?.terminate();
    this.worker = null;
    this.receive({ kind: 'error', id, message: reason || 'the worker stopped', fault: 'worker' });
  }

  private receive(response: WorkerResponse): void {
    this.inFlight = null;
    if (response.id === this.latestId) this.onResult(response);
    const next = this.waiting;
    this.waiting = null;
    if (next) this.post(next);
  }
}
