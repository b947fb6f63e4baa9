import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** The last run of each background job (lib/jobs), written by whichever instance ran it. */
export const jobRuns = pgTable('job_runs', {
  /** The job's declared name (plugins/schedulers.ts). */
  name: text('name').primaryKey(),
  lastRunAt: timestamptz('last_run_at').notNull(),
  lastSuccessAt: timestamptz('last_success_at'),
  lastError: text('last_error'),
  lastErrorAt: timestamptz('last_error_at'),
  /** Failed runs since the job first ran. */
  failures: integer('failures').notNull().default(0),
});

/** One row per failed run, kept a week (lib/jobs/job-runs.ts): the 24-hour failure counts. */
export const jobFailures = pgTable(
  'job_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    failedAt: timestamptz('failed_at').notNull(),
    error: text('error').notNull(),
  },
  (t) => [index('job_failures_name_failed_at_idx').on(t.name, t.failedAt)],
);
