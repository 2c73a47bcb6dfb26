// Every preset's published figures as simulated, computed once in a worker of its own when the
// gallery first opens (the main simulation worker stays free for the knobs).
import { useEffect, useState } from 'react';
import { createSimWorker } from '../../worker/createSimWorker';
import type { FigureResult, PresetFigures } from '../../worker/protocol';
import { SimClient } from '../../worker/simClient';

export function usePresetFigures(wanted: boolean): Map<string, FigureResult[]> | null {
  const [figures, setFigures] = useState<Map<string, FigureResult[]> | null>(null);
  const needed = wanted && figures === null;
  useEffect(() => {
    if (!needed) return;
    const client = new SimClient(createSimWorker, (response) => {
      if (response.kind === 'preset-figures') {
        setFigures(new Map(response.figures.map((f: PresetFigures) => [f.id, f.results])));
      }
      client.dispose();
    });
    client.request({ kind: 'preset-figures' });
    return () => client.dispose();
  }, [needed]);
  return figures;
}
