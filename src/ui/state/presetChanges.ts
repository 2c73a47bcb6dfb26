// Which knobs of side A the user has moved away from the loaded preset (or the defaults), and the
// edits that move them back or try the preset's next step.
import { baseSettings, querySettings, type Config } from '../../scenario/codec';
import { toSimInput } from '../../scenario/resolve';
import { applies, CONFIG_KEYS, type ConfigKey, type Settings } from '../../scenario/schema';
import { labelFor } from '../controls/fieldModel';
import { sameValue, setEditing, setOnSideOnly } from './configModel';

export function changedKeys(config: Config): ConfigKey[] {
  const base = baseSettings(config.preset);
  return CONFIG_KEYS.filter((k) => !sameValue(config.settings[k], base[k]));
}

/**
 * The labels of those changes a reader can find in Settings: a key the run does not read (a
 * keep-alive timeout under HTTP/2, left by a link or an earlier HTTP/1.1 run) is hidden there.
 */
export function changedFromPreset(config: Config): string[] {
  return changedKeys(config)
    .filter((k) => applies(k, config.settings))
    .map(labelFor);
}

/** Side A back to the preset's settings (or the defaults); B keeps its own changes. */
export function resetToPreset(config: Config): Config {
  return { ...config, settings: baseSettings(config.preset) };
}

/**
 * Lay a preset's "Try next" settings (a query such as `nagle.server=0`) over side A. While
 * comparing, B keeps what it ran with (the button says "on A"), as the callout's fix does.
 */
export function applyTryNext(config: Config, query: string): Config {
  let next = config;
  for (const [key, value] of Object.entries(querySettings(query)) as Array<[ConfigKey, Settings[ConfigKey]]>)
    next = setOnSideOnly(next, 'a', key, value);
  return next;
}

/**
 * Whether these settings already hold a "Try next" query's change: trying it would change nothing.
 * Either they set its keys to its values, or they make the same run another way (`nagle=0` holds
 * `nagle.server=0`: the server's Nagle follows the general key).
 */
export function tryNextApplied(settings: Settings, query: string): boolean {
  const patch = querySettings(query);
  const entries = Object.entries(patch) as Array<[ConfigKey, Settings[ConfigKey]]>;
  if (entries.length === 0) return false;
  if (entries.every(([key, value]) => sameValue(settings[key], value))) return true;
  return sameRun(settings, { ...settings, ...patch });
}

/** Two settings that give the engine the same input (and so the same run). */
function sameRun(a: Settings, b: Settings): boolean {
  return JSON.stringify(toSimInput(a)) === JSON.stringify(toSimInput(b));
}

/** Side by side: A the preset's settings (or the defaults), B side A as it was, changes and all. */
export function compareWithPreset(config: Config): Config {
  const b = Object.fromEntries(changedKeys(config).map((k) => [k, config.settings[k]])) as Partial<Settings>;
  return setEditing({ ...config, settings: baseSettings(config.preset), b, bPreset: null }, 'b');
}
