// A horizontal brush for the time-sequence plot: press, drag across, release to zoom into that
// time range. Plain pointer events (d3-brush would double the plot's share of the bundle).
import { useState, type PointerEvent } from 'react';
import { cssZoom } from './cssZoom';

export interface BrushX {
  /** The range being dragged, in pixels, or null. */
  selection: [number, number] | null;
  handlers: {
    onPointerDown: (e: PointerEvent<SVGRectElement>) => void;
    onPointerMove: (e: PointerEvent<SVGRectElement>) => void;
    onPointerUp: (e: PointerEvent<SVGRectElement>) => void;
    onPointerCancel: () => void;
  };
}

/** `onEnd` receives the dragged range in pixels when it is wider than a few pixels. */
export function useBrushX(left: number, right: number, onEnd: (px: [number, number]) => void): BrushX {
  const [selection, setSelection] = useState<[number, number] | null>(null);
  const xOf = (e: PointerEvent<SVGRectElement>) => {
    const svg = e.currentTarget.ownerSVGElement!;
    const x = (e.clientX - svg.getBoundingClientRect().left) / cssZoom(svg);
    return Math.max(left, Math.min(right, x));
  };
  return {
    selection,
    handlers: {
      onPointerDown: (e) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        const x = xOf(e);
        setSelection([x, x]);
      },
      onPointerMove: (e) => {
        if (selection) setSelection([selection[0], xOf(e)]);
      },
      onPointerUp: (e) => {
        if (!selection) return;
        const x = xOf(e);
        const range: [number, number] = [Math.min(selection[0], x), Math.max(selection[0], x)];
        setSelection(null);
        if (range[1] - range[0] >= 3) onEnd(range);
      },
      onPointerCancel: () => setSelection(null),
    },
  };
}
