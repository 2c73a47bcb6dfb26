// Runs the scenario whenever its settings change: small runs at once on the page's thread, in the
// render that asks for them (a knob change is then one render, not one for the knob and another
// for its run), big ones in the worker. Only the latest request counts; after 100 ms without an
// answer the page says "simulating…", how far the run has got, and offers Cancel.
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Settings } from '../../scenario/schema';
import { createSimWorker } from '../../worker/createSimWorker';
import type { FigureResult, RunFault, RunProgress, SideRun, WorkerResponse } from '../../worker/protocol';
import { SimClient } from '../../worker/simClient';
import {
  fitsMainThread,
  loadMainThreadEngine,
  mainThreadEngineReady,
  noteWorkerCost,
  runOnMainThread,
} from '../../worker/mainThreadRun';
import { markResult } from '../perf';

const SLOW_AFTER_MS = 100;

export interface SimulationState {
  runs: SideRun[] | null;
  /** The settings `runs` ran on, side A's first: while a newer run is simulated, not the knobs'. */
  ranOn: Settings[] | null;
  /** The loaded preset's published figures measured on side A's run. */
  figures: FigureResult[] | null;
  /** A request is waiting for its answer. */
  busy: boolean;
  /** ... and has waited longer than SLOW_AFTER_MS. */
  slow: boolean;
  error: string | null;
  /** What kind of failure `error` is: the event cap, a dead worker, or (null) the engine threw. */
  fault: RunFault | null;
  cancelled: boolean;
  cancel: () => void;
  /** While a long run goes on in the worker: how far it has got (side 0 is A). */
  progress: RunProgress | null;
}

interface Answer {
  key: string;
  runs: SideRun[] | null;
  /** The request `runs` answer: after a failed run, still the one before. */
  runsKey: string;
  figures: FigureResult[] | null;
  error: string | null;
  fault: RunFault | null;
}

