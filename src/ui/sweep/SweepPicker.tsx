// The ready-made sweeps, grouped by source, each with its title, source and its claim.
import { SWEEPS, type SweepSpec } from '../../scenario/sweeps';
import { PAPER_NAMES } from '../presets/presetGroups';

// The 1990s papers first, each under its name; the sweeps of later protocols, whose claims come
// from RFCs and later papers, together after them (every sweep not of a 1990s paper, so none is
// left out of the picker).
const PAPER_GROUPS: Array<[prefix: string, heading: string]> = [
  ['pm-', PAPER_NAMES['padmanabhan-mogul']],
  ['nielsen-', PAPER_NAMES.nielsen],
  ['kruse-', PAPER_NAMES.kruse],
];
const LATER = 'Since 1997 — TLS, QUIC, congestion control and router queues';

function byGroup(): Array<[string, SweepSpec[]]> {
  const ofPaper = (s: SweepSpec) => PAPER_GROUPS.some(([prefix]) => s.id.startsWith(prefix));
  const groups: Array<[string, SweepSpec[]]> = [
    ...PAPER_GROUPS.map(([prefix, heading]): [string, SweepSpec[]] => [
      heading,
      SWEEPS.filter((s) => s.id.startsWith(prefix)),
    ]),
    [LATER, SWEEPS.filter((s) => !ofPaper(s))],
  ];
  return groups.filter(([, specs]) => specs.length > 0);
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
