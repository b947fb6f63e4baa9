import type { JobDeclaration } from '../../lib/scheduler/index';
import { sweepRosterImports } from './roster.service';

/** How often a server looks for roster imports whose process died (and drops month-old ones). */
export const ROSTER_SWEEP_INTERVAL_MS = 60_000;

/** Turns running roster imports with a stopped heartbeat into failed ones; purges old imports. */
export const rosterSweepJob: JobDeclaration = {
  name: 'roster-import-sweep',
  every: ROSTER_SWEEP_INTERVAL_MS,
  enabled: () => true,
  run: (deps, now) => sweepRosterImports(deps, now),
};
