// Stall shading on the ladder: a band on the line of the side that waited, labelled with its
// cause, like the italic "local delays" of Padmanabhan and Mogul's Fig. 3-1.
import type { LinearScale } from './piecewiseScale';
import type { StallRecord } from '../engine/trace';
import { bandAmount, bandLabel, bandTitle, labelledStalls, stallBands } from './stallBands';
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
  /** The stalls whose label fits clear of the arrows, with the place it takes (an index into its
   * stallLabelSpots); the others keep only their tooltip. */
  labelled: Map<string, number>;
  y: LinearScale;
  cursorNs: number;
  top: number;
  bottom: number;
  /** Labels outside the host lines (wide lanes) or inside the lane (narrow ones). */
  outside: boolean;
  /** The room labels have: from the time axis to the ladder's right edge, within the view (top and
   * bottom as here) and above this run's end. */
  bounds: LabelBounds;
  /** Prefixes the id of a label drawn over the arrows, for the ladder to draw it again above them. */
  overId: string;
}

/**
 * The room a stall label has: across, from the time axis to the ladder's right edge; down, from
 * the view's top edge (the hosts' names head the ladder above it) to its bottom edge and the line
 * where this run ends (when the other side of a comparison runs on, the time after it is not this
 * run's, so no label of this run sits there).
 */
export interface LabelBounds {
  left: number;
  right: number;
  runEndY?: number;
  top?: number;
  bottom?: number;
}

/** The height a label's middle may take: its box whole between the bounds' top and bottom. */
function keepWhole(
  c: number,
  half: number,
  { top = -Infinity, bottom = Infinity, runEndY = Infinity }: LabelBounds,
) {
  return Math.max(top + half, Math.min(c, Math.min(bottom, runEndY) - half));
}

const BAND_PX = 12;
/** A band shorter than this carries no label (its tooltip has it). */
const MIN_LABELLED_PX = 14;
/** A band at least this tall, labelled outside, breaks its label over two lines. */
const TWO_LINES_PX = 28;
/** A band at least this tall (a two-line label's box and a little air) is labelled over the
 * arrows, on its halo, where no place is clear of them: in a dense ladder on a phone, from 1997 to
 * today's 185 ms of head-of-line blocking, the step's subject, had no label at all; on the geo
 * link, the 39 px handshake band read "561 ms" alone. */
const OVER_ARROWS_PX = 36;
/** Between the host line and the label's near edge: half the band and a little air. */
const LABEL_GAP_PX = BAND_PX / 2 + 4;

/**
 * The width of a stall label's text (11.5 px bold italic), a little generous: narrow and wide
 * letters counted apart, so a short label is not taken for a long one.
 */
export function stallTextPx(text: string): number {
  let px = 0;
  for (const c of text) {
    if (c === ' ' || c === '\u00a0' || c === '.' || c === 'i' || c === 'l') px += 5;
    else if (c === 't') px += 6;
    else if ('cfjrs'.includes(c)) px += 7;
    else if (c === 'm' || c === 'w') px += 12;
    else if (c === 'M' || c === 'W') px += 14;
    else if (c >= 'A' && c <= 'Z') px += 10;
    else px += 8.3;
  }
  return px;
}

/** Where a stall's label is drawn: its lines, the anchor and the box it takes. */
export interface StallLabelSpot {
  lines: string[];
  x: number;
  anchor: 'start' | 'end';
  box: Rect;
}

/**
 * Where a stall's label may go, best first, kept whole between `left` (the time axis) and `right`
 * (the ladder's edge): beside the band on the preferred side (outside the host lines on wide lanes,
 * as Padmanabhan and Mogul annotate; toward the lane's middle on narrow ones), on one line or broken
 * after the cause; an outside label with no room goes inside the lane. Each at the band's middle,
 * then a little lower or higher, still beside it: the ladder takes the first that no arrow or
 * drop's × crosses; a tall band's, failing that, one over the arrows. None when nothing fits.
 */
