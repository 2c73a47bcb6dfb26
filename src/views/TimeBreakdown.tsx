// "Where did the time go": one horizontal stacked bar per side on a common scale, each segment a
// stall cause (or moving data, or idle time), with a legend naming the causes in plain words.
// The parts add up to the page time; the note says which cause wins when several overlap.
import { useMemo } from 'react';
import { formatDuration } from './format';
import { breakdown, OVERLAP_RULE, partStyle, textOn, type Breakdown } from './breakdown';
import { elapsedNs } from '../engine/metrics';
import type { PathTiming } from '../engine/path';
import type { Trace } from '../engine/trace';

export interface TimeBreakdownProps {
  sides: Array<{ side: 'a' | 'b'; trace: Trace; path: PathTiming }>;
}

export function TimeBreakdown({ sides }: TimeBreakdownProps) {
  const bars = useMemo(
    () => sides.map((s) => ({ side: s.side, data: breakdown(s.trace, s.path), runNs: elapsedNs(s.trace) })),
    [sides],
  );
  const longest = Math.max(1, ...bars.map((b) => b.data.totalNs));
  const causes = [...new Set(bars.flatMap((b) => b.data.parts.map((p) => p.cause)))];
  return (
    <div className="breakdown">
      {bars.map(({ side, data }) => (
        <BreakdownBar key={side} side={side} data={data} longest={longest} labelled={bars.length > 1} />
      ))}
      <ul className="legend" aria-label="Stall causes">
        {causes.map((cause) => (
          <li key={cause} data-cause={cause}>
            <span className="swatch" style={{ background: partStyle(cause).fill }} aria-hidden="true" />
            {partStyle(cause).words}
            {bars.map(({ side, data }) => {
              const ns = data.parts.find((p) => p.cause === cause)?.ns ?? 0;
              return (
                <span key={side} className="legend-figure">
                  {bars.length > 1 ? ` ${side.toUpperCase()} ` : ' '}
                  {formatDuration(ns)}
                </span>
              );
            })}
          </li>
        ))}
      </ul>
      <p className="note">
        {bars.map(({ side, data, runNs }) =>
          data.loads > 1 ? (
            <span key={side}>
              {bars.length > 1 ? `${side.toUpperCase()}: ` : ''}
              {`Load ${data.load + 1} of ${data.loads}, from ${formatDuration(data.startNs)} to ${formatDuration(data.endNs)}; all ${data.loads} loads took ${formatDuration(runNs)}, the page idle between them. `}
            </span>
          ) : null,
        )}
        {OVERLAP_RULE}
      </p>
    </div>
  );
}

function BreakdownBar({
  side,
  data,
  longest,
  labelled,
}: {
  side: string;
  data: Breakdown;
  longest: number;
  labelled: boolean;
}) {
  const summary = data.parts.map((p) => `${partStyle(p.cause).words} ${formatDuration(p.ns)}`).join(', ');
  return (
    <div className="breakdown-row" data-breakdown={side}>
      {labelled && <span className="breakdown-side">{side.toUpperCase()}</span>}
      <div
        className="breakdown-bar"
        role="img"
        aria-label={`The page took ${formatDuration(data.totalNs)}: ${summary}`}
        data-page-ms={data.totalNs / 1e6}
        style={{ width: `${(100 * data.totalNs) / longest}%` }}
      >
        {data.parts.map((p) => {
          const style = partStyle(p.cause);
          const share = (100 * p.ns) / data.totalNs;
          // Named where it is wide enough on screen: a share of the widest bar, not of this one
          // (a short run's bar beside a long one is narrow, and its parts' names were cut to a letter).
          const named = (100 * p.ns) / longest > 14;
          return (
            <div
              key={p.cause}
              className="breakdown-part"
              data-cause={p.cause}
              data-breakdown-ms={p.ns / 1e6}
              title={`${style.words}: ${formatDuration(p.ns)}`}
              style={{ width: `${share}%`, background: style.fill, color: textOn(style.fill) }}
            >
              {named ? `${style.short} ${formatDuration(p.ns)}` : ''}
            </div>
          );
        })}
      </div>
      <span className="breakdown-total">{formatDuration(data.totalNs)}</span>
    </div>
  );
}
