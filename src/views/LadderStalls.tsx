// Stall shading on the ladder: a band on the line of the side that waited, labelled with its
// cause, like the italic "local delays" of Padmanabhan and Mogul's Fig. 3-1.
import type { StallRecord } from '../engine/trace';
import { formatDuration } from './format';
import type { Lane } from './packetGeometry';
import { causeStyle } from './stallStyle';

interface Props {
  stalls: StallRecord[];
  lanes: Lane[];
  y: (ns: number) => number;
  cursorNs: number;
  top: number;
  bottom: number;
}

const BAND_PX = 12;

export function LadderStalls({ stalls, lanes, y, cursorNs, top, bottom }: Props) {
  return (
    <g className="stalls">
      {stalls.map((s, i) => {
        const lane = lanes.find((l) => l.conn === s.conn);
        if (!lane || s.startNs > cursorNs) return null;
        const y0 = y(s.startNs);
        const y1 = y(Math.min(s.endNs, cursorNs));
        if (y1 < top || y0 > bottom) return null;
        const style = causeStyle(s.cause);
        const x = s.side === 'client' ? lane.clientX : lane.serverX;
        const height = Math.max(1, y1 - y0);
        const duration = formatDuration(s.endNs - s.startNs);
        const labelX = s.side === 'client' ? x + BAND_PX / 2 + 4 : x - BAND_PX / 2 - 4;
        return (
          <g
            key={i}
            data-stall={s.cause}
            data-duration-ms={((s.endNs - s.startNs) / 1e6).toFixed(3)}
            data-side-stalled={s.side}
          >
            <title>{`${s.side === 'client' ? 'Client' : 'Server'} stalled ${duration}: ${style.words}`}</title>
            <rect x={x - BAND_PX / 2} y={y0} width={BAND_PX} height={height} fill={style.fill} fillOpacity={0.55} />
            {height >= 14 && (
              <text
                x={labelX}
                y={Math.max(y0, top) + Math.min(height, bottom - Math.max(y0, top)) / 2}
                textAnchor={s.side === 'client' ? 'start' : 'end'}
                dominantBaseline="middle"
                className="stall-label"
              >
                {`${style.short} ${duration}`}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
