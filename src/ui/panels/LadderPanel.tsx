// The ladder panel: one ladder, or A and B side by side on a shared, zoomable time axis, with
// the full tcpdump line of the packet under the pointer or keyboard focus.
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ScaleLinear } from 'd3';
import { formatTcpdumpLine } from '../../engine/tcpdump';
import { Ladder } from '../../views/Ladder';
import { LADDER_MARGIN } from '../../views/ladderLayout';
import { formatDuration } from '../../views/format';
import { FitHeightContext, fittedLadderHeight } from '../embed/viewHeight';
import { timeScale, type Gap } from '../../views/timeScale';
import { markRedraw } from '../perf';
import { useElementWidth } from '../useElementWidth';
import type { SideView } from './sideView';
import { useLadderZoom } from './useLadderZoom';

export interface LadderPanelProps {
  sides: SideView[];
  endNs: number;
  cursorNs: number;
  playing: boolean;
  gaps: Gap[];
  fold: boolean;
}

interface Inspected {
  side: string;
  index: number;
  x: number;
  y: number;
}

export function LadderPanel({ sides, endNs, cursorNs, playing, gaps, fold }: LadderPanelProps) {
  const [boxRef, boxWidth] = useElementWidth<HTMLDivElement>();
  const sideBySide = sides.length > 1 && boxWidth >= 880;
  const ladderWidth = sideBySide ? Math.floor((boxWidth - 16) / 2) : boxWidth;
  // In an embed the ladders share the frame's height; on the page they have a fixed one.
  const fitHeight = useContext(FitHeightContext);
  const height =
    fitHeight !== null
      ? fittedLadderHeight(fitHeight, sideBySide ? 1 : sides.length, sides.length > 1)
      : boxWidth < 600
        ? 470
        : 580;
  const top = LADDER_MARGIN.top;
  const bottom = height - LADDER_MARGIN.bottom;
  const zoom = useLadderZoom(top, bottom);
  const shownGaps = useMemo(() => (fold ? gaps : []), [fold, gaps]);
  const base = useMemo(() => timeScale(endNs, [top, bottom], shownGaps), [endNs, top, bottom, shownGaps]);
  const y: ScaleLinear<number, number> = useMemo(() => zoom.transform.rescaleY(base), [zoom.transform, base]);
  const [inspected, setInspected] = useState<Inspected | null>(null);

  // For the UI benchmark: a new run has been committed to the ladder.
  useEffect(() => markRedraw(), [sides]);

  // When the playhead moves (playing, stepping, scrubbing) out of a zoomed view, follow it; a
  // pan by the reader does not move the playhead, so it is left alone.
  const { panBy } = zoom;
  const scale = useRef({ y, zoomed: false });
  useEffect(() => {
    scale.current = { y, zoomed: zoom.transform.k > 1 };
  }, [y, zoom.transform]);
  useEffect(() => {
    if (!scale.current.zoomed) return;
    const cy = scale.current.y(cursorNs);
    if (cy > bottom - 24 || cy < top) panBy(top + (bottom - top) * (playing ? 0.3 : 0.5) - cy);
  }, [cursorNs, playing, top, bottom, panBy]);

  const inspect = useCallback(
    (side: string) => (index: number | null, x?: number, py?: number) =>
      setInspected(index === null ? null : { side, index, x: x ?? 0, y: py ?? 0 }),
    [],
  );
  const inspectors = useMemo(() => ({ a: inspect('a'), b: inspect('b') }), [inspect]);

  return (
    <div className="ladder-panel" ref={boxRef} data-view="ladder">
      <div className="panel-tools" role="toolbar" aria-label="Ladder zoom">
        <button type="button" className="secondary small" onClick={() => zoom.zoomAround(2, y(cursorNs))}>
          Zoom in
        </button>
        <button type="button" className="secondary small" onClick={() => zoom.zoomAround(0.5, y(cursorNs))}>
          Zoom out
        </button>
        <button
          type="button"
          className="secondary small"
          onClick={zoom.reset}
          disabled={zoom.transform.k === 1 && zoom.transform.y === 0}
        >
          Fit
        </button>
        <span className="hint">
          Drag to pan · Ctrl + wheel or pinch to zoom · arrow keys step through packets
        </span>
      </div>
      <div className={`ladders${sideBySide ? ' ladders--side-by-side' : ''}`}>
        {sides.map((s) => {
          const mine = inspected?.side === s.side ? inspected : null;
          const packet = mine ? s.run.trace.packets[mine.index] : undefined;
          return (
            <figure key={s.side} className="ladder-box" data-side={s.side}>
              <figcaption className="side-caption">{s.caption}</figcaption>
              <div className="ladder-scroll" style={{ height }}>
                <Ladder
                  trace={s.run.trace}
                  path={s.run.path}
                  side={s.side}
                  y={y}
                  width={ladderWidth}
                  height={height}
                  cursorNs={cursorNs}
                  gaps={shownGaps}
                  onInspect={inspectors[s.side]}
                  svgRef={zoom.register(s.side)}
                />
                {mine && packet && (
                  <div
                    className="packet-tip"
                    role="status"
                    style={{ left: Math.min(mine.x, ladderWidth - 300), top: mine.y + 14 }}
                  >
                    <code>{formatTcpdumpLine(s.run.trace, packet)}</code>
                    <span>
                      {packet.reason} · sent {formatDuration(packet.sendNs)}
                      {packet.arriveNs === null
                        ? ` · dropped (${packet.drop ?? 'lost'})`
                        : ` · arrived ${formatDuration(packet.arriveNs)}`}{' '}
                      · {packet.wireBytes} bytes on the wire
                    </span>
                  </div>
                )}
              </div>
            </figure>
          );
        })}
      </div>
    </div>
  );
}
