import type { CompanyAlumnus, Job, JobStatus, JobType, ReferralRequestStatus, Role } from '@alumlink/contract';
import type { AuthUser } from '../../lib/auth';
import { mediaUrl } from '../../lib/media';
import { presentUserSummary } from '../users/users.presenter';
import { canOnJob } from './jobs.policy';
import type { CompanyAlumnusRow } from './company-alumni.repository';
import type { JobSqlRow } from './job-page.sql';

/**
 * A job with its author (a row of jobsSql) → the contract's job shape, as `viewer` sees it: one
 * object literal, every value copied once (as the feed's posts).
 */
export function presentJob(row: JobSqlRow, viewer: Pick<AuthUser, 'id' | 'role'>): Job {
  const image = mediaUrl(row.image);
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    location: row.location,
    salary: row.salary,
    type: row.type as JobType,
    description: row.description,
    apply_url: row.apply_url,
    status: row.status as JobStatus,
    created_at: row.created_at,
    posted_by: {
      id: row.posted_by,
      username: row.username,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      handle: row.handle,
      role: row.role as Role,
      image,
      profile: { profile_image: image },
    },
    can_edit: canOnJob(viewer, 'edit', { postedBy: row.posted_by }),
  };
}

/** An alumnus at the job's company, open to referrals. */
/** `myRequest`: the viewer's latest request on the alumnus's open offer there, if any. */
export function presentCompanyAlumnus(row: CompanyAlumnusRow, myRequest?: { id: number; status: string }): CompanyAlumnus {
  return {
    ...presentUserSummary(row),
    headline: row.headline,
    job_title: row.jobTitle,
    open_referral_id: row.openReferralId,
    my_request: myRequest ? { id: myRequest.id, status: myRequest.status as ReferralRequestStatus } : null,
  };
}
