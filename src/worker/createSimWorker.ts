// Vite bundles the worker from this exact `new Worker(new URL(...))` form.
export function createSimWorker(): Worker {
  return new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' });
}
