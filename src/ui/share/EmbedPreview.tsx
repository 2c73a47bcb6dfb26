// A live, same-origin preview of the embed, at the size the code emits: laid out at that size and
// scaled down to the dialog's width when wider, so the preview is what students will see. It
// follows the builder after a short pause, so typing a note does not reload the frame on every
// key; inert, because it is only a picture.
import { useEffect, useState } from 'react';
import { useElementWidth } from '../useElementWidth';
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
    </figure>
  );
}
