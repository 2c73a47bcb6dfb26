// What the page could not read from the link. Plain text only: the URL is never rendered as HTML.
export function ProblemsNotice({ problems, onDismiss }: { problems: string[]; onDismiss: () => void }) {
  if (problems.length === 0) return null;
  return (
    <div className="notice" role="status" data-problems="">
      <div>
        <p>
          <strong>Some of the link could not be read.</strong> The rest of the scenario runs:
        </p>
        <ul>
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      </div>
      <button type="button" className="secondary small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
