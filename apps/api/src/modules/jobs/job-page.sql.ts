import type { JobStatus, JobType } from '@alumlink/contract';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { isoTimestampSql, sqlInteger } from '../../db/prepared';
import { jobs, users } from '../../db/schema/index';
import { likeContains, type CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { personFieldForViewerSql, type UserSummarySqlRow } from '../users/index';

/**
 * A job with its author as jobsSql answers it: the contract's names, the author's summary
 * columns unprefixed (posted_by is their id), the time as text (isoTimestampSql), no drizzle
 * mapping (as the feed's rows).
 */
export type JobSqlRow = UserSummarySqlRow & {
  id: number;
  posted_by: number;
  title: string;
  company: string;
  location: string;
  salary: string;
  type: string;
  description: string;
  apply_url: string;
  status: string;
  /** ISO 8601, as Date.prototype.toISOString writes it. */
  created_at: string;
};

/** Who reads the jobs: values, or the placeholders viewerId and seesEveryone of a prepared statement. */
type JobReader = { viewerId: number | Placeholder; seesEveryone: boolean | Placeholder };

/**
 * Jobs newest first with their authors, in one statement, the author's e-mail as the reader may
 * read it (jobs do not leave out authors hidden from the reader: personFieldForViewerSql). `where`
 * picks them: open ones (jobs_status_created_idx), of one type (jobs_type_created_idx), one
 * author's (jobs_posted_by_idx), one job, or a text (the lower(...) trigram indexes).
 */
export function jobsSql(reader: JobReader, where: SQL, take: number): SQL {
  return sql`
    select ${jobs.id} as id, ${jobs.postedBy} as posted_by, ${jobs.title} as title, ${jobs.company} as company,
      ${jobs.location} as location, ${jobs.salary} as salary, ${jobs.type} as type, ${jobs.description} as description,
      ${jobs.applyUrl} as apply_url, ${jobs.status} as status, ${isoTimestampSql(jobs.createdAt)} as created_at,
      ${users.username} as username, ${personFieldForViewerSql(reader.viewerId, reader.seesEveryone, 'email')} as email,
      ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.handle} as handle, ${users.role} as role,
      ${users.image} as image
    from ${jobs}
      inner join ${users} on ${users.id} = ${jobs.postedBy}
    where ${where}
    order by ${jobs.createdAt} desc, ${jobs.id} desc
    limit ${sqlInteger(take)}`;
}

/** Jobs strictly older than a (created_at, id) position. */
function jobsBeforeSql(at: SQL, id: SQL): SQL {
  return sql`(${jobs.createdAt}, ${jobs.id}) < (${at}, ${id})`;
}

/**
 * The job board without a text as a prepared statement: open jobs newest first, of one type
 * (`byType`: placeholder type) or all, the viewer and the keyset position as placeholders
 * (viewerId, seesEveryone, beforeAt, beforeId: beforeParams), the page size in the text (decision
 * 006). 'open' is in the text, and the position is read through two uncorrelated subqueries
 * (InitPlans) whose values no plan sees: a custom plan for the first page ('infinity') would
 * expect every open job before it, the generic plan a third of them, so the generic plan always
 * looked dearer and PostgreSQL planned the statement anew on every execution (decision 053).
 * With the position hidden from both, they cost the same and the generic plan is kept: the
 * walk of jobs_status_created_idx or jobs_type_created_idx from the position, either way.
 */
export function openJobsPageQuery(byType: boolean, take: number): SQL {
  const reader = { viewerId: sql.placeholder('viewerId'), seesEveryone: sql.placeholder('seesEveryone') };
  const position = jobsBeforeSql(
    sql`(select ${sql.placeholder('beforeAt')}::timestamptz)`,
    sql`(select ${sql.placeholder('beforeId')}::integer)`,
  );
  const type = byType ? sql` and ${jobs.type} = ${sql.placeholder('type')}::text` : sql``;
  return jobsSql(reader, sql`${jobs.status} = 'open'${type} and ${position}`, take);
}

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

/** jobsSql for a search with values, planned per call: one job, one author's, the admin list, a text. */
export function jobsQuery(search: JobSearch): SQL {
  const conditions: SQL[] = [sql`true`];
  if (search.jobId !== undefined) conditions.push(sql`${jobs.id} = ${search.jobId}::integer`);
  if (search.status !== undefined) conditions.push(sql`${jobs.status} = ${search.status}::text`);
  if (search.type !== undefined) conditions.push(sql`${jobs.type} = ${search.type}::text`);
  if (search.postedBy !== undefined) conditions.push(sql`${jobs.postedBy} = ${search.postedBy}::integer`);
  if (search.text) {
    const pattern = likeContains(search.text.toLowerCase());
    conditions.push(
      sql`(lower(${jobs.title}) like ${pattern} or lower(${jobs.company}) like ${pattern} or lower(${jobs.location}) like ${pattern})`,
    );
  }
  if (search.before) conditions.push(jobsBeforeSql(sql`${search.before.at.toISOString()}::timestamptz`, sql`${search.before.id}::integer`));
  const reader = { viewerId: search.viewer.id, seesEveryone: search.viewer.role === 'AD' };
  return jobsSql(reader, sql.join(conditions, sql` and `), search.take);
}
