// A live, same-origin preview of the embed, at the size the code emits: laid out at that size and
// scaled down to the dialog's width when wider, so the preview is what students will see. It
// follows the builder after a short pause, so typing a note does not reload the frame on every
// key; inert, because it is only a picture.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useElementWidth } from '../useElementSize';
import type { FrameSize } from './shareLinks';

export function EmbedPreview({ url, size }: { url: string; size: FrameSize }) {
  const [shown, setShown] = useState(url);
  useEffect(() => {
    const timer = setTimeout(() => setShown(url), 400);
    return () => clearTimeout(timer);
  }, [url]);
  const [boxRef, room] = useElementWidth<HTMLDivElement>(640);
  // A responsive frame is as wide as its column: here, the dialog's.
  const width = size.responsive ? room : size.width;
  const height = size.responsive ? Math.round((room * size.height) / size.width) : size.height;
  const scale = Math.min(1, room / width);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const hiddenPx = useHiddenPx(frameRef, shown, width, height);
  return (
    <figure className="embed-preview">
      <figcaption>
        Preview{' '}
        <span className="preview-size">
          {size.responsive ? `full width, ${width} × ${height} here` : `${width} × ${height}`}
          {scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}
        </span>
      </figcaption>
      <div className="preview-box" ref={boxRef} style={{ height: Math.ceil(height * scale) }}>
        <iframe
          ref={frameRef}
          src={shown}
          title="Preview of the embed"
          width={width}
          height={height}
          style={{ transform: scale < 1 ? `scale(${scale})` : undefined }}
          data-frame={size.id}
          inert
          tabIndex={-1}
        />
      </div>
      {hiddenPx > 0 && (
        <p className="preview-hidden" data-preview-hidden={hiddenPx}>
          At this size the views are {hiddenPx} px taller than the frame: students will scroll to see them
          all. A larger size, or fewer panels, shows them whole.
        </p>
      )}
    </figure>
  );
}

/** What the embed's views must scroll to show (their scroller's overflow, px), read from the
 * same-origin preview as it draws: a comparison's ladders at 560 x 400 had been cut, unseen. */
function useHiddenPx(
  frameRef: RefObject<HTMLIFrameElement | null>,
  url: string,
  width: number,
  height: number,
): number {
  const [hidden, setHidden] = useState(0);
  useEffect(() => {
    // Polled: the embed lays its views out after its runs come back and its chunks load.
    const timer = setInterval(() => {
      const views = frameRef.current?.contentDocument?.querySelector('.embed-views');
      if (!views) return setHidden(0);
      const over = views.scrollHeight - views.clientHeight;
      setHidden(over > 2 ? over : 0);
    }, 500);
    return () => clearInterval(timer);
  }, [frameRef, url, width, height]);
  return hidden;
}
