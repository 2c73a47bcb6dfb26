// The whole run in a narrow strip beside the ladder: a tick per packet, stalls in their cause's
// colour, page loads, and a frame around the part the ladder shows. Clicking or dragging in the
// strip moves the ladder there.
import { memo, useMemo, type PointerEvent } from 'react';
import type { LinearScale } from './piecewiseScale';
import type { Trace } from '../engine/trace';
import { causeStyle } from '../scenario/stallCauses';
import { cssZoom } from './cssZoom';

interface Props {
  trace: Trace;
  /** The unzoomed time scale: the strip shares the ladder's height and folds. */
  base: LinearScale;
  height: number;
  /** The time range the ladder shows. */
  viewStartNs: number;
  viewEndNs: number;
  /** Move the ladder's view so this base-scale pixel row is in its middle. */
  onJump: (y: number) => void;
}

export const OVERVIEW_PX = 30;

/** Memoised: during playback only the cursor moves, and the strip does not show it. */
export const LadderOverview = memo(function LadderOverview({
  trace,
  base,
  height,
  viewStartNs,
  viewEndNs,
  onJump,
}: Props) {
  const stalls = useMemo(
    () =>
      trace.stalls.map((s, i) => (
        <rect
          key={i}
          x={s.side === 'client' ? 1 : OVERVIEW_PX - 4}
          y={base(s.startNs)}
          width={3}
          height={Math.max(1, base(s.endNs) - base(s.startNs))}
          fill={causeStyle(s.cause).fill}
        />
      )),
    [trace, base],
  );
  const ticks = useMemo(() => {
    let c2s = '';
    let s2c = '';
    for (const p of trace.packets) {
      const y = base(p.sendNs).toFixed(1);
      if (p.dir === 'c2s') c2s += `M4,${y}h9`;
      else s2c += `M17,${y}h9`;
    }
    return { c2s, s2c };
  }, [trace, base]);
  const y0 = Math.max(0, base(viewStartNs));
  const y1 = Math.min(height, base(viewEndNs));
  const whole = viewStartNs <= base.domain()[0] && viewEndNs >= base.domain()[base.domain().length - 1];
  const jump = (event: PointerEvent<SVGSVGElement>) => {
    if (event.type === 'pointermove' && event.buttons !== 1) return;
    const box = event.currentTarget.getBoundingClientRect();
    onJump((event.clientY - box.top) / cssZoom(event.currentTarget));
  };
  return (
    <svg
      className="ladder-overview"
      width={OVERVIEW_PX}
      height={height}
      role="img"
      aria-label="The whole run; the frame marks the part the ladder shows"
      data-overview=""
      onPointerDown={jump}
      onPointerMove={jump}
    >
      <path d={ticks.c2s} className="overview-c2s" />
      <path d={ticks.s2c} className="overview-s2c" />
      {stalls}
      {trace.loads
        .filter((l) => l.index > 0)
        .map((l) => (
          <line
            key={l.index}
            className="overview-load"
            x1={0}
            x2={OVERVIEW_PX}
            y1={base(l.startNs)}
            y2={base(l.startNs)}
          />
        ))}
      {!whole && (
        <rect
          className="overview-window"
          data-overview-window=""
          x={0.75}
          y={y0}
          width={OVERVIEW_PX - 1.5}
          height={Math.max(2, y1 - y0)}
        />
      )}
    </svg>
  );
});
