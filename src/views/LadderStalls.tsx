// Stall shading on the ladder: a band on the line of the side that waited, labelled with its
// cause, like the italic "local delays" of Padmanabhan and Mogul's Fig. 3-1.
import type { ScaleLinear } from 'd3';
import type { StallRecord } from '../engine/trace';
import { stallBands } from './stallBands';
import { formatDuration } from './format';
import type { Lane } from './packetGeometry';
import { causeStyle } from './stallStyle';

interface Props {
  stalls: StallRecord[];
  lanes: Lane[];
  y: ScaleLinear<number, number>;
  cursorNs: number;
  top: number;
  bottom: number;
  /** Labels outside the host lines (wide lanes) or inside the lane (narrow ones). */
  outside: boolean;
}

const BAND_PX = 12;

export function LadderStalls({ stalls, lanes, y, cursorNs, top, bottom, outside }: Props) {
  return (
    <g className="stalls">
      {stallBands(
        stalls,
        cursorNs,
        y.invert(top),
        y.invert(bottom),
        Math.abs(y.invert(top + 1) - y.invert(top)),
      ).flatMap((s, i) => {
        const lane = lanes.find((l) => l.conn === s.conn);
        if (!lane) return [];
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
            data-duration-ms={((s.endNs - s.startNs) / 1e6).toFixed(3)}
            data-side-stalled={s.side}
            data-count={s.count > 1 ? s.count : undefined}
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
            {height >= 14 && (
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
