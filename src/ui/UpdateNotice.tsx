// "A new version is ready": shown when a newer build has taken over the service worker while
// this page still runs the old one. Reloading keeps the scenario (it is in the URL).
import { useSyncExternalStore } from 'react';
import { useHeightProperty } from './useHeightProperty';
import { newerBuildReady, onNewerBuild } from '../registerServiceWorker';
import './updates.css';

// Loaded with the notice, after the first picture (main.tsx).
export { registerServiceWorker } from '../registerServiceWorker';

export default function UpdateNotice() {
  const newer = useSyncExternalStore(onNewerBuild, newerBuildReady, () => null);
  // Its height, for the page to leave room under its last line where the notice sits on the
  // Settings bar (updates.css).
  const ref = useHeightProperty<HTMLDivElement>('--update-notice-height');
  if (!newer) return null;
  return (
    <div ref={ref} className="update-notice" role="status" data-update-notice={newer}>
      A new version of Roundtrip is ready:{' '}
      <button type="button" className="small" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
