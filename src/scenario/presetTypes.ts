// What a paper preset is. Its own module, so the preset lists (presets/*.ts) and the index of
// them (presets.ts) do not import each other. A preset comes in two parts: what it sets and
// measures (Preset), which the URL codec and the engine need at once, and what it teaches
// (PresetTexts), which the page loads on its own (presetTexts.ts).
import type { StallCause } from '../engine/trace';

export type FigureKey =
  | 'elapsed_ms'
  | 'elapsed_s'
  | 'packets'
  | 'payload_bytes'
  | 'overhead_pct'
  | `longest_stall_ms:${StallCause}`
  /** 100 * (T(versus) - T(of)) / T(versus): how much faster `of` is than `versus` */
  | 'reduction_pct'
  /** 100 * throughput(of) / throughput(versus): a transfer against the best case */
  | 'throughput_pct';

export interface PublishedFigure {
  figure: FigureKey;
  label: string;
  value: number;
  unit: string;
  /** 'approx' (the default): within `tolerance` of `value`; 'lt'/'gt': a bound the paper states;
   * 'between': from `min` to `value`. */
  bound?: 'approx' | 'lt' | 'gt' | 'between';
  min?: number;
  /** Accepted distance from the published value, in the figure's unit, and why that much. */
  tolerance: number;
  /** Why that much; or `see:<id>`, a reason in the preset's texts (`reasonOf`). */
  reason: string;
  /** The closer distance the paper's rows are held to, when `tolerance` is wider: a figure beyond it
   * is a known difference, which `reason` explains (a gap no mechanism from a source closes). */
  target?: number;
  /** For comparisons: settings laid over the preset for the measured side and for the other side. */
  of?: string;
  versus?: string;
}

/** A next step for the student: a sentence, and the settings (a query laid over the preset) that take it. */
export interface TryNext {
  sentence: string;
  settings: string;
}

export interface Preset {
  id: string;
  title: string;
  paper:
    | 'heidemann'
    | 'nielsen'
    | 'padmanabhan-mogul'
    | 'kruse'
    | 'dukkipati'
    | 'mathis'
    | 'cardwell'
    | 'wang'
    | 'langley';
  source: string;
  query: string;
  published: PublishedFigure[];
}

/** A preset's words: what to look at, what to try next, what was calibrated, what the paper finds. */
export interface PresetTexts {
  explanation: string;
  tryNext: TryNext[];
  calibrated: string[];
  /** Findings the paper states without numbers; tests check their shape against the engine. */
  claims?: string[];
  /** The words of the reasons its figures name (`see:<id>`), too long to load with the figures. */
  reasons?: Readonly<Record<string, string>>;
}

/** A figure's reason in words: its own, or the one of its preset's texts it names (undefined until they load). */
export function reasonOf(f: PublishedFigure, texts: PresetTexts | undefined): string | undefined {
  return f.reason.startsWith('see:') ? texts?.reasons?.[f.reason.slice(4)] : f.reason;
}
