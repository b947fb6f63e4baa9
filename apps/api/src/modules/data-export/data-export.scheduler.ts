import type { JobDeclaration } from '../../lib/scheduler/index';
import { runExportJobs } from './data-export.jobs';

/** Builds pending exports and purges expired ones every config.exportWorkerMs and right after a request (`app.jobs.trigger`). */
export const dataExportJob: JobDeclaration = {
  name: 'data-export',
  every: (config) => config.exportWorkerMs,
  enabled: () => true,
  run: (deps) => runExportJobs(deps, { now: () => deps.clock.now() }),
};
