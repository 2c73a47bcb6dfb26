// The simulation worker: runs the engine off the main thread so the page never freezes.
import { traceBuffers } from '../engine/traceTransfer';
import { handleRequest } from './workerRequests';
import type { WorkerRequest } from './protocol';

addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const response = handleRequest(event.data, (progress) => postMessage(progress));
  // The packets' columns move to the page instead of being copied: the worker keeps no trace.
  const transfer =
    response.kind === 'run' ? [...new Set(response.runs.flatMap((run) => traceBuffers(run.trace)))] : [];
  postMessage(response, { transfer });
});
