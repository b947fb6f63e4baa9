import type { DirectoryPerson, Role } from '@alumlink/contract';
import { mediaUrl } from '../../lib/media';
import type { DirectoryPageRow } from './directory-page.repository';

/** Stored skills ("React, SQL") → the list the directory sends. */
export function skillList(skills: string): string[] {
  return skills
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill !== '');
}

/** A directory page's row → the contract's directoryPersonSchema shape; fields hidden from the viewer come empty from the query. */
export function presentDirectoryPerson(row: DirectoryPageRow): DirectoryPerson {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role as Role,
    image: mediaUrl(row.image),
    headline: row.headline,
    company: row.company,
    job_title: row.job_title,
    location: row.location,
    cohort_year: row.cohort_year,
    skills: skillList(row.skills),
    open_to_referrals: row.open_to_referrals,
  };
}