export function stallLabelSpots(
  s: StallRecord & { count?: number },
  lane: Lane,
  y: (ns: number) => number,
  outside: boolean,
  bounds: LabelBounds,
  /** The stall "Show the stall" framed: labelled over the arrows whatever its height, if need be. */
  focused = false,
): StallLabelSpot[] {
  const { left, right } = bounds;
  const top = y(s.startNs);
  const bottom = y(s.endNs);
  if (bottom - top < MIN_LABELLED_PX) return [];
  const cause = causeStyle(s.cause).short;
  const amount = bandAmount(s);
  const oneLine = [bandLabel(s, cause)];
  const twoLines = [cause, amount];
  // Last, the amount alone: in a narrow ladder (two side by side in a 640 px frame) the cause's
  // words found no place clear of the arrows, and the stall went unlabelled; its colour is the
  // legend's, and its tooltip still names the cause.
  const amountOnly = [amount];
  const hostX = s.side === 'client' ? lane.clientX : lane.serverX;
  const spots: StallLabelSpot[] = [];
  const sides = outside ? [true, false] : [false];
  const tall = bottom - top >= TWO_LINES_PX;
  // Beside the band's part in view: a band running in from above the view is labelled there, not
  // half its whole height below the view's top.
  const [shownTop, shownBottom] = [
    Math.max(top, bounds.top ?? top),
    Math.min(bottom, bounds.bottom ?? bottom),
  ];
  const middle = (shownTop + shownBottom) / 2;
  const place = (placedOutside: boolean, choices: string[][]) => {
    // Outside: away from the lane's middle. Inside: toward it.
    const towardRight = (s.side === 'client') !== placedOutside;
    for (const lines of choices) {
      const width = Math.max(...lines.map(stallTextPx));
      const half = lines.length === 2 ? 15 : 9;
      const x = towardRight ? hostX + LABEL_GAP_PX : hostX - LABEL_GAP_PX;
      const x0 = towardRight ? x : x - width;
      const x1 = towardRight ? x + width : x;
      if (x0 < left || x1 > right) continue;
      // A band running past the view's edge is labelled beside its part in view, the label whole:
      // at the top edge, it had been cut to its last few letters under the hosts' names.
      const heights = besideBand(
        keepWhole(middle, half, bounds),
        keepWhole(top, half, bounds),
        keepWhole(bottom, half, bounds),
      );
      for (const c of heights)
        spots.push({
          lines,
          x,
          anchor: towardRight ? 'start' : 'end',
          box: { x0, y0: c - half, x1, y1: c + half },
        });
    }
  };
  // The first place again over the arrows, on its halo, where none is clear of them (chooseBoxes
  // takes it only then): a tall band's cause comes before its length alone, which had stood for
  // the handshake and two Nagle waits on a phone (geo link), crossed only by their arrows. Then the
  // first on two lines: over the arrows a label still keeps clear of the host lines, and one line
  // is wider than a narrow lane (sixteen connections' 180 px lanes, "handshake 561 ms").
  // The stall the reader asked to see ("Show the stall") goes over them whatever its height, and
  // last takes its first place whatever that crosses: it is never left unnamed.
  // Tall in view, that is: the last few pixels of a band zoomed past the view's top edge had their
  // label written across the arrows that end it ("delayed ACK 117 ms" on a phone, pinched).
  const overArrows = () => {
    if (!focused && shownBottom - shownTop < OVER_ARROWS_PX) return;
    for (const s of new Set([spots[0], spots.find((p) => p.lines.length === 2)]))
      if (s) spots.push({ ...s, box: { ...s.box, overArrows: true } });
  };
  for (const o of sides) place(o, o && tall ? [twoLines, oneLine] : [oneLine, twoLines]);
  const named = spots.length;
  if (named) overArrows();
  for (const o of sides) place(o, [amountOnly]);
  if (!named) overArrows();
  if (focused && spots[0])
    spots.push({ ...spots[0], box: { ...spots[0].box, overArrows: true, always: true } });
  return spots;
}

/** How far a label moves at each step along its band, and at most, to clear an arrow or a drop's ×. */
const NUDGE_PX = 6;
const MAX_NUDGE_PX = 60;

/** Heights for a label's middle beside a band from `top` to `bottom`: its middle, then a step
 * lower, a step higher, two steps lower..., each still beside the band. */
function besideBand(middle: number, top: number, bottom: number): number[] {
  const heights = [middle];
  for (let d = NUDGE_PX; d <= MAX_NUDGE_PX; d += NUDGE_PX) {
    if (middle + d <= bottom) heights.push(middle + d);
    if (middle - d >= top) heights.push(middle - d);
  }
  return heights;
}

