// Build a custom sweep over the current scenario: a knob on the x axis (with its values), an
// optional knob for the series, and the figure to plot. "Draw" writes it into the link.
import { useState } from 'react';
import { SWEEP_KNOBS, SWEEP_Y_CHOICES, findKnob, metricLabel } from './sweepKnobs';
import type { CustomSweep } from './sweepParam';
import type { SweepMetric } from '../../scenario/sweeps';

export function SweepBuilder({
  initial,
  onDraw,
}: {
  initial: CustomSweep | null;
  onDraw: (c: CustomSweep) => void;
}) {
  const [xKey, setXKey] = useState(initial?.x.key ?? 'conns');
  const [xValues, setXValues] = useState((initial?.x.values ?? findKnob('conns')!.values).join(','));
  const [seriesKey, setSeriesKey] = useState(initial?.series?.key ?? '');
  const [seriesValues, setSeriesValues] = useState(initial?.series?.values.join(',') ?? '');
  const [y, setY] = useState<SweepMetric>(initial?.y ?? 'load_s');

  const draw = () =>
    onDraw({
      x: { key: xKey, values: splitValues(xValues) },
      series: seriesKey ? { key: seriesKey, values: splitValues(seriesValues) } : null,
      y,
    });
  return (
    <form
      className="sweep-builder"
      onSubmit={(e) => {
        e.preventDefault();
        draw();
      }}
    >
      <label>
        x axis
        <select
          id="sweep-x"
          value={xKey}
          onChange={(e) => {
            setXKey(e.target.value);
            setXValues(findKnob(e.target.value)!.values.join(','));
          }}
        >
          {SWEEP_KNOBS.map((k) => (
            <option key={k.key} value={k.key}>
              {k.key} — {k.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        x values
        <input type="text" id="sweep-x-values" value={xValues} onChange={(e) => setXValues(e.target.value)} />
      </label>
      <label>
        Series
        <select
          id="sweep-series"
          value={seriesKey}
          onChange={(e) => {
            setSeriesKey(e.target.value);
            setSeriesValues(findKnob(e.target.value)?.values.slice(0, 3).join(',') ?? '');
          }}
        >
          <option value="">none</option>
          {SWEEP_KNOBS.filter((k) => k.key !== xKey).map((k) => (
            <option key={k.key} value={k.key}>
              {k.key} — {k.label}
            </option>
          ))}
        </select>
      </label>
      {seriesKey && (
        <label>
          Series values
          <input
            type="text"
            id="sweep-series-values"
            value={seriesValues}
            onChange={(e) => setSeriesValues(e.target.value)}
          />
        </label>
      )}
      <label>
        y axis
        <select id="sweep-y" value={y} onChange={(e) => setY(e.target.value as SweepMetric)}>
          {SWEEP_Y_CHOICES.map((m) => (
            <option key={m} value={m}>
              {metricLabel(m)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Draw sweep</button>
    </form>
  );
}

function splitValues(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
