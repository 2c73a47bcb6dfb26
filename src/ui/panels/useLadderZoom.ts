// Zoom and pan of the ladders' time axis: Ctrl/⌘ + wheel or pinch zooms around the pointer,
// dragging pans, double-click zooms in (Shift: out), buttons zoom around a point the panel picks, and a
// time range can be framed. Both ladders of a comparison share one transform, so their time axes
// stay aligned. Every change the reader makes is told to `onChange` (the panel puts it in the
// link); `restore` puts back a view read from the link without telling. A small one-axis version of d3-zoom's gestures (the same arithmetic, the same
// limits: from 1x to MAX_ZOOM, never panned past the run's start or end), without its
// selection, transition and drag modules.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LinearScale } from '../../views/piecewiseScale';

export const MAX_ZOOM = 20_000;
/** Wheel events this close together are one gesture (d3-zoom's wheelDelay). */
const WHEEL_GESTURE_MS = 150;

/** Screen y = world y * k + y (x is never transformed). */
export class AxisTransform {
  constructor(
    readonly k: number,
    readonly y: number,
  ) {}
  invertY(py: number): number {
    return (py - this.y) / this.k;
  }
  /** The scale `base` as seen through this transform (d3-zoom's rescaleY). */
  rescaleY(base: LinearScale): LinearScale {
    return base.copy().domain(base.range().map((py) => base.invert(this.invertY(py))));
  }
}

const IDENTITY = new AxisTransform(1, 0);

interface Point {
  x: number;
  y: number;
}

function pointer(event: { clientX: number; clientY: number }, svg: SVGSVGElement): Point {
  const ctm = svg.getScreenCTM();
  if (!ctm) {
    const rect = svg.getBoundingClientRect();
    return { x: event.clientX - rect.left - svg.clientLeft, y: event.clientY - rect.top - svg.clientTop };
  }
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  return { x: p.x, y: p.y };
}

const stop = (event: Event) => {
  event.preventDefault();
  event.stopImmediatePropagation();
};

