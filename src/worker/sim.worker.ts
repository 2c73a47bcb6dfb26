// The simulation worker: runs the engine off the main thread so the page never freezes.
import { handleRequest } from './workerRequests';
import type { WorkerRequest } from './protocol';

addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  postMessage(handleRequest(event.data, (progress) => postMessage(progress)));
});
