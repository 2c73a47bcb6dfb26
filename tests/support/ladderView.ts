// The ladder's labels as the page lays them out for a link, in Node: both sides run, the shared
// time axis (the later run's end, idle gaps folded as the page opens them), then one side's lanes,
// arrows, stall label boxes and placed labels (as Ladder.tsx asks ladderLabels for them).
import { parseQuery, toSimInput } from '../../src/scenario';
import { simulate } from '../../src/engine/simulate';
import { pathOf } from '../../src/engine/path';
import { sidesOf } from '../../src/ui/state/configModel';
import { RUN_TOP_PAD_PX } from '../../src/ui/panels/LadderPanel';
import { connectionSpans, LADDER_MARGIN, ladderLayout, laneCount } from '../../src/views/ladderLayout';
import { ladderLabels, type Burst, type LadderLabels } from '../../src/views/ladderLabels';
import { stallKey, stallLabelBoxes, stallLabelSpots, type FocusedStall } from '../../src/views/LadderStalls';
import { packetShape, type Lane, type PacketShape } from '../../src/views/packetGeometry';
import { packetNamer } from '../../src/views/packetNames';
import { idleGaps, runEndNs, shouldFoldByDefault, timeScale } from '../../src/views/timeScale';
import type { Segment } from '../../src/views/labelPlacement';
import { scaleLinear } from '../../src/views/piecewiseScale';
import type { PacketRecord, StallRecord, Trace } from '../../src/engine/trace';

/** A side's ladder on a 1280 x 800 page: 822 px wide, 580 tall (LadderPanel); or zoomed onto
 * `framed.window` (of a run with no fold: its start where the run starts, its end at the bottom),
 * with `framed.stall` focused, as "Show the stall" leaves it. */
export function ladderView(
  query: string,
  side: 'a' | 'b',
  width = 822,
  height = 580,
  framed?: { window: [startNs: number, endNs: number]; stall?: FocusedStall },
) {
  const runs = sidesOf(parseQuery(query).config).map((settings) => {
    const input = toSimInput(settings);
    return { trace: simulate(input), path: pathOf(input) };
  });
  const endNs = Math.max(1, ...runs.map((r) => runEndNs(r.trace)));
  const idle = idleGaps(
    runs.map((r) => r.trace),
    endNs,
  );
  const gaps = shouldFoldByDefault(idle, endNs) ? idle : [];
  const top = LADDER_MARGIN.top;
  const bottom = height - LADDER_MARGIN.bottom;
  const y = framed
    ? scaleLinear()
        .domain(framed.window)
        .range([top + RUN_TOP_PAD_PX, bottom])
    : timeScale(endNs, [top + RUN_TOP_PAD_PX, bottom], gaps);
  const { trace, path } = runs[side === 'a' ? 0 : 1];
  const spans = connectionSpans(trace);
  const layout = ladderLayout(laneCount(spans), width);
  const laneOfConn = new Map(spans.map((s) => [s.conn, layout.lanes[s.lane]]));
  const laneOf = (conn: number) => laneOfConn.get(conn) ?? layout.lanes[0];
  const packets = trace.packets;
  const shapes = packets.map((p) => packetShape(p, laneOf(p.conn), y, path));
  const inView = Array.from({ length: packets.length }, (_, i) => i)
    .sort((a, b) => packets.sendNs(a) - packets.sendNs(b) || a - b)
    .filter((i) => {
      const s = shapes[i];
      return Math.max(s.arriveBottom, s.leaveBottom) >= top - 2 && s.leaveTop <= bottom + 2;
    });
  const runEndY = y(runEndNs(trace));
  const bounds = { left: LADDER_MARGIN.axis, right: layout.width - 2, runEndY, top, bottom };
  const focused = framed?.stall ?? null;
  const stallBoxes = stallLabelBoxes(
    trace.stalls,
    laneOf,
    y,
    layout.labelsOutside,
    bounds,
    top,
    bottom,
    focused,
  );
  const words = packetNamer(trace);
  const labels = ladderLabels({
    packets,
    inView,
    shapes,
    name: (i) => words(packets.get(i)),
    lanes: layout.lanes,
    spans: laneCount(spans) < spans.length ? spans : [],
    y,
    top,
    bottom: Math.min(bottom, runEndY),
    left: LADDER_MARGIN.axis,
    right: layout.width,
    stallBoxes,
  });
  /** A stall's places, in the order `labels.stalls` indexes them. */
  const spotsOf = (s: StallRecord) =>
    stallLabelSpots(
      s,
      laneOf(s.conn),
      y,
      layout.labelsOutside,
      bounds,
      !!focused && stallKey(s) === stallKey(focused),
    );
  return { trace, labels, spotsOf, laneOf };
}

/** A burst's bracket as LadderLabelLayer draws it: a tick at each end and the upright. */
export function bracketStrokes(b: Burst): Segment[] {
  const tip = b.x + 3 * b.dir;
  return [
    { x0: tip, y0: b.y0, x1: b.x, y1: b.y0 },
    { x0: b.x, y0: b.y0, x1: b.x, y1: b.y1 },
    { x0: b.x, y0: b.y1, x1: tip, y1: b.y1 },
  ];
}

/** The burst labels sent during load `n` (1-based) of the run. */
export function burstLabelsOfLoad({ labels }: LadderLabels, trace: Trace, n: number) {
  const load = trace.loads[n - 1];
  const next = trace.loads[n];
  return labels.filter(
    (l) => l.item.kind === 'burst' && l.item.atNs >= load.startNs && (!next || l.item.atNs < next.startNs),
  );
}

/** A hand-made packet's arrow in `lane`, `y` placing its times: half a pixel thick, as a short packet is. */
export function arrowShape(p: PacketRecord, lane: Lane, y: (ns: number) => number): PacketShape {
  const [fromX, toX] = p.dir === 'c2s' ? [lane.clientX, lane.serverX] : [lane.serverX, lane.clientX];
  return {
    fromX,
    toX,
    leaveTop: y(p.sendNs),
    leaveBottom: y(p.sendNs) + 0.5,
    arriveTop: y(p.arriveNs!),
    arriveBottom: y(p.arriveNs!) + 0.5,
    dropped: false,
  };
}
