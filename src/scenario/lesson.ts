// Guided lessons: short sequences of steps, each setting a scenario and a view, saying a few
// sentences, perhaps asking the student to predict before revealing. Every step's claim is a
// check that the tests run against the engine: if a lesson says a gap disappears, it does.
import type { StallCause } from '../engine/trace';
import type { SweepMetric } from './sweeps';

export type LessonCheck =
  /** A stall of this cause is on screen (or not), optionally of a duration. */
  | { kind: 'stall'; cause: StallCause; present: boolean; minMs?: number; maxMs?: number }
  /** The figure of this step compared with another scenario's: `this` < `factor` x `other`, or >. */
  | { kind: 'compare'; metric: SweepMetric; versus: string; relation: 'less' | 'greater'; factor?: number }
  /** A packet with these flags is in the trace (or not). */
  | { kind: 'packet'; flag: 'RST' | 'FIN' | 'retransmit'; present: boolean }
  /** Every object of the page arrived, or only some (the client gave others up). */
  | { kind: 'objects'; arrived: 'all' | 'some' };

export interface LessonStep {
  title: string;
  text: string;
  query: string;
  /** Panels to show and where the playhead starts (ms). */
  view?: { panels?: string[]; t?: number };
  highlight?: { stall?: StallCause; metric?: 'packets' | 'bytes' | 'elapsed_s' | 'overhead_pct' };
  question?: {
    prompt: string;
    choices: string[];
    answer: number;
    explain: string;
    /**
     * Where the answer points, shown only once it is revealed (framed or outlined before, it would
     * give the answer away): the ladder zoomed on `zoomMs` (start and end in ms, as `zoom=`), and
     * the stalls of `stall` outlined. For an answer that names waits too short to see in the whole run.
     */
    focus?: { zoomMs: [number, number]; stall?: StallCause };
  };
  checks: LessonCheck[];
}

export interface Lesson {
  id: string;
  title: string;
  paper: string;
  summary: string;
  steps: LessonStep[];
}
