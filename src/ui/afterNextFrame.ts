// Work that should wait until the browser has painted what is on screen now.

/**
 * Run `f` once, after the next frame is drawn (or soon, where frames do not come: a hidden tab).
 * Returns a function that cancels it.
 */
export function afterNextFrame(f: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    f();
  };
  const fallback = setTimeout(once, 100);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      clearTimeout(fallback);
      once();
    }, 0);
  });
  return () => {
    done = true;
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
