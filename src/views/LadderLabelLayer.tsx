// The ladder's placed labels (see ladderLabels.ts), shown once the cursor has reached them: packet
// names, burst brackets with their counts, and where each connection starts in a shared lane.
import type { ConnectionSpan } from './ladderLayout';
import type { LadderLabels } from './ladderLabels';
import type { Lane } from './packetGeometry';

interface Props {
  labels: LadderLabels;
  spans: ConnectionSpan[];
  lanes: Lane[];
  y: (ns: number) => number;
  cursorNs: number;
  /** Heights where a line crosses the whole ladder (a fold's edge, a load's start). */
  rules: number[];
}

export function LadderLabelLayer({ labels, spans, lanes, y, cursorNs, rules }: Props) {
  // A label on such a line gets a backdrop: its halo covers only the glyphs, and the dashes had
  // shown between the words ("GET /oufr/e03.gif" on load 4's line).
  // So does one the playhead's line crosses (drawn under the labels).
  const playheadY = y(cursorNs);
  const onRule = (r: { y0: number; y1: number }) =>
    (playheadY > r.y0 && playheadY < r.y1) || rules.some((ry) => ry > r.y0 && ry < r.y1);
  const shared = spans.length > lanes.length;
  return (
    <g className="packet-labels">
      {shared &&
        spans
          .filter((s) => s.startNs <= cursorNs)
          .map((s) => {
            const lane = lanes[s.lane];
            const at = y(s.startNs);
            return (
              <line
                key={`c${s.conn}`}
                className="conn-start"
                x1={lane.clientX - 10}
                x2={lane.serverX + 10}
                y1={at}
                y2={at}
              />
            );
          })}
      {labels.bursts
        .filter((b) => b.atNs <= cursorNs)
        .map((b) => (
          <path
            key={`b${b.members[0]}`}
            className="burst-bracket"
            data-burst={b.members.length}
            d={`M${b.x + 3 * b.dir},${b.y0}H${b.x}V${b.y1}H${b.x + 3 * b.dir}`}
          />
        ))}
      {labels.labels
        .filter((l) => l.item.atNs <= cursorNs)
        .map((l) => {
          const item = l.item;
          const key =
            item.kind === 'packet'
              ? item.index
              : item.kind === 'burst'
                ? `b${item.members[0]}`
                : `c${item.conn}`;
          // A count or short label says the rest on hover ("12": "1 segment, 300 B + 11 ACKs").
          const hover = item.kind === 'burst' && l.text !== item.text ? item.text : null;
          const className =
            item.kind === 'conn'
              ? 'lane-conn conn-label'
              : item.kind === 'burst'
                ? `packet-label burst-label${hover === null ? '' : ' burst-count'}`
                : 'packet-label';
          const text = (
            <text
              key={key}
              x={l.x}
              y={l.y}
              textAnchor={l.anchor}
              className={className}
              data-label={item.kind}
              data-label-packet={item.kind === 'packet' ? item.index : undefined}
            >
              {l.text}
            </text>
          );
          const backdrop = onRule(l.rect) || (item.kind === 'conn' && item.overArrows === true);
          if (!backdrop && hover === null) return text;
          const r = l.rect;
          return (
            <g key={key}>
              {hover !== null && <title>{hover}</title>}
              {backdrop && (
                <rect
                  className="label-backdrop"
                  x={r.x0}
                  y={r.y0}
                  width={r.x1 - r.x0}
                  height={r.y1 - r.y0}
                  rx={2}
                />
              )}
              {text}
            </g>
          );
        })}
    </g>
  );
}
