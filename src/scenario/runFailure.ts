// Why a run could not finish, in words a student (on the page or the command line) can act on.
import { SimulationLimitError } from '../engine/sim';

export const SMALLER_SETTING =
  'Try a smaller setting: fewer or smaller objects, a larger MSS, larger server writes, less loss or fewer page loads.';

export interface RunFailure {
  message: string;
  /** The run hit the event cap (too long to simulate), rather than failing. */
  eventCap: boolean;
}

export function describeRunFailure(error: unknown): RunFailure {
  if (error instanceof SimulationLimitError)
    return { message: `${error.message}. ${SMALLER_SETTING}`, eventCap: true };
  return { message: error instanceof Error ? error.message : String(error), eventCap: false };
}
