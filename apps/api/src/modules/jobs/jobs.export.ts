import { and, asc, eq, gt } from 'drizzle-orm';
import { jobs } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, mapRows, type ExportSection } from '../../lib/data-export/section';

/** jobs.json: the job posts the person wrote, open and closed. */
export const jobsExport: ExportSection = {
  file: 'jobs.json',
  tables: ['jobs.posted_by'],
  kind: 'list',
  collect: (db, personId) =>
    mapRows(
      keyset(
        (after) =>
          db
            .select()
            .from(jobs)
            .where(and(eq(jobs.postedBy, personId), gt(jobs.id, after)))
            .orderBy(asc(jobs.id))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.id,
      ),
      (row) => ({
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
    ),
};
