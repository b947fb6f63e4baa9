import type { Executor } from '../../db/client';
import { jobs, type JobRow } from '../../db/schema/index';
import { inserted, nextUnique } from './support';

export type CreateJobOptions = Partial<typeof jobs.$inferInsert> & Pick<typeof jobs.$inferInsert, 'postedBy'>;

/** Inserts an open full-time job with a unique title and company. */
export async function createJob(db: Executor, options: CreateJobOptions): Promise<JobRow> {
  const unique = nextUnique();
  const rows = await db
    .insert(jobs)
    .values({
      title: `Job ${unique}`,
      company: `Company ${unique}`,
      location: 'Remote',
      type: 'Full-Time',
      applyUrl: `https://jobs.example.com/${unique}`,
      ...options,
    })
    .returning();
  return inserted(rows, 'createJob');
}
