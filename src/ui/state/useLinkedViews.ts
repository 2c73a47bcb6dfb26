// The views' own state that a link keeps (the ladder's zoom and label style; the time-sequence
// plot's window, connection and stream), read from the link and written back to it. A change
// amends the current history entry, as the playhead does: Back undoes actions, not views.
import { useCallback, useMemo } from 'react';
import type { TimeWindow } from '../../scenario/codec';
import {
  setLabelStyle,
  setTspView,
  setZoom,
  tspView,
  zoomWindow,
  type LabelStyle,
  type TspView,
} from './configModel';
import type { ScenarioUpdate } from './useScenario';

/** Named as the views' props (ViewsProps), so the lab and the embed pass them alike. */
export function useLinkedViews(view: Record<string, string>, update: ScenarioUpdate) {
  const { zoom, tspzoom, tspconn, tspstream } = view;
  const zoomed = useMemo(() => zoomWindow(zoom), [zoom]);
  const onZoomWindow = useCallback((w: TimeWindow | null) => update((c) => setZoom(c, w)), [update]);
  const tspViewNow = useMemo(() => tspView({ tspzoom, tspconn, tspstream }), [tspzoom, tspconn, tspstream]);
  const onTsp = useCallback((t: TspView) => update((c) => setTspView(c, t)), [update]);
  const labelStyle: LabelStyle = view.labels === 'tcpdump' ? 'tcpdump' : 'words';
  const onLabelStyle = useCallback((style: LabelStyle) => update((c) => setLabelStyle(c, style)), [update]);
  return {
    zoomWindow: zoomed,
    onZoomWindow,
    tspView: tspViewNow,
    onTspView: onTsp,
    labelStyle,
    onLabelStyle,
  };
}
