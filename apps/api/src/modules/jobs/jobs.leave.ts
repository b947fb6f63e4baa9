import { cascade, type LeavePart } from '../../lib/leave';

/** Jobs: the job posts they wrote go with them (nothing else refers to a job). */
export const jobsLeave: LeavePart = {
  name: 'jobs',
  tables: [cascade('jobs.posted_by', 'the job posts they wrote are theirs')],
  async run() {},
};
