// The header's theme menu: system (follows the device), light or dark; remembered on this device.
import { useState } from 'react';
import { applyTheme, currentChoice, storeChoice, THEME_CHOICES, type ThemeChoice } from './theme';

const WORDS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSwitch() {
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
