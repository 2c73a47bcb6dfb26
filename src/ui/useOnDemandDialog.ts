// A header button whose dialog's code loads when it is first pressed (a pointer on the button
// starts the load early). If the load fails (offline, or a new version was published and the file
// is gone), the button's place says so (LazyPanel's LoadFailure) instead of doing nothing; the
// next press tries again.
import { useState } from 'react';

export function useOnDemandDialog(code: { load(): Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return {
    open,
    close: () => setOpen(false),
    failure,
    prefetch: () => void code.load().catch(() => {}),
    request: () =>
      void code.load().then(
        () => {
          setFailure(null);
          setOpen(true);
        },
        (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
      ),
  };
}
