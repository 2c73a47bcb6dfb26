// The page's side of the worker: keeps only the latest request. While one run is in flight a
// newer request waits (replacing any older waiting one); if the run in flight is stale and has
// taken long, the worker is replaced so the newest request starts at once: by a spare started
// at the first such replacement (its code already loaded), not by a cold start. Cancel terminates
// the worker; the next request starts a fresh one. So does a worker that fails (an uncaught
// error, out of memory): the run in flight is answered with the fault. A run answered after a
// newer request was made is still offered as provisional (`onProvisional`), when it is newer than
// anything shown: during a drag the page then shows the newest finished run, instead of nothing
// until the drag stops.
import { reviveTrace } from '../engine/traceTransfer';
import type { RunProgress, WorkerRequest, WorkerResponse } from './protocol';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
export type SimPayload = WithoutId<WorkerRequest>;
type Listener = (response: WorkerResponse) => void;

/** A stale run older than this is abandoned (worker restarted) rather than waited for. */
const ABANDON_AFTER_MS = 300;

export class SimClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private latestId = 0;
  private inFlight: { id: number; startedAt: number } | null = null;
  private waiting: WorkerRequest | null = null;
  /** A worker started ahead of time, to replace an abandoned one without a cold start. */
  private spare: Worker | null = null;
  /** Hears how far the latest run has got while it is long (not an answer). */
  onProgress: ((progress: RunProgress) => void) | null = null;
  /** Answers to requests up to this id are older than what the page shows. */
  private shownId = 0;

  constructor(
    private readonly createWorker: () => Worker,
    private readonly onResult: Listener,
    private readonly onProvisional?: Listener,
  ) {}

  /** Send a request; returns its id. Only the latest request's response is delivered. */
  request(payload: SimPayload): number {
    const message = { ...payload, id: this.nextId++ } as WorkerRequest;
    this.latestId = message.id;
    if (this.inFlight && performance.now() - this.inFlight.startedAt > ABANDON_AFTER_MS) this.abandon();
    if (this.inFlight) this.waiting = message;
    else this.post(message);
    return message.id;
  }

  /** A newer answer came from elsewhere (the page's own thread): drop whatever is pending here. */
  supersede(): void {
    this.shownId = this.nextId - 1;
    this.latestId = 0;
    this.waiting = null;
  }

  /** Stop the run in flight and forget any waiting request. */
  cancel(): void {
    this.restart();
    this.latestId = 0;
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.spare?.terminate();
    this.spare = null;
  }

  /** Drop the stale run's worker for the spare, and start the next spare while this one works. */
  private abandon(): void {
    this.restart();
    this.worker = this.spare ? this.listen(this.spare) : null;
    this.spare = this.createWorker();
  }

  private restart(): void {
    this.worker?.terminate();
    this.worker = null;
    this.inFlight = null;
    this.waiting = null;
  }

  private post(message: WorkerRequest): void {
    this.worker ??= this.listen(this.createWorker());
    this.inFlight = { id: message.id, startedAt: performance.now() };
    this.worker.postMessage(message);
  }

  private listen(worker: Worker): Worker {
    worker.addEventListener('message', (e: MessageEvent<WorkerResponse>) => {
      if (e.data.kind === 'run') for (const run of e.data.runs) reviveTrace(run.trace);
      if (e.data.kind !== 'progress') this.receive(e.data);
      else if (e.data.id === this.latestId) this.onProgress?.(e.data);
    });
    worker.addEventListener('error', (e) => {
      e.preventDefault(); // handled here: the page reports it, not as an uncaught error
      this.fail(e.message);
    });
    worker.addEventListener('messageerror', () => this.fail('a message could not be read'));
    return worker;
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
    if (response.id === this.latestId) {
      this.shownId = response.id;
      this.onResult(response);
    } else if (this.onProvisional && response.kind === 'run' && response.id > this.shownId) {
      this.shownId = response.id;
      this.onProvisional(response);
    }
    const next = this.waiting;
    this.waiting = null;
    if (next) this.post(next);
  }
}
