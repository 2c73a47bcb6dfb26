// Which knobs of side A the user has moved away from the loaded preset (or the defaults).
import { baseSettings, type Config } from '../../scenario/codec';
import { CONFIG_KEYS } from '../../scenario/schema';
import { labelFor } from '../controls/fieldModel';
import { sameValue } from './configModel';

export function changedFromPreset(config: Config): string[] {
  const base = baseSettings(config.preset);
  return CONFIG_KEYS.filter((k) => !sameValue(config.settings[k], base[k])).map(labelFor);
}
