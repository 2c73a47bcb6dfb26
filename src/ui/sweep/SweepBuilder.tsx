// Build a custom sweep over the current scenario: a knob on the x axis (with its values), an
// optional knob for the series, and the figure to plot. "Draw" writes it into the link. The knob
// menus list apart the knobs that change nothing in the current scenario (those Settings hides),
// and the form says so when one is chosen: such a sweep draws a flat line.
import { useState } from 'react';
import {
  SWEEP_KNOBS,
  SWEEP_Y_CHOICES,
  defaultSweepKnob,
  findKnob,
  knobApplies,
  metricLabel,
  notApplyingNote,
  type SweepKnob,
} from './sweepKnobs';
import { encodeCustomSweep, type CustomSweep } from './sweepParam';
import type { Settings } from '../../scenario/schema';
import type { SweepMetric } from '../../scenario/sweeps';

export function SweepBuilder({
  initial,
  settings,
  onDraw,
}: {
  initial: CustomSweep | null;
  /** The current scenario's settings (side A), which the sweep runs over. */
  settings: Settings;
  onDraw: (c: CustomSweep) => void;
}) {
  const [xKey, setXKey] = useState(() => initial?.x.key ?? defaultSweepKnob(settings).key);
  const [xValues, setXValues] = useState(() => (initial?.x.values ?? findKnob(xKey)?.values ?? []).join(','));
  const [seriesKey, setSeriesKey] = useState(initial?.series?.key ?? '');
  const [seriesValues, setSeriesValues] = useState(initial?.series?.values.join(',') ?? '');
  const [y, setY] = useState<SweepMetric>(initial?.y ?? 'load_s');

  const series = seriesKey ? { key: seriesKey, values: splitValues(seriesValues) } : null;
  const x = { key: xKey, values: splitValues(xValues) };
  // Once drawn as it stands, the note is above its line instead.
  const drawn = initial !== null && encodeCustomSweep(initial) === encodeCustomSweep({ x, series, y });
  const notes = drawn
    ? []
    : [notApplyingNote(xKey, settings, series), series && notApplyingNote(series.key, settings, x)];
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
          <KnobOptions knobs={SWEEP_KNOBS} settings={settings} />
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
          <KnobOptions knobs={SWEEP_KNOBS.filter((k) => k.key !== xKey)} settings={settings} />
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
      {notes.some(Boolean) && (
        <p className="sweep-no-effect" role="status" data-sweep-no-effect="">
          {notes.filter(Boolean).join(' ')}
        </p>
      )}
      <button type="submit">Draw sweep</button>
    </form>
  );
}

/** A knob menu's options: those that change the current scenario, then those that do not. */
function KnobOptions({ knobs, settings }: { knobs: readonly SweepKnob[]; settings: Settings }) {
  const option = (k: SweepKnob) => (
    <option key={k.key} value={k.key}>
      {k.key} — {k.label}
    </option>
  );
  const idle = knobs.filter((k) => !knobApplies(k.key, settings));
  if (idle.length === 0) return <>{knobs.map(option)}</>;
  return (
    <>
      <optgroup label="Change this scenario">
        {knobs.filter((k) => knobApplies(k.key, settings)).map(option)}
      </optgroup>
      <optgroup label="No effect on this scenario">{idle.map(option)}</optgroup>
    </>
  );
}

function splitValues(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
