// The engine as the page's own thread runs it: its core, without HTTP/3, CUBIC or BBR, whose runs
// go to the worker (mainThreadRun.ts sends them there), so the first picture waits for less JavaScript.
import { simulateWith, type EngineParts } from '../engine/simulateCore';
import { tcpTransport } from '../engine/tcp/transport';
import type { RunEngine } from './runCore';
import { handleRun as handleRunWith } from './runCore';
import type { WorkerRequest, WorkerResponse } from './protocol';

const CORE: EngineParts = { http3: null, tcp: tcpTransport() };

const coreEngine: RunEngine = (input, onProgress) => simulateWith(input, CORE, onProgress);

export function handleRun(request: Extract<WorkerRequest, { kind: 'run' }>): WorkerResponse {
  return handleRunWith(coreEngine, request);
}
