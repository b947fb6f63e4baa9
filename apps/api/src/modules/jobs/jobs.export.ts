import { jobs } from '../../db/schema/index';
import { iso, ownRowsSection } from '../../lib/data-export/section';

/** jobs.json: the job posts the person wrote, open and closed. */
export const jobsExport = ownRowsSection({
  file: 'jobs.json',
  table: jobs,
  owner: jobs.postedBy,
  key: 'id',
  present: (row) => ({
    id: row.id,
    title: row.title,
    company: row.company,
    location: row.location,
    salary: row.salary,
    type: row.type,
    description: row.description,
    apply_url: row.applyUrl,
    status: row.status,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    closed_at: iso(row.closedAt),
  }),
});
