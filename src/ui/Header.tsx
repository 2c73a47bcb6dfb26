// The page header: title, the question the lab answers, and the page-level switches
// (preset gallery, compare A/B, the sweep panel, which panels are shown).
import type { ReactNode } from 'react';
import { PANELS, PANEL_TITLES, type Panel } from './state/configModel';
import { ThemeSwitch } from './ThemeSwitch';
import type { ThemeChoice } from './theme';
import { useHeaderMenu } from './headerMenu';

export interface HeaderProps {
  comparing: boolean;
  panels: Set<Panel>;
  onCompare: (on: boolean) => void;
  onPanel: (panel: Panel, shown: boolean) => void;
  onBrowsePresets: () => void;
  /** Show the sweep panel and bring it into view. */
  onSweep: () => void;
  /** More page-level actions (Share, Export), after the built-in ones. */
  children?: ReactNode;
  /** More panel switches (the sweep panel), after the built-in ones in the Panels menu. */
  extraPanels?: ReactNode;
  /** A line under the tagline (the newcomer's pointer to a lesson). */
  invite?: ReactNode;
  /** The reader chose a theme in the header's menu. */
  onTheme?: (choice: ThemeChoice) => void;
}

export function Header({
  comparing,
  panels,
  onCompare,
  onPanel,
  onBrowsePresets,
  onSweep,
  children,
  extraPanels,
  invite,
  onTheme,
}: HeaderProps) {
  const panelsMenu = useHeaderMenu();
  return (
    <header className="site-header">
      <div className="brand">
        <h1>Roundtrip</h1>
        <p className="tagline">Why is the web slow? Change one knob and watch every packet.</p>
        {invite}
      </div>
      <nav className="header-actions" aria-label="Page">
        <button type="button" className="secondary" onClick={onBrowsePresets}>
          Presets
        </button>
        <button
          type="button"
          className="secondary"
          aria-pressed={comparing}
          onClick={() => onCompare(!comparing)}
        >
          {comparing ? 'Stop comparing' : 'Compare A/B'}
        </button>
        <button type="button" className="secondary" onClick={onSweep}>
          Sweep
        </button>
        <details className="panels-menu" {...panelsMenu}>
          <summary>Panels</summary>
          <fieldset>
            <legend>Show</legend>
            {PANELS.map((p) => (
              <label key={p}>
                <input
                  type="checkbox"
                  checked={panels.has(p)}
                  disabled={panels.size === 1 && panels.has(p)}
                  onChange={(e) => onPanel(p, e.target.checked)}
                />
                {PANEL_TITLES[p]}
              </label>
            ))}
            {extraPanels}
          </fieldset>
        </details>
        {children}
        <ThemeSwitch onChoose={onTheme} />
      </nav>
    </header>
  );
}
