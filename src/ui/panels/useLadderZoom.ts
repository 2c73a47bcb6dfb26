// Zoom and pan of the ladders' time axis with d3-zoom: Ctrl/⌘ + wheel or pinch zooms around the
// pointer, dragging pans, buttons zoom around the view's centre, and a time range can be framed.
// Both ladders of a comparison share one transform, so their time axes stay aligned.
import { useCallback, useEffect, useRef, useState } from 'react';
import { select, zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3';

const MAX_ZOOM = 20_000;

export function useLadderZoom(top: number, bottom: number) {
  const [transform, setTransform] = useState<ZoomTransform>(zoomIdentity);
  const svgs = useRef(new Map<string, SVGSVGElement>());
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const current = useRef<ZoomTransform>(zoomIdentity);

  useEffect(() => {
    const z = zoom<SVGSVGElement, unknown>()
      .scaleExtent([1, MAX_ZOOM])
      .translateExtent([
        [-1e9, top],
        [1e9, bottom],
      ])
      .extent([
        [0, top],
        [1, bottom],
      ])
      // Plain wheel scrolls the page; one finger scrolls the page on touch screens.
      .filter((event: Event) => {
        if (event.type === 'wheel') return (event as WheelEvent).ctrlKey || (event as WheelEvent).metaKey;
        if (event.type === 'touchstart') return (event as TouchEvent).touches.length > 1;
        return (event as MouseEvent).button === 0;
      })
      .on('zoom', (event: { transform: ZoomTransform }) => {
        current.current = event.transform;
        for (const svg of svgs.current.values())
          (svg as unknown as { __zoom: ZoomTransform }).__zoom = event.transform;
        setTransform(event.transform);
      });
    behaviour.current = z;
    const bound = svgs.current;
    for (const svg of bound.values()) select(svg).call(z);
    return () => {
      for (const svg of bound.values()) select(svg).on('.zoom', null);
    };
  }, [top, bottom]);

  // One stable ref callback per side, so re-renders do not rebind the zoom listeners.
  const callbacks = useRef(new Map<string, (svg: SVGSVGElement | null) => void>());
  const register = useCallback((side: string) => {
    let callback = callbacks.current.get(side);
    if (!callback) {
      callback = (svg: SVGSVGElement | null) => {
        const known = svgs.current.get(side);
        if (known === svg) return;
        if (known) select(known).on('.zoom', null);
        if (svg) {
          svgs.current.set(side, svg);
          (svg as unknown as { __zoom: ZoomTransform }).__zoom = current.current;
          if (behaviour.current) select(svg).call(behaviour.current);
        } else svgs.current.delete(side);
      };
      callbacks.current.set(side, callback);
    }
    return callback;
  }, []);

  const first = () => svgs.current.values().next().value as SVGSVGElement | undefined;
  const zoomAround = useCallback((factor: number, y: number) => {
    const svg = first();
    if (svg && behaviour.current) select(svg).call(behaviour.current.scaleBy, factor, [0, y]);
  }, []);
  const panBy = useCallback((dy: number) => {
    const svg = first();
    if (svg && behaviour.current) select(svg).call(behaviour.current.translateBy, 0, dy);
  }, []);
  /** Show base-scale pixels [y0, y1] in the middle of the view, filling `share` of its height. */
  const frame = useCallback(
    (y0: number, y1: number, share = 0.4) => {
      const svg = first();
      if (!svg || !behaviour.current) return;
      const k = Math.max(1, Math.min(MAX_ZOOM, ((bottom - top) * share) / Math.max(1, y1 - y0)));
      const ty = (top + bottom) / 2 - k * ((y0 + y1) / 2);
      select(svg).call(behaviour.current.transform, zoomIdentity.translate(0, ty).scale(k));
    },
    [top, bottom],
  );
  const reset = useCallback(() => {
    const svg = first();
    if (svg && behaviour.current) select(svg).call(behaviour.current.transform, zoomIdentity);
  }, []);

  return { transform, register, zoomAround, panBy, frame, reset };
}
