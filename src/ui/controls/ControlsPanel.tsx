// Every knob of the scenario, generated from the schema table and grouped by row.group. When
// comparing, a switch picks which side the knobs edit; B shows where it differs from A.
// Memoised, so playback frames do not re-render forty fields.
import { memo, useMemo } from 'react';
import type { Config } from '../../scenario/codec';
import { applies, SCHEMA, type ConfigKey, type Row, type Settings } from '../../scenario/schema';
import { bDifferences, settingsOf, type SideKey } from '../state/configModel';
import type { HistoryMode } from '../state/history';
import { changedFromPreset, changedKeys } from '../state/presetChanges';
import { fieldGroups, inheritedValue, linkHelp, stackHelp } from './fieldModel';
import { HostsNote } from './HostsNote';
import { LinkSummary } from './LinkSummary';
import { PresetPicker } from './PresetPicker';
import { SettingField } from './SettingField';

export interface ControlsPanelProps {
  config: Config;
  editing: SideKey;
  onEditingChange: (side: SideKey) => void;
  onSetting: (side: SideKey, key: ConfigKey, value: Settings[ConfigKey], history?: HistoryMode) => void;
  /** Several knobs at once, one step of history. */
  onSettings: (side: SideKey, patch: Partial<Settings>) => void;
  onResetB: (key: ConfigKey) => void;
  onPreset: (id: string | null) => void;
  onResetPreset: () => void;
  onBrowsePresets: () => void;
}

const GROUPS = fieldGroups();

export const ControlsPanel = memo(function ControlsPanel({
  config,
  editing,
  onEditingChange,
  onSetting,
  onSettings,
  onResetB,
  onPreset,
  onResetPreset,
  onBrowsePresets,
}: ControlsPanelProps) {
  const side: SideKey = config.b ? editing : 'a';
  const settings = settingsOf(config, side);
  const differs = new Set(bDifferences(config));
  const callbacks = useMemo(() => fieldCallbacks(onSetting, onResetB), [onSetting, onResetB]);
  return (
    <section className="controls" aria-labelledby="controls-title">
      <h2 id="controls-title">Settings</h2>
      <PresetPicker
        preset={config.preset}
        comparing={config.b !== null}
        bPreset={config.b !== null ? config.bPreset : null}
        changed={changedFromPreset(config)}
        // Another page or link, or the link's bandwidth or round trip (no longer a 10 Mb LAN's),
        // makes the default's name untrue; loss, a buffer or a knob of the hosts leaves it modified.
        custom={!config.preset && changedKeys(config).some((k) => /^(page|link|bw|rtt)$/.test(k))}
        onPreset={onPreset}
        onReset={onResetPreset}
        onBrowse={onBrowsePresets}
      />
      {config.b && (
        <fieldset className="side-switch">
          <legend>Knobs change side</legend>
          {(['a', 'b'] as const).map((s) => (
            <label key={s} className={s === side ? 'selected' : ''}>
              <input
                type="radio"
                name="editing-side"
                value={s}
                checked={s === side}
                onChange={() => onEditingChange(s)}
              />
              {s === 'a' ? 'A (and B where B follows A)' : 'B only'}
            </label>
          ))}
        </fieldset>
      )}
      {GROUPS.filter((g) => g.keys.some((key) => applies(key, settings))).map((g) => (
        <details key={g.group} className="control-group" open={g.group !== 'run'} data-group={g.group}>
          <summary>{g.title}</summary>
          {g.keys
            .filter((key) => applies(key, settings))
            .map((key) => (
              <SettingField
                key={`${side}-${key}`}
                settingKey={key}
                row={SCHEMA[key] as Row}
                value={settings[key]}
                inherited={inheritedValue(key, settings)}
                side={side}
                overridden={side === 'b' && differs.has(key)}
                onChange={callbacks.change(side, key)}
                onResetToA={callbacks.reset(key)}
                valueHelp={key === 'link' ? linkHelp(settings) : stackHelp(key, settings)}
              >
                {key === 'link' && <LinkSummary settings={settings} />}
                {key === 'http' && (
                  <HostsNote settings={settings} onApply={(patch) => onSettings(side, patch)} />
                )}
              </SettingField>
            ))}
        </details>
      ))}
    </section>
  );
});

/** One onChange and one reset per field, made once: memoised fields then skip unchanged knobs. */
function fieldCallbacks(
  onSetting: ControlsPanelProps['onSetting'],
  onResetB: ControlsPanelProps['onResetB'],
) {
  const changes = new Map<string, (value: Settings[ConfigKey], history?: HistoryMode) => void>();
  const resets = new Map<ConfigKey, () => void>();
  return {
    change(side: SideKey, key: ConfigKey) {
      const id = `${side}-${key}`;
      let f = changes.get(id);
      if (!f) changes.set(id, (f = (value, history) => onSetting(side, key, value, history)));
      return f;
    },
    reset(key: ConfigKey) {
      let f = resets.get(key);
      if (!f) resets.set(key, (f = () => onResetB(key)));
      return f;
    },
  };
}
