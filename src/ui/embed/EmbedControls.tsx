// The few controls a lecturer kept (`controls=nagle,flush`), in a compact row above the views.
// They edit side A (B follows A where it does not differ), like the full page's controls; in a
// comparison they say so, or a student unticking Nagle on A could not tell which run it changed.
import type { Config } from '../../scenario/codec';
import { applies, SCHEMA, type ConfigKey, type Row, type Settings } from '../../scenario/schema';
import { inheritedValue, stackHelp } from '../controls/fieldModel';
import { SettingField } from '../controls/SettingField';

export function EmbedControls({
  config,
  keys,
  onSetting,
  many,
}: {
  config: Config;
  keys: string[];
  onSetting: (key: ConfigKey, value: Settings[ConfigKey]) => void;
  /** Too many for the toolbar: folded away in a short frame until the student opens them. */
  many: boolean;
}) {
  const shown = (keys as ConfigKey[]).filter((k) => applies(k, config.settings));
  if (shown.length === 0) return null;
  const comparing = config.b !== null;
  return (
    <div
      className={`embed-controls${many ? ' embed-controls--many' : ''}`}
      role="group"
      aria-label={comparing ? 'Settings of side A' : 'Settings'}
    >
      {comparing && (
        <span
          className="embed-controls-side"
          title="These settings change side A; B keeps what it sets apart"
        >
          A:
        </span>
      )}
      {shown.map((key) => (
        <SettingField
          key={key}
          settingKey={key}
          row={SCHEMA[key] as Row}
          value={config.settings[key]}
          inherited={inheritedValue(key, config.settings)}
          valueHelp={stackHelp(key, config.settings)}
          side="a"
          onChange={(value) => onSetting(key, value)}
        />
      ))}
    </div>
  );
}
