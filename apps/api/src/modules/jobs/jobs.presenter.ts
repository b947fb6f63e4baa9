import type { CompanyAlumnus, Job, JobStatus, JobType, ReferralRequestStatus } from '@alumlink/contract';
import type { AuthUser } from '../../lib/auth';
import { presentUserSummary } from '../users/users.presenter';
import { canOnJob } from './jobs.policy';
import type { CompanyAlumnusRow } from './company-alumni.repository';
import type { JobListRow } from './jobs.repository';

/** A job row with its author → the contract's job shape, as `viewer` sees it. */
export function presentJob(row: JobListRow, viewer: Pick<AuthUser, 'id' | 'role'>): Job {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    location: row.location,
    salary: row.salary,
    type: row.type as JobType,
    description: row.description,
    apply_url: row.applyUrl,
    status: row.status as JobStatus,
    created_at: row.createdAt.toISOString(),
    posted_by: presentUserSummary(row.author),
    can_edit: canOnJob(viewer, 'edit', row),
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
