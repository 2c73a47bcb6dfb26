// A small pool of simulation workers for sweeps: every point is a full run, so the points are
// shared out between the workers (two by default, one per core of a typical laptop) and each
// answer is reported as soon as it arrives. Workers that finish are kept warm for the next sweep
// (starting one costs about as much as a whole small sweep); Cancel terminates the busy ones.
import type { SweepPointRequest, WorkerResponse } from './protocol';

export type SweepJob = Omit<SweepPointRequest, 'kind' | 'id'>;

export interface SweepPoolEvents {
  /** A point finished: `index` is its place in the job list. */
  onPoint: (index: number, y: number, model: number | null) => void;
  onError: (index: number, message: string) => void;
  onDone: () => void;
}

/** Idle, warmed-up workers left by finished sweeps. */
const warm: Worker[] = [];
const MAX_WARM = 4;

export class SweepPool {
  private workers: Worker[] = [];
  private next = 0;
  private finished = 0;
  private stopped = false;

  constructor(
    private readonly createWorker: () => Worker,
    private readonly jobs: SweepJob[],
    private readonly events: SweepPoolEvents,
    size = 2,
  ) {
    if (jobs.length === 0) {
      queueMicrotask(() => events.onDone());
      return;
    }
    const count = Math.max(1, Math.min(size, jobs.length));
    for (let i = 0; i < count; i++) this.workers.push(this.startWorker());
  }

  /** Stop at once: the workers are terminated and no further event is reported. */
  cancel(): void {
    this.stopped = true;
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }

  private startWorker(): Worker {
    const worker = warm.pop() ?? this.createWorker();
    let current = -1;
    const release = () => {
      this.workers = this.workers.filter((w) => w !== worker);
      worker.onmessage = null;
      worker.onerror = null;
      if (warm.length < MAX_WARM) warm.push(worker);
      else worker.terminate();
    };
    const feed = () => {
      if (this.stopped) return;
      if (this.next >= this.jobs.length) return release();
      current = this.next++;
      worker.postMessage({ kind: 'sweep-point', id: current, ...this.jobs[current] });
    };
    const settle = () => {
      this.finished++;
      feed();
      if (this.finished === this.jobs.length) {
        this.stopped = true;
        this.events.onDone();
      }
    };
    // Plain handler properties, so a worker reused by the next pool answers to it alone.
    worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
      if (this.stopped) return;
      const r = e.data;
      if (r.kind === 'sweep-point') this.events.onPoint(r.id, r.y, r.model);
      else this.events.onError(current, r.kind === 'error' ? r.message : 'unexpected answer');
      settle();
    };
    worker.onerror = (e) => {
      if (this.stopped) return;
      e.preventDefault();
      this.events.onError(current, e.message || 'the simulation worker failed');
      settle();
    };
    feed();
    return worker;
  }
}
