// The header's theme menu: system (follows the device), light or dark; remembered on this device,
// and told to the page (`onChoose`), whose link may name a theme.
import { useState } from 'react';
import { applyTheme, currentChoice, storeChoice, THEME_CHOICES, type ThemeChoice } from './theme';

const WORDS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSwitch({ onChoose }: { onChoose?: (choice: ThemeChoice) => void }) {
  const [choice, setChoice] = useState<ThemeChoice>(currentChoice);
  return (
    <label className="theme-switch">
      Theme
      <select
        name="theme"
        value={choice}
        onChange={(e) => {
          const next = e.target.value as ThemeChoice;
          setChoice(next);
          applyTheme(next);
          storeChoice(next);
          onChoose?.(next);
        }}
      >
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {WORDS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
