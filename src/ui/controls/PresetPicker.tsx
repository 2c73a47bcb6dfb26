// The scenario chooser at the top of the settings: the default page or a paper preset,
// grouped by paper, marked "(modified)" once a knob differs from it, with a one-click reset,
// and a button to the gallery with every preset's story and figures.
import { useLayoutEffect, useState, type RefObject } from 'react';
import { findPreset, PRESETS } from '../../scenario/presets';
import { PAPER_NAMES, presetsByPaper } from '../presets/presetGroups';
import { useElementWidth } from '../useElementSize';

/** Short enough to read whole in the closed menu at every width (the Yahoo page and its 1996 server). */
const DEFAULT_NAME = 'Default: Yahoo 1996, 10 Mb LAN';

export function PresetPicker({
  preset,
  comparing,
  bPreset,
  changed,
  custom,
  onPreset,
  onReset,
  onBrowse,
}: {
  preset: string | null;
  /** Two runs are compared: the picker chooses side A's scenario (the side switch below is for knobs). */
  comparing: boolean;
  /** The preset side B starts from, if any, named under the picker. */
  bPreset: string | null;
  /** Labels of the knobs that differ from the preset (or the defaults). */
  changed: string[];
  /**
   * No preset, and the page or the link is not the default's (a lesson's step of today's web, a
   * link of its own, the LAN at 250 ms or 1 Mb/s): the default's name would name a page and a link
   * not on screen.
   */
  custom: boolean;
  onPreset: (id: string | null) => void;
  onReset: () => void;
  onBrowse: () => void;
}) {
  const modified = changed.length > 0;
  const defaultName = custom ? 'Custom scenario' : DEFAULT_NAME;
  const mark = (id: string | null) => (modified && !custom && id === preset ? ' (modified)' : '');
  // The closed menu cuts a long title (a paper's row is up to 100 characters): the whole name on
  // hover, and under the menu, where a touch screen has no hover.
  const chosen = (preset && findPreset(preset)?.title) || defaultName;
  const [selectRef, selectWidth] = useElementWidth<HTMLSelectElement>(0);
  // The "(modified)" mark the menu may cut is beside the label too.
  const cut = useCutText(selectRef, chosen, selectWidth);
  return (
    <div className="field preset-picker">
      <label htmlFor="preset-select">
        {comparing ? 'Scenario of side A' : 'Scenario'}
        {/* Also here: a long preset title cuts off the mark in the closed select. */}
        {modified && <span className="unit"> (modified)</span>}
      </label>
      <select
        ref={selectRef}
        id="preset-select"
        aria-describedby="preset-help"
        value={preset ?? ''}
        title={chosen + mark(preset)}
        onChange={(e) => onPreset(e.target.value || null)}
      >
        <option value="">
          {defaultName}
          {mark(null)}
        </option>
        {presetsByPaper(PRESETS).map(([paper, presets]) => (
          <optgroup key={paper} label={PAPER_NAMES[paper] ?? paper}>
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {mark(p.id)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {/* Hidden from screen readers: the menu itself reads them the whole name. */}
      {cut && (
        <p className="preset-whole-name" aria-hidden="true" data-whole-name="">
          {chosen}
        </p>
      )}
      {modified ? (
        <p id="preset-help" className="preset-modified" data-modified="">
          <span>
            <strong>Modified:</strong> {changed.join(', ')}.
          </span>
          <button type="button" className="secondary" onClick={onReset}>
            Reset to {preset ? 'the preset' : 'the defaults'}
          </button>
        </p>
      ) : (
        <p id="preset-help" className="help">
          A paper's scenario sets the knobs below; change any of them afterwards.
        </p>
      )}
      {comparing && bPreset && (
        <p className="help" data-b-scenario="">
          Side B starts from {findPreset(bPreset)?.title ?? bPreset}.
        </p>
      )}
      <button type="button" className="secondary" onClick={onBrowse}>
        Browse presets by paper…
      </button>
    </div>
  );
}

/** Room the closed menu keeps for its arrow, beside its padding. */
const ARROW_PX = 24;

/** Whether the closed `select` cuts `text`, in its own font. */
function cutsText(select: HTMLSelectElement, text: string): boolean {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return false;
  const style = getComputedStyle(select);
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW_PX;
  return context.measureText(text).width > room;
}

/** Whether the closed menu, `widthPx` wide, cuts `text` (measured again as either changes). */
function useCutText(ref: RefObject<HTMLSelectElement | null>, text: string, widthPx: number): boolean {
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    if (ref.current && widthPx > 0) setCut(cutsText(ref.current, text));
  }, [ref, text, widthPx]);
  return cut;
}
