// The ready-made sweeps, grouped by paper, each with its title, source and the paper's claim.
import { SWEEPS, type SweepSpec } from '../../scenario/sweeps';
import { PAPER_NAMES } from '../presets/presetGroups';

const PAPER_OF: Array<[prefix: string, paper: string]> = [
  ['pm-', 'padmanabhan-mogul'],
  ['nielsen-', 'nielsen'],
  ['kruse-', 'kruse'],
];

function byPaper(): Array<[string, SweepSpec[]]> {
  return PAPER_OF.map(([prefix, paper]): [string, SweepSpec[]] => [
    PAPER_NAMES[paper] ?? paper,
    SWEEPS.filter((s) => s.id.startsWith(prefix)),
  ]).filter(([, specs]) => specs.length > 0);
}

export function SweepPicker({ current, onPick }: { current: string | null; onPick: (id: string) => void }) {
  return (
    <div className="sweep-picker">
      {byPaper().map(([paper, specs]) => (
        <section key={paper} aria-label={paper}>
          <h4>{paper}</h4>
          <ul>
            {specs.map((s) => (
              <li key={s.id} className={s.id === current ? 'current' : undefined}>
                <button
                  type="button"
                  className="link-button"
                  aria-current={s.id === current ? 'true' : undefined}
                  onClick={() => onPick(s.id)}
                >
                  {s.title}
                </button>
                <span className="sweep-source">{s.source}.</span>{' '}
                <span className="sweep-claim">“{s.claim}”</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
