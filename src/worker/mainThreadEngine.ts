// The engine as the page's own thread runs it: everything but HTTP/3, whose runs go to the worker
// (mainThreadRun.ts sends them there), so the first picture waits for less JavaScript.
import { simulateWith } from '../engine/simulateCore';
import type { RunEngine } from './runCore';
import { handleRun as handleRunWith } from './runCore';
import type { WorkerRequest, WorkerResponse } from './protocol';

const withoutHttp3: RunEngine = (input, onProgress) => simulateWith(input, null, onProgress);

export function handleRun(request: Extract<WorkerRequest, { kind: 'run' }>): WorkerResponse {
  return handleRunWith(withoutHttp3, request);
}
