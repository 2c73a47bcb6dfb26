// The engine as the page's own thread runs it: its core, without HTTP/3, CUBIC or BBR, whose runs
// go to the worker (mainThreadRun.ts sends them there), so the first picture waits for less JavaScript.
import { simulateWith } from '../engine/simulateCore';
import { CORE_CONTROLS } from '../engine/tcp/controllers';
import type { RunEngine } from './runCore';
import { handleRun as handleRunWith } from './runCore';
import type { WorkerRequest, WorkerResponse } from './protocol';

const coreEngine: RunEngine = (input, onProgress) =>
  simulateWith(input, { http3: null, controls: CORE_CONTROLS }, onProgress);

export function handleRun(request: Extract<WorkerRequest, { kind: 'run' }>): WorkerResponse {
  return handleRunWith(coreEngine, request);
}
