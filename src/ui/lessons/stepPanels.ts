// The panels a lesson step speaks of: those its words name ("in the ladder", "the time-sequence
// plot", "'where did the time go'", "in the table"), the ladder for a step that outlines a stall,
// the figures for one that outlines a figure. A student who hid a panel before opening a lesson
// keeps that choice, so the card offers to show the ones the step needs. This module loads with
// the lesson card; it imports nothing from the first load but types (each shared name costs it
// bytes), so it names the panels itself, as PANELS and PANEL_TITLES do.
import type { LessonStep } from '../../scenario/lessons';
import type { Panel } from '../state/configModel';

const NAMED: Array<[Panel, string, RegExp]> = [
  ['ladder', 'Packet ladder', /\bladder\b/i],
  ['tsp', 'Time-sequence plot', /time-sequence plot/i],
  ['waterfall', 'Waterfall', /\bwaterfall\b/i],
  ['time', 'Where did the time go', /where did the time go/i],
  ['metrics', 'Figures', /\bin the table\b|\bfigures table\b/i],
];

/** The panels the step's words (and, once revealed, its answer's) speak of or its highlight outlines. */
export function panelsNamed(step: LessonStep, revealed = false): Panel[] {
  const words = `${step.title} ${step.text} ${revealed ? (step.question?.explain ?? '') : ''}`;
  return NAMED.filter(
    ([p, , named]) =>
      named.test(words) ||
      (p === 'ladder' && step.highlight?.stall !== undefined) ||
      (p === 'metrics' && step.highlight?.metric !== undefined),
  ).map(([p]) => p);
}

/** The panels of `view=` (all when absent, as the page reads it). */
function listed(view: string | undefined): string[] {
  const panels = (view ?? '').split(',').filter((p) => NAMED.some(([q]) => q === p));
  return panels.length > 0 ? panels : NAMED.map(([p]) => p);
}

/** Of `panels`, those `view=` hides. */
export function hiddenOf(panels: readonly Panel[], view: string | undefined): Panel[] {
  const shown = listed(view);
  return panels.filter((p) => !shown.includes(p));
}

/** The view keys with `panels` shown too; `view=`'s other entries (the sweep, A/B) stay. */
export function showing(view: Record<string, string>, panels: readonly Panel[]): Record<string, string> {
  const tokens = [...(view.view ?? '').split(',').filter(Boolean), ...panels];
  const panel = (t: string) => NAMED.some(([p]) => p === t);
  const next = { ...view };
  // Every panel and nothing else is the page's default: no key.
  if (NAMED.every(([p]) => tokens.includes(p)) && tokens.every(panel)) delete next.view;
  else
    next.view = [
      ...NAMED.map(([p]) => p as string).filter((p) => tokens.includes(p)),
      ...tokens.filter((t) => !panel(t)),
    ].join(',');
  return next;
}

/** How the card names a panel. */
export function panelTitle(panel: Panel): string {
  return NAMED.find(([p]) => p === panel)![1];
}
