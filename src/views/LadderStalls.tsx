// Stall shading on the ladder: a band on the line of the side that waited, labelled with its
// cause, like the italic "local delays" of Padmanabhan and Mogul's Fig. 3-1.
import type { LinearScale } from './piecewiseScale';
import type { StallRecord } from '../engine/trace';
import { stallBands } from './stallBands';
import { formatDuration } from './format';
import type { Rect } from './labelPlacement';
import type { Lane } from './packetGeometry';
import { causeStyle, darkFill } from '../scenario/stallCauses';

/** A stall the reader asked to see ("Show the stall"): outlined. */
export interface FocusedStall {
  conn: number;
  side: 'client' | 'server';
  startNs: number;
  endNs: number;
}

interface Props {
  stalls: StallRecord[];
  laneOf: (conn: number) => Lane;
  focused?: FocusedStall | null;
  /** The stalls whose label fits clear of the arrows; the others keep only their tooltip. */
  labelled: Set<string>;
  y: LinearScale;
  cursorNs: number;
  top: number;
  bottom: number;
  /** Labels outside the host lines (wide lanes) or inside the lane (narrow ones). */
  outside: boolean;
}

const BAND_PX = 12;
/** Wide enough for any stall label's text (11.5 px bold italic). */
const LABEL_CHAR_PX = 7;

/** Where a stall's label is drawn once its band is complete: kept clear of packet labels. */
export function stallLabelBox(
  s: StallRecord,
  lane: Lane,
  y: (ns: number) => number,
  outside: boolean,
): Rect | null {
  const top = y(s.startNs);
  const bottom = y(s.endNs);
  if (bottom - top < 14) return null;
  const half = outside && bottom - top >= 28 ? 15 : 9;
  const y0 = (top + bottom) / 2 - half;
  const y1 = (top + bottom) / 2 + half;
  const x = s.side === 'client' ? lane.clientX : lane.serverX;
  const style = causeStyle(s.cause);
  const chars = outside ? Math.max(style.short.length, 8) : style.short.length + 8;
  const gap = BAND_PX / 2 + 3;
  const width = chars * LABEL_CHAR_PX;
  const towardRight = (s.side === 'client') !== outside;
  return towardRight
    ? { x0: x + gap, y0, x1: x + gap + width, y1 }
    : { x0: x - gap - width, y0, x1: x - gap, y1 };
}

/** Identifies a stall (or the first of a merged band) across the label pass and the drawing. */
export const stallKey = (s: StallRecord) => `${s.conn}:${s.side}:${s.startNs}`;

export function LadderStalls({
  stalls,
  laneOf,
  focused,
  labelled,
  y,
  cursorNs,
  top,
  bottom,
  outside,
}: Props) {
  return (
    <g className="stalls">
      {stallBands(
        stalls,
        cursorNs,
        y.invert(top),
        y.invert(bottom),
        Math.abs(y.invert(top + 1) - y.invert(top)),
      ).flatMap((s, i) => {
        const lane = laneOf(s.conn);
        const isFocused =
          !!focused &&
          focused.conn === s.conn &&
          focused.side === s.side &&
          focused.startNs < s.endNs &&
          focused.endNs > s.startNs;
        const y0 = y(s.startNs);
        const y1 = y(Math.min(s.endNs, cursorNs));
        const style = causeStyle(s.cause);
        const x = s.side === 'client' ? lane.clientX : lane.serverX;
        const height = Math.max(1, y1 - y0);
        const duration = formatDuration(s.endNs - s.startNs);
        // Inside: toward the lane's middle. Outside: away from it, clear of the packet labels.
        const towardRight = (s.side === 'client') !== outside;
        const labelX = towardRight ? x + BAND_PX / 2 + 4 : x - BAND_PX / 2 - 4;
        const labelY = Math.max(y0, top) + Math.min(height, bottom - Math.max(y0, top)) / 2;
        return (
          <g
            key={i}
            data-stall={s.cause}
            style={darkFill(style)}
            data-duration-ms={((s.endNs - s.startNs) / 1e6).toFixed(3)}
            data-side-stalled={s.side}
            data-count={s.count > 1 ? s.count : undefined}
            data-focused={isFocused ? '' : undefined}
            className={isFocused ? 'stall-focused' : undefined}
          >
            <title>{`${s.side === 'client' ? 'Client' : 'Server'} stalled ${duration}: ${style.words}${s.count > 1 ? ` (${s.count} stalls drawn as one)` : ''}`}</title>
            <rect
              x={x - BAND_PX / 2}
              y={y0}
              width={BAND_PX}
              height={height}
              fill={style.fill}
              fillOpacity={0.55}
            />
            {height >= 14 && labelled.has(stallKey(s)) && (
              <text x={labelX} y={labelY} textAnchor={towardRight ? 'start' : 'end'} className="stall-label">
                {outside && height >= 28 ? (
                  <>
                    <tspan x={labelX} dy="-0.2em">
                      {style.short}
                    </tspan>
                    <tspan x={labelX} dy="1.2em">
                      {duration}
                    </tspan>
                  </>
                ) : (
                  <tspan dy="0.32em">{`${style.short} ${duration}`}</tspan>
                )}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
