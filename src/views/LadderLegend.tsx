// The ladder's key: each arrow style and each stall colour the shown runs draw, in plain words.
// A band too short to carry its label was a colour nothing named.
import { memo } from 'react';
import type { Trace } from '../engine/trace';
import { causeStyle, darkFill, KNOWN_CAUSES } from '../scenario/stallCauses';
import { KIND_STYLE } from './kindStyle';
import { packetKinds } from './LadderPacket';
import type { PacketKind } from './packetGeometry';

export const LadderLegend = memo(function LadderLegend({ traces }: { traces: Trace[] }) {
  const kinds = new Set<PacketKind>();
  const causes = new Set<string>();
  for (const t of traces) {
    for (const kind of packetKinds(t)) kinds.add(kind);
    for (const s of t.stalls) causes.add(s.cause);
  }
  return (
    <ul className="legend" aria-label="Ladder key" data-ladder-legend="">
      {(Object.keys(KIND_STYLE) as PacketKind[])
        .filter((kind) => kinds.has(kind))
        .map((kind) => {
          const style = KIND_STYLE[kind];
          return (
            <li key={kind} data-kind={kind}>
              <svg width="22" height="12" aria-hidden="true">
                <path
                  d={kind === 'dropped' ? 'M1,6H17M15,3l6,6M21,3l-6,6' : 'M1,6H21'}
                  stroke={style.stroke}
                  strokeWidth={kind === 'dropped' ? 2 : style.width}
                  strokeDasharray={kind === 'dropped' ? undefined : style.dash}
                />
              </svg>
              {style.words}
            </li>
          );
        })}
      {/* Shown only while the ladder draws a bracket (app.css): its bursts change with the zoom. */}
      <li className="legend-burst" data-legend="burst">
        <svg width="22" height="12" aria-hidden="true">
          <path className="burst-bracket" d="M5,1H2V11H5" />
          <path d="M7,2H21M7,6H21M7,10H21" stroke="var(--packet-data)" />
        </svg>
        packets too close to label one by one, and their count
      </li>
      {KNOWN_CAUSES.filter((cause) => causes.has(cause)).map((cause) => (
        <li key={cause} data-cause={cause}>
          <svg
            width="14"
            height="14"
            aria-hidden="true"
            className="legend-band"
            style={darkFill(causeStyle(cause))}
          >
            <rect width="14" height="14" rx="3" fill={causeStyle(cause).fill} fillOpacity={0.55} />
          </svg>
          {keyWords(cause)}
        </li>
      ))}
    </ul>
  );
});

/** A cause's words in the key, after its band's label where the words do not hold it ("RTO:
 * retransmission timeout"), so a label too short to read on its own is decoded where hovering
 * is not possible (a touch screen). */
export function keyWords(cause: string): string {
  const { short, words } = causeStyle(cause);
  return words.toLowerCase().includes(short.toLowerCase()) ? words : `${short}: ${words}`;
}
