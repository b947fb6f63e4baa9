import type { LeavePart } from '../../lib/leave';

/** Jobs: the job posts they wrote go with them (nothing else refers to a job). */
export const jobsLeave: LeavePart = {
  name: 'jobs',
  tables: [{ table: 'jobs', column: 'posted_by', rule: 'cascade', why: 'the job posts they wrote are theirs' }],
  async run() {},
};
