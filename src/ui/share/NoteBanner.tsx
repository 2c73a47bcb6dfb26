// A lecturer's note from `note=`, shown above the views. React renders it as text, so a note
// with markup in it shows the markup, and it is clipped to a tweet's length.
import { clipNote } from './openingLink';
import './share.css';

export function NoteBanner({ note }: { note: string | undefined }) {
  const text = clipNote(note ?? '');
  if (text === '') return null;
  return (
    <aside className="lecture-note" aria-label="Note from your lecturer" data-note="">
      <p>{text}</p>
    </aside>
  );
}
