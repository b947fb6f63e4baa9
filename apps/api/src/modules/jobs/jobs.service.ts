import {
  JOB_MESSAGES,
  type AdminJobsQuery,
  type CreateJobFields,
  type Job,
  type JobDetail,
  type JobPage,
  type JobStatus,
  type JobTypeFilter,
  type PageQuery,
  type UpdateJobFields,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Database, Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { latestRequestsOf } from '../referrals/referrals.service';
import { countCompanyAlumni, findCompanyAlumni } from './company-alumni.repository';
import { canOnJob } from './jobs.policy';
import { presentCompanyAlumnus, presentJob } from './jobs.presenter';
import * as repository from './jobs.repository';

const jobNotFound = () => notFound(JOB_MESSAGES.notFound);
const COMPANY_ALUMNI_SHOWN = 5;

type ListFilter = Omit<repository.JobSearch, 'viewer' | 'before' | 'take'>;

async function pageOfJobs(db: Executor, viewer: AuthUser, query: PageQuery, filter: ListFilter): Promise<JobPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findJobs(db, { ...filter, viewer, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: new Date(row.created_at), id: row.id }));
  return { results: items.map((row) => presentJob(row, viewer)), next };
}

/** The job board: open jobs newest first, optionally of one type and matching a text. */
export async function listOpenJobs(
  ctx: AppContext,
  viewer: AuthUser,
  query: PageQuery & { type: JobTypeFilter; q?: string },
): Promise<JobPage> {
  const type = query.type === 'All' ? undefined : query.type;
  const text = query.q?.trim() || undefined;
  if (text) return pageOfJobs(ctx.db, viewer, query, { status: 'open', type, text });
  // Without a text the board is a prepared statement (a text search is planned for its pattern).
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await ctx.repositories.jobs.openPage({ viewer, type, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: new Date(row.created_at), id: row.id }));
  return { results: items.map((row) => presentJob(row, viewer)), next };
}

/** The caller's own job posts, open and closed. */
export function listOwnJobs(ctx: AppContext, viewer: AuthUser, query: PageQuery): Promise<JobPage> {
  return pageOfJobs(ctx.db, viewer, query, { postedBy: viewer.id });
}

/** Admin list: every job, optionally of one status or matching a text (the route requires AD). */
export function listAllJobs(ctx: AppContext, viewer: AuthUser, query: PageQuery & Pick<AdminJobsQuery, 'status' | 'q'>): Promise<JobPage> {
  return pageOfJobs(ctx.db, viewer, query, { status: query.status, text: query.q?.trim() || undefined });
}

/** One job: open jobs for everyone; a closed one only for its author and admins (404 otherwise). */
export async function getJob(db: Executor, viewer: AuthUser, jobId: number): Promise<Job> {
  const row = await repository.findJob(db, viewer, jobId);
  if (!row || (row.status !== 'open' && !canOnJob(viewer, 'edit', { postedBy: row.posted_by }))) throw jobNotFound();
  return presentJob(row, viewer);
}

/** GET /api/jobs/{id}/: the job and the alumni at its company open to referrals (at most five of them, and their count). */
export async function getJobDetail(ctx: AppContext, viewer: AuthUser, jobId: number): Promise<JobDetail> {
  const job = await getJob(ctx.db, viewer, jobId);
  const [people, count] = await Promise.all([
    findCompanyAlumni(ctx.db, viewer, job.company, COMPANY_ALUMNI_SHOWN),
    countCompanyAlumni(ctx.db, viewer, job.company),
  ]);
  const offerIds = people.flatMap((person) => (person.openReferralId === null ? [] : [person.openReferralId]));
  const mine = await latestRequestsOf(ctx.db, viewer.id, offerIds);
  const present = (person: (typeof people)[number]) =>
    presentCompanyAlumnus(person, person.openReferralId === null ? undefined : mine.get(person.openReferralId));
  return { ...job, alumni_at_company: { count, people: people.map(present) } };
}

/** 403 unless the person may post jobs (alumni and admins). */
export function assertCanCreateJob(user: AuthUser): void {
  if (!canOnJob(user, 'create')) throw forbidden(JOB_MESSAGES.createForbidden, 'forbidden');
}

/** Posts a job (alumni and admins only). */
export async function createJob(ctx: AppContext, author: AuthUser, fields: CreateJobFields): Promise<Job> {
  assertCanCreateJob(author);
  const { apply_url: applyUrl, ...rest } = fields;
  const jobId = await repository.insertJob(ctx.db, { ...rest, applyUrl, postedBy: author.id });
  return getJob(ctx.db, author, jobId);
}

/**
 * Locks the job, checks the caller may edit it, runs the change and, when an admin changes
 * someone else's job, writes the audit log, all in one transaction.
 */
async function changeJob(
  db: Database,
  user: AuthUser,
  jobId: number,
  change: (
    tx: Executor,
    job: { status: string },
  ) => Promise<{ action: repository.AuditEntry['action']; details: Record<string, unknown> } | null>,
): Promise<Job> {
  await db.transaction(async (tx) => {
    const job = await repository.lockJob(tx, jobId);
    if (!job) throw jobNotFound();
    if (!canOnJob(user, 'edit', job)) {
      // Someone else's closed job stays invisible, like in getJob.
      if (job.status !== 'open') throw jobNotFound();
      throw forbidden(JOB_MESSAGES.editForbidden, 'forbidden');
    }
    const done = await change(tx, job);
    if (done && job.postedBy !== user.id) {
      await repository.insertJobAudit(tx, {
        actorId: user.id,
        actorLabel: user.email,
        action: done.action,
        targetId: job.id,
        targetLabel: job.title,
        details: done.details,
      });
    }
  });
  return getJob(db, user, jobId);
}

/** Changes the given fields (author or admin). */
export function updateJob(ctx: AppContext, user: AuthUser, jobId: number, fields: UpdateJobFields): Promise<Job> {
  return changeJob(ctx.db, user, jobId, async (tx) => {
    const { apply_url: applyUrl, ...rest } = fields;
    const values: Partial<repository.JobValues> = { ...rest, ...(applyUrl === undefined ? {} : { applyUrl }) };
    const changed = Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([field]) => field);
    if (changed.length === 0) return null;
    await repository.updateJob(tx, jobId, values);
    return { action: 'job.update', details: { fields: changed } };
  });
}

/** Closes or reopens the job (author or admin); doing it twice changes nothing. */
export function setJobStatus(ctx: AppContext, user: AuthUser, jobId: number, status: JobStatus): Promise<Job> {
  return changeJob(ctx.db, user, jobId, async (tx, job) => {
    if (job.status === status) return null;
    await repository.setJobStatus(tx, jobId, status);
    return { action: status === 'closed' ? 'job.close' : 'job.reopen', details: {} };
  });
}
