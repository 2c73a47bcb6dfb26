// What the page could not read from the link. Plain text only: the URL is never rendered as HTML.

/** Lines listed at most: a link with hundreds of bad keys had pushed the lab thousands of px down. */
const SHOWN_PROBLEMS = 8;

export function ProblemsNotice({ problems, onDismiss }: { problems: string[]; onDismiss: () => void }) {
  if (problems.length === 0) return null;
  const hidden = problems.length - SHOWN_PROBLEMS;
  return (
    <div className="notice" role="status" data-problems="">
      <div>
        <p>
          <strong>Parts of this link are not used as written.</strong> The rest of the scenario runs:
        </p>
        <ul>
          {problems.slice(0, SHOWN_PROBLEMS).map((p, i) => (
            <li key={i}>{p}</li>
          ))}
          {hidden > 0 && <li data-problems-more="">…and {hidden} more.</li>}
        </ul>
      </div>
      <button type="button" className="secondary small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
