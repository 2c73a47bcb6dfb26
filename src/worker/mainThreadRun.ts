// Small runs are answered on the page's own thread: the engine is pure, and a page of a few
// hundred packets simulates in a millisecond or two, far less than a round trip to the worker
// (posting the request, cloning the whole trace back, waiting for the page's next task).
// Big runs still go to the worker, so the page never freezes and Cancel keeps working.
// The engine reaches the page as its own chunk, smaller than the worker's: a first page that is
// small is drawn without starting the worker at all.
import { pageTimeNs } from '../engine/metrics';
import { coreEngineRuns } from '../engine/params';
import { toSimInput } from '../scenario/resolve';
import type { Settings } from '../scenario/schema';
import type { WorkerRequest, WorkerResponse } from './protocol';

declare global {
  /** Test hook: every run goes to the worker (for tests of the worker's own faults). */
  var roundtripWorkerOnly: boolean | undefined;
}

type RunRequest = Omit<Extract<WorkerRequest, { kind: 'run' }>, 'id'>;
type Handler = (request: RunRequest & { id: number }) => WorkerResponse;

/** Runs predicted to send more packets than this (both sides together) go to the worker. */
export const MAIN_THREAD_MAX_PACKETS = 3000;
/** ... and so does the next run after one that cost the page more than this (beyond it, the
 * worker's round trip costs less than the frames a run here would hold up). */
export const MAIN_THREAD_MAX_MS = 24;

let handler: Handler | null = null;
let loading: Promise<boolean> | null = null;
/** What the last run cost (ms), on either thread: a run that was slow predicts a slow one. */
let lastCostMs = 0;
/** The first run on this thread also compiles the engine: its cost predicts nothing. */
let warm = false;

/** Load the engine for the page's thread (once); resolves false if it cannot be loaded. */
export function loadMainThreadEngine(): Promise<boolean> {
  loading ??= import('./mainThreadEngine').then(
    (m) => {
      handler = m.handleRun;
      return true;
    },
    () => false,
  );
  return loading;
}

export function mainThreadEngineReady(): boolean {
  return handler !== null;
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

/** HTTP/3, CUBIC and BBR are the worker's alone: this thread has the engine's core. */
const coreRuns = (settings: Settings) => coreEngineRuns(toSimInput(settings));

/** Whether `request` is small enough to run on the page's thread. */
export function fitsMainThread(request: RunRequest): boolean {
  if (lastCostMs > MAIN_THREAD_MAX_MS || globalThis.roundtripWorkerOnly) return false;
  if (!request.sides.every(coreRuns)) return false;
  return request.sides.reduce((sum, s) => sum + predictedPackets(s), 0) <= MAIN_THREAD_MAX_PACKETS;
}

/**
 * Candidate fixes predicted to send more packets than this (together) run in a worker: on this
 * thread they cost the page's next run its speed (knob to redraw on Microscape over four HTTP/1.0
 * connections, 494 packets, took 5 ms more with them here).
 */
const WHAT_IF_MAX_PACKETS = 500;

/**
 * The page time of each of `sides` (the callout's candidate fixes), run on this thread when they
 * are small (null: they belong to a worker). Not the page's runs: their cost neither routes the
 * next run nor is routed by the last one's (a cold worker's first run can take longer than
 * MAIN_THREAD_MAX_MS, and these would then start a worker of their own on a small page), and the
 * worker-only test hook leaves them here.
 */
export async function pageTimesHere(sides: readonly Settings[]): Promise<Array<number | null> | null> {
  if (!tinyWhatIf(sides) || !(await loadMainThreadEngine())) return null;
  return pageTimesNow(sides);
}

/** As `pageTimesHere`, at once: null also while the engine is not yet loaded on this thread. */
export function pageTimesNow(sides: readonly Settings[]): Array<number | null> | null {
  if (handler === null || !tinyWhatIf(sides)) return null;
  return sides.map((settings) => {
    const response = handler!({ kind: 'run', id: 0, sides: [settings], preset: null });
    return response.kind === 'run' ? pageTimeNs(response.runs[0].trace) : null;
  });
}

function tinyWhatIf(sides: readonly Settings[]): boolean {
  if (!sides.every(coreRuns)) return false;
  return sides.reduce((sum, s) => sum + predictedPackets(s), 0) <= WHAT_IF_MAX_PACKETS;
}

/** Run `request` here and now (the engine must be loaded). */
export function runOnMainThread(request: RunRequest): WorkerResponse {
  const started = performance.now();
  const response = handler!({ ...request, id: 0 });
  if (warm) lastCostMs = performance.now() - started;
  warm = true;
  return response;
}

/** Note what a worker run cost, so a big run is followed by the worker until runs shrink again. */
export function noteWorkerCost(response: WorkerResponse): void {
  if (response.kind === 'run') lastCostMs = response.runs.reduce((sum, r) => sum + r.simMs, 0);
  else if (response.kind === 'error') lastCostMs = Infinity;
}
