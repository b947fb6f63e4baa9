import type { DirectoryPerson, Role } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import type { DirectoryListRow } from './directory.repository';

/** Stored skills ("React, SQL") → the list the directory sends. */
export function skillList(skills: string): string[] {
  return skills
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill !== '');
}

/** A directory row → the contract's directoryPersonSchema shape; fields hidden from the viewer come empty from the query. */
export function presentDirectoryPerson(row: DirectoryListRow): DirectoryPerson {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role as Role,
    image: mediaUrl(row.image),
    headline: row.headline,
    company: row.company,
    job_title: row.jobTitle,
    location: row.location,
    cohort_year: row.cohortYear,
    skills: skillList(row.skills),
    open_to_referrals: row.openToReferrals,
  };
}
