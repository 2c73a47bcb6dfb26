// Small runs are answered on the page's own thread: the engine is pure, and a page of a few
// hundred packets simulates in a millisecond or two, far less than a round trip to the worker
// (posting the request, cloning the whole trace back, waiting for the page's next task).
// Big runs still go to the worker, so the page never freezes and Cancel keeps working.
// The engine reaches the page as its own chunk, loaded after the first paint.
import { toSimInput } from '../scenario/resolve';
import type { Settings } from '../scenario/schema';
import type { WorkerRequest, WorkerResponse } from './protocol';

type Handler = (request: WorkerRequest) => WorkerResponse;

/** Runs predicted to send more packets than this (both sides together) go to the worker. */
export const MAIN_THREAD_MAX_PACKETS = 2500;
/** ... and so does the next run after one that cost the page more than this. */
export const MAIN_THREAD_MAX_MS = 12;

let handler: Handler | null = null;
let loading: Promise<void> | null = null;
/** What the last run cost (ms), on either thread: a run that was slow predicts a slow one. */
let lastCostMs = 0;

/** Start loading the engine for the page's thread (idempotent; a failed load just keeps the worker). */
export function preloadMainThreadEngine(): void {
  loading ??= import('./runSettings')
    .then((m) => {
      handler = m.handleRequest;
    })
    .catch(() => undefined);
}

/** Packets a run of these settings will send, roughly: data segments plus as many ACKs, per load. */
export function predictedPackets(settings: Settings): number {
  const input = toSimInput(settings);
  const mss = Math.max(1, input.client.mssBytes);
  const objects = input.http.objects;
  const bytes = objects.reduce((sum, o) => sum + o.bodyBytes + input.http.responseHeaderBytes, 0);
  // Each object also costs a request, its ACK and (without persistence) a handshake and a close.
  return Math.max(1, input.http.loads) * (2 * Math.ceil(bytes / mss) + 10 * objects.length);
}

/** Answer `request` here and now if it is small enough; null means: send it to the worker. */
export function runOnMainThread(request: Extract<WorkerRequest, { kind: 'run' }>): WorkerResponse | null {
  if (!handler || lastCostMs > MAIN_THREAD_MAX_MS) return null;
  const packets = request.sides.reduce((sum, s) => sum + predictedPackets(s), 0);
  if (packets > MAIN_THREAD_MAX_PACKETS) return null;
  const started = performance.now();
  const response = handler(request);
  lastCostMs = performance.now() - started;
  return response;
}

/** Note what a worker run cost, so a big run is followed by the worker until runs shrink again. */
export function noteWorkerCost(response: WorkerResponse): void {
  if (response.kind === 'run') lastCostMs = response.runs.reduce((sum, r) => sum + r.simMs, 0);
  else if (response.kind === 'error') lastCostMs = Infinity;
}