/** `top` and `bottom`: the pixels the run spans unzoomed, which a zoomed view stays within. */
export function useLadderZoom(top: number, bottom: number, onChange?: (t: AxisTransform) => void) {
  const [transform, setTransform] = useState<AxisTransform>(IDENTITY);
  const current = useRef<AxisTransform>(IDENTITY);
  const svgs = useRef(new Map<string, SVGSVGElement>());
  const limits = useRef({ top, bottom });
  useEffect(() => {
    limits.current = { top, bottom };
  }, [top, bottom]);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  const show = useCallback((t: AxisTransform) => {
    current.current = t;
    setTransform(t);
  }, []);
  /** A change the reader made. */
  const apply = useCallback(
    (t: AxisTransform) => {
      show(t);
      changed.current?.(t);
    },
    [show],
  );

  /** Keep the view inside the run: the view's [top, bottom] stays within the base scale's. */
  const constrain = useCallback((t: AxisTransform): AxisTransform => {
    const { top: t0, bottom: t1 } = limits.current;
    const dy0 = t.invertY(t0) - t0;
    const dy1 = t.invertY(t1) - t1;
    const d = dy1 > dy0 ? (dy0 + dy1) / 2 : Math.min(0, dy0) || Math.max(0, dy1);
    return d === 0 ? t : new AxisTransform(t.k, t.y + t.k * d);
  }, []);

  /** Scale to k (clamped) keeping world point `worldY` at screen point `py`. */
  const zoomedTo = useCallback(
    (t: AxisTransform, k: number, py: number, worldY: number) => {
      const k1 = Math.max(1, Math.min(MAX_ZOOM, k));
      return constrain(new AxisTransform(k1, py - worldY * k1));
    },
    [constrain],
  );

  // The gestures, bound once per svg; they read the shared transform from `current`.
  const bindings = useRef(new Map<SVGSVGElement, () => void>());
  const bind = useCallback(
    (svg: SVGSVGElement): (() => void) => {
      let wheelTimer: ReturnType<typeof setTimeout> | null = null;
      const onWheel = (event: WheelEvent) => {
        if (!event.ctrlKey && !event.metaKey) return; // plain wheel scrolls the page
        const t = current.current;
        const delta =
          -event.deltaY *
          (event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002) *
          (event.ctrlKey ? 10 : 1);
        const k = Math.max(1, Math.min(MAX_ZOOM, t.k * 2 ** delta));
        if (wheelTimer === null && t.k === k) return; // nothing would change: leave the event alone
        if (wheelTimer !== null) clearTimeout(wheelTimer);
        stop(event);
        wheelTimer = setTimeout(() => (wheelTimer = null), WHEEL_GESTURE_MS);
        const p = pointer(event, svg);
        apply(zoomedTo(t, k, p.y, t.invertY(p.y)));
      };

      const onMouseDown = (event: MouseEvent) => {
        if (event.button !== 0) return;
        const view = event.view ?? window;
        const start = pointer(event, svg);
        const worldY = current.current.invertY(start.y);
        const x0 = event.clientX;
        const y0 = event.clientY;
        let moved = false;
        event.stopImmediatePropagation();
        const move = (e: MouseEvent) => {
          stop(e);
          if (!moved) moved = (e.clientX - x0) ** 2 + (e.clientY - y0) ** 2 > 0;
          const t = current.current;
          apply(constrain(new AxisTransform(t.k, pointer(e, svg).y - worldY * t.k)));
        };
        const noDrag = (e: Event) => stop(e);
        const up = (e: MouseEvent) => {
          view.removeEventListener('mousemove', move, true);
          view.removeEventListener('mouseup', up, true);
          view.removeEventListener('dragstart', noDrag, true);
          view.removeEventListener('selectstart', noDrag, true);
          stop(e);
          if (moved) {
            // A drag is not a click on what lies under the pointer.
            view.addEventListener('click', noDrag, true);
            setTimeout(() => view.removeEventListener('click', noDrag, true), 0);
          }
        };
        view.addEventListener('mousemove', move, true);
        view.addEventListener('mouseup', up, true);
        view.addEventListener('dragstart', noDrag, true);
        view.addEventListener('selectstart', noDrag, true);
      };

      const onDoubleClick = (event: MouseEvent) => {
        if (event.button !== 0) return;
        stop(event);
        const t = current.current;
        const p = pointer(event, svg);
        apply(zoomedTo(t, t.k * (event.shiftKey ? 0.5 : 2), p.y, t.invertY(p.y)));
      };

      // Two fingers pinch (and pan); one finger scrolls the page, unless it remains of a pinch.
      type Touching = { id: number; p: Point; world: Point };
      let touch0: Touching | null = null;
      let touch1: Touching | null = null;
      const world = (p: Point): Point => {
        const t = current.current;
        return { x: p.x / t.k, y: t.invertY(p.y) };
      };
      const onTouchStart = (event: TouchEvent) => {
        if (event.touches.length < 2) return;
        event.stopImmediatePropagation();
        for (const touch of Array.from(event.touches)) {
          const p = pointer(touch, svg);
          const entry = { id: touch.identifier, p, world: world(p) };
          if (!touch0) touch0 = entry;
          else if (!touch1 && touch0.id !== entry.id) touch1 = entry;
        }
      };
      const onTouchMove = (event: TouchEvent) => {
        if (!touch0) return;
        stop(event);
        for (const touch of Array.from(event.changedTouches)) {
          const p = pointer(touch, svg);
          if (touch0?.id === touch.identifier) touch0.p = p;
          else if (touch1?.id === touch.identifier) touch1.p = p;
        }
        let t = current.current;
        let py = touch0.p.y;
        let wy = touch0.world.y;
        if (touch1) {
          const dp = (touch1.p.x - touch0.p.x) ** 2 + (touch1.p.y - touch0.p.y) ** 2;
          const dl = (touch1.world.x - touch0.world.x) ** 2 + (touch1.world.y - touch0.world.y) ** 2;
          const k = Math.max(1, Math.min(MAX_ZOOM, Math.sqrt(dp / dl)));
          if (k !== t.k) t = new AxisTransform(k, t.y);
          py = (touch0.p.y + touch1.p.y) / 2;
          wy = (touch0.world.y + touch1.world.y) / 2;
        }
        apply(constrain(new AxisTransform(t.k, py - wy * t.k)));
      };
      const onTouchEnd = (event: TouchEvent) => {
        if (!touch0) return;
        event.stopImmediatePropagation();
        for (const touch of Array.from(event.changedTouches)) {
          if (touch0?.id === touch.identifier) touch0 = null;
          else if (touch1?.id === touch.identifier) touch1 = null;
        }
        if (touch1 && !touch0) [touch0, touch1] = [touch1, null];
        if (touch0) touch0.world = world(touch0.p);
      };

      svg.addEventListener('wheel', onWheel, { passive: false });
      svg.addEventListener('mousedown', onMouseDown);
      svg.addEventListener('dblclick', onDoubleClick);
      svg.addEventListener('touchstart', onTouchStart, { passive: true });
      svg.addEventListener('touchmove', onTouchMove, { passive: false });
      svg.addEventListener('touchend', onTouchEnd);
      svg.addEventListener('touchcancel', onTouchEnd);
      svg.style.setProperty('-webkit-tap-highlight-color', 'rgba(0,0,0,0)');
      return () => {
        if (wheelTimer !== null) clearTimeout(wheelTimer);
        svg.removeEventListener('wheel', onWheel);
        svg.removeEventListener('mousedown', onMouseDown);
        svg.removeEventListener('dblclick', onDoubleClick);
        svg.removeEventListener('touchstart', onTouchStart);
        svg.removeEventListener('touchmove', onTouchMove);
        svg.removeEventListener('touchend', onTouchEnd);
        svg.removeEventListener('touchcancel', onTouchEnd);
      };
    },
    [apply, constrain, zoomedTo],
  );

  useEffect(() => {
    const bound = bindings.current;
    return () => {
      for (const unbind of bound.values()) unbind();
      bound.clear();
    };
  }, []);

  // One stable ref callback per side, so re-renders do not rebind the zoom listeners.
  const callbacks = useRef(new Map<string, (svg: SVGSVGElement | null) => void>());
  const register = useCallback(
    (side: string) => {
      let callback = callbacks.current.get(side);
      if (!callback) {
        callback = (svg: SVGSVGElement | null) => {
          const known = svgs.current.get(side);
          if (known === svg) return;
          if (known) {
            bindings.current.get(known)?.();
            bindings.current.delete(known);
            svgs.current.delete(side);
          }
          if (svg) {
            svgs.current.set(side, svg);
            bindings.current.set(svg, bind(svg));
          }
        };
        callbacks.current.set(side, callback);
      }
      return callback;
    },
    [bind],
  );

  /** Zoom by `factor` around screen point `y`, which then shows at `to` (default: stays put). */
  const zoomAround = useCallback(
    (factor: number, y: number, to = y) => {
      const t = current.current;
      apply(zoomedTo(t, t.k * factor, to, t.invertY(y)));
    },
    [apply, zoomedTo],
  );
  const panBy = useCallback(
    (dy: number) => {
      const t = current.current;
      apply(constrain(new AxisTransform(t.k, t.y + t.k * dy)));
    },
    [apply, constrain],
  );
  /** Show base-scale pixels [y0, y1] in the middle of the view, filling `share` of its height. */
  const frame = useCallback(
    (y0: number, y1: number, share = 0.4) => {
      const k = Math.max(1, Math.min(MAX_ZOOM, ((bottom - top) * share) / Math.max(1, y1 - y0)));
      const ty = (top + bottom) / 2 - k * ((y0 + y1) / 2);
      apply(constrain(new AxisTransform(k, ty)));
    },
    [top, bottom, apply, constrain],
  );
  const reset = useCallback(() => apply(IDENTITY), [apply]);
  /** Show base-scale pixels [y0, y1] from `top` to `bottom` (null: unzoomed), as the link had it. */
  const restore = useCallback(
    (range: [number, number] | null) => {
      if (range === null) return show(IDENTITY);
      const [y0, y1] = range;
      const k = Math.max(1, Math.min(MAX_ZOOM, (bottom - top) / Math.max(1e-9, y1 - y0)));
      show(constrain(new AxisTransform(k, top - k * y0)));
    },
    [top, bottom, show, constrain],
  );

  return { transform, current, register, zoomAround, panBy, frame, reset, restore };
}
