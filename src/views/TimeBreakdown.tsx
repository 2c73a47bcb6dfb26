// "Where did the time go": one horizontal stacked bar per side on a common scale, each segment a
// stall cause (or moving data, or idle time), with a legend naming the causes in plain words.
// The parts add up to the page time; the note says which cause wins when several overlap.
import { useMemo } from 'react';
import { formatDuration } from './format';
import { breakdown, type Breakdown } from '../scenario/breakdown';
import { partStyle, textOn } from './breakdownStyle';
import { elapsedNs } from '../engine/metrics';
import type { PathTiming } from '../engine/path';
import type { Trace } from '../engine/trace';
import { PageEndBeforeRunEnd } from './PageEnd';
import { RunEndAfterLoads } from './RunEnd';
import { whichLoad } from './betweenLoads';
import { runEndNs } from './timeScale';

/** scenario/breakdown.ts's rule in one sentence, for the note: here, so the first picture's code does not carry it. */
const OVERLAP_RULE =
  'Each instant of the load counts once: moving data on any connection that is not stalled wins over a stall elsewhere; a stall costs nothing while the link carrying what it holds up is busy sending data; when only stalls overlap, the one that began first wins, unless a later one inside it says why it lasts (QUIC’s 3x limit inside its handshake).';

/** Room the page time beside a bar takes, and a side's letter with its gap (app.css). */
const TOTAL_PX = 90;
const SIDE_PX = 28;
/** A part's label: 0.8rem text, padded 6 px each side (app.css), at a generous 7.5 px a character. */
const ROOM_BESIDE = `${TOTAL_PX}px`;
const ROOM_BESIDE_LABELLED = `${TOTAL_PX}px - 1.2em - 8px`;
const fits = (text: string, px: number) => text.length * 7.5 + 12 <= px;

export interface TimeBreakdownProps {
  sides: Array<{ side: 'a' | 'b'; trace: Trace; path: PathTiming }>;
  /** The panel's width in px. */
  width: number;
}

export function TimeBreakdown({ sides, width }: TimeBreakdownProps) {
  const bars = useMemo(
    () =>
      sides.map((s) => {
        const data = breakdown(s.trace, s.path);
        return {
          side: s.side,
          data,
          runNs: elapsedNs(s.trace),
          endNs: runEndNs(s.trace),
          loadWords: data.loads > 1 ? whichLoad(data, s.trace) : '',
        };
      }),
    [sides],
  );
  const longest = Math.max(1, ...bars.map((b) => b.data.totalNs));
  const causes = [...new Set(bars.flatMap((b) => b.data.parts.map((p) => p.cause)))];
  // The widest bar's room: the row less the total beside it (and the side's letter in a comparison).
  const barPx = Math.max(0, width - TOTAL_PX - (bars.length > 1 ? SIDE_PX : 0));
  return (
    <div className="breakdown">
      {bars.map(({ side, data }) => (
        <BreakdownBar
          key={side}
          side={side}
          data={data}
          longest={longest}
          longestPx={barPx}
          labelled={bars.length > 1}
        />
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
        {bars.map(({ side, data, runNs, endNs, loadWords }) =>
          data.loads > 1 ? (
            <span key={side}>
              {bars.length > 1 ? `${side.toUpperCase()}: ` : ''}
              {loadWords}
              <RunEndAfterLoads loadsNs={runNs} endNs={endNs} />
              {'. '}
            </span>
          ) : (
            <PageEndBeforeRunEnd
              key={side}
              pageNs={data.totalNs}
              endNs={endNs}
              side={bars.length > 1 ? side : undefined}
            />
          ),
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
  longestPx,
  labelled,
}: {
  side: string;
  data: Breakdown;
  longest: number;
  longestPx: number;
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
        // A share of the same room in each row (the row less the page time, and less the side's
        // letter in a comparison), so both bars share one scale: as a share of the whole row, the
        // longest bar had been cut short to leave room for its time and the other had not.
        style={{
          width: `calc((100% - ${labelled ? ROOM_BESIDE_LABELLED : ROOM_BESIDE}) * ${data.totalNs / longest})`,
        }}
      >
        {data.parts.map((p) => {
          const style = partStyle(p.cause);
          const share = (100 * p.ns) / data.totalNs;
          // Named as far as its width on screen allows: name and figure, else the name, else
          // nothing (the legend has them all). A short run's bar beside a long one is narrow: its
          // parts' names had been cut to a letter, and on a phone a figure to "5....".
          const px = (longestPx * p.ns) / longest;
          const full = `${style.short} ${formatDuration(p.ns)}`;
          const text = fits(full, px) ? full : fits(style.short, px) ? style.short : '';
          return (
            <div
              key={p.cause}
              className="breakdown-part"
              data-cause={p.cause}
              data-breakdown-ms={p.ns / 1e6}
              title={`${style.words}: ${formatDuration(p.ns)}`}
              style={{ width: `${share}%`, background: style.fill, color: textOn(style.fill) }}
            >
              {text}
            </div>
          );
        })}
      </div>
      <span className="breakdown-total">{formatDuration(data.totalNs)}</span>
    </div>
  );
}
