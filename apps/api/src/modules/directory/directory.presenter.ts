import type { DirectoryPerson, Role } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import type { DirectoryRow } from './directory.repository';

/** Stored skills ("React, SQL") → the list the directory sends. */
export function skillList(skills: string): string[] {
  return skills
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill !== '');
}

/** A directory row → the contract's directoryPersonSchema shape. */
export function presentDirectoryPerson(row: DirectoryRow): DirectoryPerson {
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
