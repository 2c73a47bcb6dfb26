// A panel whose code is loaded on demand. If the load fails (offline, or the site was redeployed
// and the file is gone), the panel says so and offers a reload; the rest of the page keeps working.
import { Component, Suspense, type ReactNode } from 'react';
import './updates.css';

interface Props {
  /** What the panel is, for the messages: "the sweep panel". */
  name: string;
  children: ReactNode;
}

export function LazyPanel({ name, children }: Props) {
  return (
    <LoadFailureBoundary name={name}>
      <Suspense
        fallback={
          <p className="loading" data-panel-loading="">
            Loading {name}…
          </p>
        }
      >
        {children}
      </Suspense>
    </LoadFailureBoundary>
  );
}

class LoadFailureBoundary extends Component<Props, { error: string | null }> {
  override state = { error: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <LoadFailure name={this.props.name} error={this.state.error} />;
  }
}

/** What the page says where code it asked for could not be loaded, with a reload. */
export function LoadFailure({ name, error }: { name: string; error: string }) {
  return (
    <div className="load-failure" role="alert" data-load-failure={name}>
      <p>
        Could not load {name}. You may be offline, or a new version of Roundtrip was published. The rest of
        the page still works.
      </p>
      <button type="button" className="small" onClick={() => window.location.reload()}>
        Reload
      </button>
      {/* The browser's own words (a file's address) are for whoever looks into it, not the sentence. */}
      <details className="load-failure-detail">
        <summary>What the browser said</summary>
        <p>{error}</p>
      </details>
    </div>
  );
}
