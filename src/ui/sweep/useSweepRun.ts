// Runs a sweep in a pool of workers and streams the points in as they finish. A new sweep (or
// new scenario under a custom sweep) cancels the old one; so does leaving the panel.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { sweepQueries, type SweepSpec } from '../../scenario/sweeps';
import { createSimWorker } from '../../worker/createSimWorker';
import { SweepPool, type SweepJob } from '../../worker/sweepPool';
import { canonicalQuery } from './sweepPanelState';

/** Waits this long before starting, so a dragged slider under a custom sweep starts it once. */
const SETTLE_MS = 120;

declare global {
  interface Window {
    /** Pool size override for scripts/bench-ui.mjs (1 vs 2 workers). */
    roundtripSweepWorkers?: number;
  }
}

export interface SweepRunPoint {
  x: string;
  series: string | null;
  query: string;
  y: number | null;
  model: number | null;
  error: string | null;
}

export interface SweepRun {
  points: SweepRunPoint[];
  finished: number;
  status: 'running' | 'done' | 'cancelled';
  elapsedMs: number | null;
  workers: number;
  cancel: () => void;
  restart: () => void;
}

interface Outcome {
  key: string;
  results: Array<Pick<SweepRunPoint, 'y' | 'model' | 'error'> | undefined>;
  status: SweepRun['status'];
  elapsedMs: number | null;
}

export function useSweepRun(spec: SweepSpec | null): SweepRun {
  const [nonce, setNonce] = useState(0);
  const jobs = useMemo(
    () => (spec ? sweepQueries(spec).map((p) => ({ ...p, query: canonicalQuery(p.query) })) : []),
    [spec],
  );
  const key = JSON.stringify({
    q: jobs.map((j) => j.query),
    y: spec?.y,
    c: spec?.compare,
    m: spec?.model,
    nonce,
  });
  const [outcome, setOutcome] = useState<Outcome>({
    key: '',
    results: [],
    status: 'running',
    elapsedMs: null,
  });
  const [pool, setPool] = useState<SweepPool | null>(null);
  const workers = Math.max(1, Math.min(8, window.roundtripSweepWorkers ?? 2));

  useEffect(() => {
    if (!spec) return;
    const request: SweepJob[] = jobs.map((j) => ({
      query: j.query,
      metric: spec.y,
      compare: spec.compare,
      model: spec.model,
    }));
    let running: SweepPool | null = null;
    const timer = setTimeout(() => {
      const started = performance.now();
      const settle = (index: number, value: Pick<SweepRunPoint, 'y' | 'model' | 'error'>) =>
        setOutcome((o) => {
          const results = o.key === key ? [...o.results] : [];
          results[index] = value;
          return { ...o, key, results };
        });
      running = new SweepPool(
        createSimWorker,
        request,
        {
          onPoint: (i, y, model) => settle(i, { y, model, error: null }),
          onError: (i, message) => settle(i, { y: null, model: null, error: message }),
          onDone: () =>
            setOutcome((o) => ({ ...o, key, status: 'done', elapsedMs: performance.now() - started })),
        },
        workers,
      );
      setPool(running);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      running?.cancel();
    };
    // The key stands for the jobs and the spec's figures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const cancel = useCallback(() => {
    pool?.cancel();
    setOutcome((o) =>
      o.key !== key
        ? { key, results: [], status: 'cancelled', elapsedMs: null }
        : o.status === 'running'
          ? { ...o, status: 'cancelled' }
          : o,
    );
  }, [pool, key]);
  const restart = useCallback(() => setNonce((n) => n + 1), []);

  const current = outcome.key === key ? outcome : null;
  const points = jobs.map((j, i) => {
    const r = current?.results[i];
    return { ...j, y: r?.y ?? null, model: r?.model ?? null, error: r?.error ?? null };
  });
  return {
    points,
    finished: current ? current.results.filter(Boolean).length : 0,
    status: current?.status ?? 'running',
    elapsedMs: current?.elapsedMs ?? null,
    workers,
    cancel,
    restart,
  };
}
