// A box whose content may be wider than the page: it scrolls sideways on its own, and while some
// of the content is out of view on the right it fades that edge and says so, since a phone shows
// no scroll bar until the box is touched.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function SidewaysScroll({
  label,
  cue,
  children,
}: {
  label: string;
  cue: string;
  children: ReactNode;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [moreOnRight, setMoreOnRight] = useState(false);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    // One pixel of slack: widths are fractional.
    const update = () => setMoreOnRight(box.scrollWidth - box.clientWidth - box.scrollLeft > 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', update);
    };
  }, []);
  return (
    <>
      <div
        ref={boxRef}
        className={`sideways-scroll${moreOnRight ? ' sideways-scroll--more' : ''}`}
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {children}
      </div>
      {moreOnRight && (
        <p className="sideways-cue" aria-hidden="true" data-scroll-cue="">
          {cue}
          {'\u00a0→'}
        </p>
      )}
    </>
  );
}
