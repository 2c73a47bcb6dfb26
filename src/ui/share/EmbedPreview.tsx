// A live, same-origin preview of the embed. It follows the builder after a short pause, so
// typing a note does not reload the frame on every key; inert, because it is only a picture.
import { useEffect, useState } from 'react';

export function EmbedPreview({ url }: { url: string }) {
  const [shown, setShown] = useState(url);
  useEffect(() => {
    const timer = setTimeout(() => setShown(url), 400);
    return () => clearTimeout(timer);
  }, [url]);
  return (
    <figure className="embed-preview">
      <figcaption>Preview</figcaption>
      <iframe src={shown} title="Preview of the embed" width="640" height="400" inert tabIndex={-1} />
    </figure>
  );
}
