// The ready-made sweeps, grouped by source, each with its title, source and its claim.
import { SWEEPS, type SweepSpec } from '../../scenario/sweeps';
import { PAPER_NAMES } from '../presets/presetGroups';

// The 1990s papers first, each under its name; the sweeps of later protocols, whose claims come
// from RFCs and later papers, together after them.
const GROUPS: Array<[prefixes: string[], heading: string]> = [
  [['pm-'], PAPER_NAMES['padmanabhan-mogul']],
  [['nielsen-'], PAPER_NAMES.nielsen],
  [['kruse-'], PAPER_NAMES.kruse],
  [['tls-', 'quic-', 'mathis-'], 'Since 1997 — TLS, QUIC and congestion control'],
];

function byGroup(): Array<[string, SweepSpec[]]> {
  return GROUPS.map(([prefixes, heading]): [string, SweepSpec[]] => [
    heading,
    SWEEPS.filter((s) => prefixes.some((prefix) => s.id.startsWith(prefix))),
  ]).filter(([, specs]) => specs.length > 0);
}

export function SweepPicker({ current, onPick }: { current: string | null; onPick: (id: string) => void }) {
  return (
    <div className="sweep-picker">
      {byGroup().map(([heading, specs]) => (
        <section key={heading} aria-label={heading}>
          <h4>{heading}</h4>
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