export function useSimulation(sides: Settings[], preset: string | null): SimulationState {
  const key = JSON.stringify({ sides, preset });
  const [answer, setAnswer] = useState<Answer>({
    key: '',
    runs: null,
    runsKey: '',
    figures: null,
    error: null,
    fault: null,
  });
  const [slowKey, setSlowKey] = useState<string | null>(null);
  const [cancelledKey, setCancelledKey] = useState<string | null>(null);
  // A run asked for again (Back to one cancelled before) is no longer cancelled: set while
  // rendering the new key, as React's pattern for state that follows a prop.
  const [askedKey, setAskedKey] = useState(key);
  if (askedKey !== key) {
    setAskedKey(key);
    setCancelledKey(null);
  }
  const [progress, setProgress] = useState<{ key: string; at: RunProgress } | null>(null);
  const clientRef = useRef<SimClient | null>(null);
  const pendingKey = useRef<string>('');
  const onResultRef = useRef<((response: WorkerResponse) => void) | null>(null);
  /** The key each worker request was made for (the recent ones), for provisional answers. */
  const requestKeys = useRef(new Map<number, string>());

  // A small run, once the engine is on this thread, is answered here and now. The engine is pure
  // and deterministic: a repeated render gets the same answer.
  const answeredHere = useMemo((): Answer | null => {
    const request = JSON.parse(key) as { sides: Settings[]; preset: string | null };
    const run = { kind: 'run' as const, sides: request.sides, preset: request.preset };
    if (!mainThreadEngineReady() || !fitsMainThread(run)) return null;
    const response = runOnMainThread(run);
    if (response.kind === 'run')
      return { key, runs: response.runs, runsKey: key, figures: response.figures, error: null, fault: null };
    if (response.kind === 'error')
      return {
        key,
        runs: null,
        runsKey: '',
        figures: null,
        error: response.message,
        fault: response.fault ?? null,
      };
    return null;
  }, [key]);
  /** The last answer made in a render: shown while a later run goes to the worker. */
  const lastAnsweredHere = useRef<Answer | null>(null);

  // Layout effects, in this order: the client exists before the first request is posted.
  useLayoutEffect(() => {
    const onResult = (response: WorkerResponse) => {
      markResult();
      const answered = pendingKey.current;
      if (response.kind === 'run')
        setAnswer({
          key: answered,
          runs: response.runs,
          runsKey: answered,
          figures: response.figures,
          error: null,
          fault: null,
        });
      else if (response.kind === 'error')
        setAnswer((prev) => ({
          ...prev,
          key: answered,
          error: response.message,
          fault: response.fault ?? null,
        }));
    };
    // A run answered after a newer request: shown until the newest one's answer comes (a drag
    // shows the newest finished run each time one finishes, not nothing until it stops).
    const onProvisional = (response: WorkerResponse) => {
      noteWorkerCost(response);
      if (response.kind !== 'run') return;
      const answered = requestKeys.current.get(response.id) ?? '';
      setAnswer({
        key: answered,
        runs: response.runs,
        runsKey: answered,
        figures: response.figures,
        error: null,
        fault: null,
      });
    };
    const client = new SimClient(
      createSimWorker,
      (response) => {
        noteWorkerCost(response);
        onResult(response);
      },
      onProvisional,
    );
    client.onProgress = (at) => setProgress({ key: pendingKey.current, at });
    clientRef.current = client;
    onResultRef.current = onResult;
    return () => {
      client.dispose();
      clientRef.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    if (answeredHere) lastAnsweredHere.current = answeredHere;
  }, [answeredHere]);

  // The request leaves before the browser paints the moved knob.
  useLayoutEffect(() => {
    pendingKey.current = key;
    if (answeredHere) {
      clientRef.current?.supersede();
      markResult();
      return;
    }
    // Whatever was answered here before is what the page shows until this answer comes.
    const before = lastAnsweredHere.current;
    lastAnsweredHere.current = null;
    if (before)
      setAnswer((prev) =>
        before.error
          ? { ...prev, ...before, runs: prev.runs, runsKey: prev.runsKey, figures: prev.figures }
          : before,
      );
    const request = JSON.parse(key) as { sides: Settings[]; preset: string | null };
    const run = { kind: 'run' as const, sides: request.sides, preset: request.preset };
    const toWorker = () => {
      const id = clientRef.current?.request(run);
      if (id === undefined) return;
      const keys = requestKeys.current;
      keys.set(id, key);
      for (const old of keys.keys()) if (old <= id - 16) keys.delete(old);
    };
    if (!fitsMainThread(run)) toWorker();
    else {
      // The first small run: the engine is loaded for this thread, then runs here.
      clientRef.current?.supersede();
      void loadMainThreadEngine().then((loaded) => {
        if (pendingKey.current !== key) return; // a newer request has taken over
        if (loaded) onResultRef.current?.(runOnMainThread(run));
        else toWorker();
      });
    }
    const timer = setTimeout(() => setSlowKey(key), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key, answeredHere]);

  const cancel = useCallback(() => {
    clientRef.current?.cancel();
    setCancelledKey(pendingKey.current);
  }, []);

  // An error answered here keeps the runs shown before it, as one from the worker does.
  const shown = answeredHere
    ? answeredHere.error
      ? { ...answeredHere, runs: answer.runs, runsKey: answer.runsKey, figures: answer.figures }
      : answeredHere
    : answer;
  const ranOn = useMemo(
    () => (shown.runsKey ? (JSON.parse(shown.runsKey) as { sides: Settings[] }).sides : null),
    [shown.runsKey],
  );
  const cancelled = cancelledKey === key && shown.key !== key;
  const busy = shown.key !== key && !cancelled;
  return {
    runs: shown.runs,
    ranOn,
    figures: shown.figures,
    busy,
    slow: busy && slowKey === key,
    error: shown.key === key ? shown.error : null,
    fault: shown.key === key ? shown.fault : null,
    cancelled,
    cancel,
    progress: busy && progress?.key === key ? progress.at : null,
  };
}