/** A stall label's first choice of place (stallLabelSpots), or null when it has none. */
export function stallLabelSpot(...args: Parameters<typeof stallLabelSpots>): StallLabelSpot | null {
  return stallLabelSpots(...args)[0] ?? null;
}

/** Identifies a stall (or the first of a merged band) across the label pass and the drawing. */
export const stallKey = (s: Pick<StallRecord, 'conn' | 'side' | 'startNs'>) =>
  `${s.conn}:${s.side}:${s.startNs}`;

/** Whether `s` is the stall "Show the stall" framed (the first of its band, when merged). */
const isFocused = (s: StallRecord, focused: FocusedStall | null | undefined) =>
  !!focused && stallKey(s) === stallKey(focused);

/**
 * Each labelled stall's places in stallLabelSpots' order, keyed by stallKey (the index is how the
 * drawing finds the one taken), null for a place out of [top, bottom]; stalls with none in view left
 * out. The focused stall comes first, so the labels placed after it give way to its: on a phone
 * the label of a 50 ms flush timer beside the 148 ms cwnd wait "Show the stall" framed had taken its
 * place, and the band the button outlined was the one in view left unnamed.
 */
export function stallLabelBoxes(
  stalls: StallRecord[],
  laneOf: (conn: number) => Lane,
  y: (ns: number) => number,
  outside: boolean,
  bounds: LabelBounds,
  top: number,
  bottom: number,
  focused: FocusedStall | null = null,
): Array<[string, (Rect | null)[]]> {
  const first = (s: StallRecord) => +isFocused(s, focused);
  return labelledStalls(stalls)
    .sort((a, b) => first(b) - first(a))
    .flatMap((s) => {
      const boxes = stallLabelSpots(s, laneOf(s.conn), y, outside, bounds, isFocused(s, focused)).map(
        ({ box }) => (box.y1 >= top && box.y0 <= bottom ? box : null),
      );
      return boxes.some((b) => b) ? [[stallKey(s), boxes] as [string, (Rect | null)[]]] : [];
    });
}

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
  bounds,
  overId,
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
        const outlined =
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
        const place = labelled.get(stallKey(s));
        // Drawn where its place was chosen, the one packet labels keep clear of, once the band
        // drawn so far reaches past it (or ends), whole above the playhead that clips the rest: a
        // label that followed the playhead down its band had been written over a packet's ("200 OK
        // + 226 B" over "delayed ACK 187 ms" at 151 ms of Microscape over HTTP/1.0).
        const spots =
          place === undefined ? [] : stallLabelSpots(s, lane, y, outside, bounds, isFocused(s, focused));
        const chosen = spots[place!] ?? spots[0];
        const spot = chosen && (cursorNs >= s.endNs || y1 >= chosen.box.y1) ? chosen : null;
        return (
          <g
            key={i}
            data-stall={s.cause}
            style={darkFill(style)}
            data-duration-ms={((s.endNs - s.startNs) / 1e6).toFixed(3)}
            data-side-stalled={s.side}
            data-count={s.count > 1 ? s.count : undefined}
            data-focused={outlined ? '' : undefined}
            className={outlined ? 'stall-focused' : undefined}
          >
            <title>{bandTitle(s, s.side === 'client' ? 'Client' : 'Server', style.words)}</title>
            <rect
              x={x - BAND_PX / 2}
              y={y0}
              width={BAND_PX}
              height={height}
              fill={style.fill}
              fillOpacity={0.55}
            />
            {spot && (
              <text
                x={spot.x}
                y={(spot.box.y0 + spot.box.y1) / 2}
                textAnchor={spot.anchor}
                className="stall-label"
                id={spot.box.overArrows ? overId + stallKey(s) : undefined}
              >
                {spot.lines.length === 2 ? (
                  <>
                    <tspan x={spot.x} dy="-0.2em">
                      {spot.lines[0]}
                    </tspan>
                    <tspan x={spot.x} dy="1.2em">
                      {spot.lines[1]}
                    </tspan>
                  </>
                ) : (
                  <tspan dy="0.32em">{spot.lines[0]}</tspan>
                )}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
