import type { JobStatus, JobType } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { executeRaw, prepareRawStatement } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import { auditLog, jobs, type JobRow } from '../../db/schema/index';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { jobsQuery, openJobsPageQuery, type JobSearch, type JobSqlRow } from './job-page.sql';

export type { JobSearch, JobSqlRow };

/**
 * The job board's prepared statements (`ctx.repositories.jobs`): open jobs newest first, all or of
 * one type (openJobsPageQuery, one raw statement per page size).
 */
export function createJobsRepository(db: Database) {
  const pageOf = (byType: boolean, name: string) =>
    preparedPerPageSize(name, (take, sizedName) => prepareRawStatement<JobSqlRow>(db, sizedName, openJobsPageQuery(byType, take)));
  const pages = { all: pageOf(false, 'jobs_open_page'), byType: pageOf(true, 'jobs_open_type_page') };
  return {
    /** A page of open jobs newest first, of one type or all (findJobs without a text). */
    openPage(search: { viewer: Viewer; type?: JobType; before?: CursorPosition; take: number }): Promise<JobSqlRow[]> {
      const params = { viewerId: search.viewer.id, seesEveryone: search.viewer.role === 'AD', ...beforeParams(search.before) };
      return search.type === undefined
        ? pages.all(search.take).execute(params)
        : pages.byType(search.take).execute({ ...params, type: search.type });
    },
  };
}

/** Jobs newest first with their authors (jobsQuery), planned per call. */
export function findJobs(db: Executor, search: JobSearch): Promise<JobSqlRow[]> {
  return executeRaw<JobSqlRow>(db, jobsQuery(search));
}

export async function findJob(db: Executor, viewer: Viewer, jobId: number): Promise<JobSqlRow | null> {
  const [row] = await findJobs(db, { viewer, jobId, take: 1 });
  return row ?? null;
}

/** The job's author and status, locked for the rest of the transaction. */
export async function lockJob(db: Executor, jobId: number): Promise<Pick<JobRow, 'id' | 'postedBy' | 'status' | 'title'> | null> {
  const [row] = await db
    .select({ id: jobs.id, postedBy: jobs.postedBy, status: jobs.status, title: jobs.title })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for('update')
    .limit(1);
  return row ?? null;
}

export type JobValues = {
  title: string;
  company: string;
  location: string;
  salary: string;
  type: JobType;
  description: string;
  applyUrl: string;
};

export async function insertJob(db: Executor, values: JobValues & { postedBy: number }): Promise<number> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('insertJob: no row returned');
  return row.id;
}

export async function updateJob(db: Executor, jobId: number, values: Partial<JobValues>): Promise<void> {
  await db
    .update(jobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(jobs.id, jobId));
}

export async function setJobStatus(db: Executor, jobId: number, status: JobStatus): Promise<void> {
  const now = new Date();
  await db
    .update(jobs)
    .set({ status, updatedAt: now, closedAt: status === 'closed' ? now : null })
    .where(eq(jobs.id, jobId));
}

export type AuditEntry = {
  actorId: number;
  actorLabel: string;
  action: 'job.close' | 'job.update' | 'job.reopen';
  targetId: number;
  targetLabel: string;
  details?: Record<string, unknown>;
};

export async function insertJobAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, targetType: 'job', details: entry.details ?? {} });
}
