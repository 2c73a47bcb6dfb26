// The panels below the playback bar, each shown when the `view` setting lists it. Memoised: a
// knob moving re-renders the controls at once, the views only when the new run arrives. During
// a gesture (a slider dragged) only the ladder takes each new run; the other panels take the
// newest when the gesture pauses (useSettled).
import { memo, useMemo } from 'react';
import { useSettled } from './state/gesture';
import type { Preset } from '../scenario/presets';
import type { Gap } from '../views/timeScale';
import { loadGaps } from '../views/foldedTimeAxis';
import { formatBitRate, formatDuration } from '../views/format';
import type { TimeWindow } from '../scenario/codec';
import { LadderPanel, type StallFocus } from './panels/LadderPanel';
import { Panel } from './panels/Panel';
import * as SidePanels from './panels/SidePanels';
import type { SideView } from './panels/sideView';
import * as Tsp from './panels/TspPanel';
import type { Panel as PanelName } from './state/configModel';

// Memoised, so a panel held during a gesture is not re-rendered either.
const TspPanel = memo(Tsp.TspPanel);
const WaterfallPanel = memo(SidePanels.WaterfallPanel);
const BreakdownPanel = memo(SidePanels.BreakdownPanel);
const MetricsPanel = memo(SidePanels.MetricsPanel);

export interface ViewsProps {
  sides: SideView[];
  panels: Set<PanelName>;
  endNs: number;
  cursorNs: number;
  playing: boolean;
  gaps: Gap[];
  fold: boolean;
  preset: Preset | undefined;
  stallFocus?: StallFocus | null;
  /** The ladder's zoom, as the link has it, and where the reader's zooms go. */
  zoomWindow?: TimeWindow | null;
  onZoomWindow?: (window: TimeWindow | null) => void;
}

export const Views = memo(function Views({
  sides,
  panels,
  endNs,
  cursorNs,
  playing,
  gaps,
  fold,
  preset,
  stallFocus,
  zoomWindow,
  onZoomWindow,
}: ViewsProps) {
  const link = sides[0].run.path.s2c;
  const later = useSettled(useMemo(() => ({ sides, endNs }), [sides, endNs]));
  // The waterfall and the time-sequence plot fold the time between page loads with the ladder.
  const laterGaps = useMemo(
    () =>
      fold
        ? loadGaps(
            later.sides.map((s) => s.run.trace),
            later.endNs,
          )
        : [],
    [fold, later],
  );
  return (
    <>
      {panels.has('ladder') && (
        <Panel
          id="ladder"
          title="Packet ladder"
          note={`Time flows down. Each arrow is a packet: its thickness at the sender is serialization at ${formatBitRate(link.bandwidthBps)}, its slope the ${formatDuration(link.oneWayDelayNs)} one-way delay. Shaded bands are stalls, on the side that waited.`}
        >
          <LadderPanel
            sides={sides}
            endNs={endNs}
            cursorNs={cursorNs}
            playing={playing}
            gaps={gaps}
            fold={fold}
            stallFocus={stallFocus}
            zoomWindow={zoomWindow}
            onZoomWindow={onZoomWindow}
          />
        </Panel>
      )}
      {panels.has('tsp') && (
        <Panel id="tsp" title="Time-sequence plot" note={Tsp.tspNote(later.sides)}>
          <TspPanel sides={later.sides} endNs={later.endNs} cursorNs={cursorNs} gaps={laterGaps} />
        </Panel>
      )}
      {panels.has('waterfall') && (
        <Panel id="waterfall" title="Waterfall" note="One row per HTTP object.">
          <WaterfallPanel sides={later.sides} endNs={later.endNs} cursorNs={cursorNs} gaps={laterGaps} />
        </Panel>
      )}
      {panels.has('time') && (
        <Panel
          id="time"
          title="Where did the time go"
          note="Elapsed time split by what each stall waited for."
        >
          <BreakdownPanel sides={later.sides} />
        </Panel>
      )}
      {panels.has('metrics') && (
        <Panel id="metrics" title="Figures">
          <MetricsPanel sides={later.sides} preset={preset} />
        </Panel>
      )}
    </>
  );
});

/** The views once a run is there; until then, or if the simulation failed, say so. */
export function ViewsOrStatus({ error, ...props }: ViewsProps & { error: string | null | undefined }) {
  if (props.sides.length > 0) return <Views {...props} />;
  return <p className="loading">{error ? `The simulation failed: ${error}` : 'Simulating…'}</p>;
}
