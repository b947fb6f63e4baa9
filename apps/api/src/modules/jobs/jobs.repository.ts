import type { JobStatus, JobType } from '@alumlink/contract';
import { and, desc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { literalLimit } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import { auditLog, jobs, users, type JobRow } from '../../db/schema/index';
import { beforeParams, likeContains, type CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsForViewer } from '../users/index';

/** A job with its author. */
export type JobListRow = Omit<JobRow, 'updatedAt' | 'closedAt'> & { author: UserSummaryRow };

export type JobSearch = {
  /** Who is looking: authors' e-mails as they may read them. */
  viewer: Viewer;
  jobId?: number;
  status?: JobStatus;
  type?: JobType;
  postedBy?: number;
  /** Case-insensitive substring of title, company or location. */
  text?: string;
  /** Jobs strictly older than this position (newest-first keyset). */
  before?: CursorPosition;
  take: number;
};

/**
 * Jobs newest first with their authors, in one query: served by jobs_status_created_idx or
 * jobs_type_created_idx (open lists), jobs_posted_by_idx (one author), and the lower(...)
 * trigram indexes for the text search.
 */
export function jobsQuery(db: Executor, search: JobSearch) {
  const conditions: SQL[] = [];
  if (search.jobId !== undefined) conditions.push(eq(jobs.id, search.jobId));
  if (search.status !== undefined) conditions.push(eq(jobs.status, search.status));
  if (search.type !== undefined) conditions.push(eq(jobs.type, search.type));
  if (search.postedBy !== undefined) conditions.push(eq(jobs.postedBy, search.postedBy));
  if (search.text) {
    const pattern = likeContains(search.text.toLowerCase());
    const matches = or(
      sql`lower(${jobs.title}) like ${pattern}`,
      sql`lower(${jobs.company}) like ${pattern}`,
      sql`lower(${jobs.location}) like ${pattern}`,
    );
    if (matches) conditions.push(matches);
  }
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${jobs.createdAt}, ${jobs.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return selectJobs(db, search.viewer.id, search.viewer.role === 'AD')
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(search.take);
}

/**
 * The job board without a text for a prepared statement: open jobs newest first, of one type
 * (`byType`, placeholder type) or all, the viewer and the keyset position as placeholders
 * (viewerId, seesEveryone, beforeAt, beforeId), the page size in the text: jobs_type_created_idx
 * or jobs_status_created_idx in a generic plan.
 */
export function openJobsPageQuery(db: Executor, byType: boolean, take: number) {
  const position = sql`(${jobs.createdAt}, ${jobs.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`;
  return selectJobs(db, sql.placeholder('viewerId'), sql.placeholder('seesEveryone'))
    .where(and(eq(jobs.status, 'open'), byType ? sql`${jobs.type} = ${sql.placeholder('type')}::text` : undefined, position))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(literalLimit(take));
}

/** The job board's prepared statements (`ctx.repositories.jobs`). */
export function createJobsRepository(db: Database) {
  const pages = {
    all: preparedPerPageSize('jobs_open_page', (take, name) => openJobsPageQuery(db, false, take).prepare(name)),
    byType: preparedPerPageSize('jobs_open_type_page', (take, name) => openJobsPageQuery(db, true, take).prepare(name)),
  };
  return {
    /** A page of open jobs newest first, of one type or all (findJobs without a text). */
    openPage(search: { viewer: Viewer; type?: JobType; before?: CursorPosition; take: number }): Promise<JobListRow[]> {
      const params = { viewerId: search.viewer.id, seesEveryone: search.viewer.role === 'AD', ...beforeParams(search.before) };
      return search.type === undefined
        ? pages.all(search.take).execute(params)
        : pages.byType(search.take).execute({ ...params, type: search.type });
    },
  };
}

/** A job's columns and its author's summary (e-mail as the viewer may read it). */
function selectJobs(db: Executor, viewerId: number | Placeholder, seesEveryone: boolean | Placeholder) {
  return db
    .select({
      id: jobs.id,
      postedBy: jobs.postedBy,
      title: jobs.title,
      company: jobs.company,
      location: jobs.location,
      salary: jobs.salary,
      type: jobs.type,
      description: jobs.description,
      applyUrl: jobs.applyUrl,
      status: jobs.status,
      createdAt: jobs.createdAt,
      author: userSummaryColumnsForViewer(viewerId, seesEveryone),
    })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.postedBy));
}

export function findJobs(db: Executor, search: JobSearch): Promise<JobListRow[]> {
  return jobsQuery(db, search).execute();
}

export async function findJob(db: Executor, viewer: Viewer, jobId: number): Promise<JobListRow | null> {
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
