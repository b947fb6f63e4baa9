import { DELETED_USER_NAME, OUTCOMES_CSV_COLUMNS, type Outcomes, type outcomesQuerySchema } from '@alumlink/contract';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { mentorshipCounts } from '../../mentoring/index';
import * as repository from './outcomes.repository';

type OutcomesQuery = z.output<typeof outcomesQuerySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
const CSV_PAGE = 500;

/** `from`/`to` are whole UTC days, both included. */
export function filterOf(query: OutcomesQuery): repository.OutcomesFilter {
  return {
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    cohortYear: query.cohort_year,
  };
}

/** GET /api/admin/outcomes/: the funnel, the status counts, hires by company and cohort, median days to a referral. */
export async function readOutcomes(ctx: AppContext, query: OutcomesQuery): Promise<Outcomes> {
  const filter = filterOf(query);
  const [counts, companies, cohorts, mentorships] = await Promise.all([
    repository.countOutcomes(ctx.db, filter),
    repository.hiresByCompany(ctx.db, filter),
    repository.byCohort(ctx.db, filter),
    mentorshipCounts(ctx.db, { from: filter.from, to: filter.to }),
  ]);
  const { medianDays, ...referrals } = counts;
  return {
    referrals,
    hires_by_company: companies,
    by_cohort: cohorts.map((row) => ({ cohort_year: row.cohortYear, requested: row.requested, hired: row.hired })),
    median_days_to_referral: medianDays === null ? null : Math.round(Number(medianDays) * 10) / 10,
    mentorships,
  };
}

/**
 * GET /api/admin/outcomes.csv: one row per request, read in keyset pages and streamed through
 * csv-stringify (memory stays flat however many rows). Cells starting with = + - @ tab or CR get
 * a leading quote (escape_formulas), so a spreadsheet never runs text a member typed.
 */
export function outcomesCsv(ctx: AppContext, query: OutcomesQuery): Readable {
  const filter = filterOf(query);
  async function* rows() {
    let after: { at: Date; id: number } | null = null;
    for (;;) {
      const page = await repository.requestRows(ctx.db, filter, after, CSV_PAGE);
      for (const row of page) {
        yield [
          row.id,
          row.createdAt.toISOString(),
          row.status,
          row.company,
          row.role,
          row.ownerEmail ?? DELETED_USER_NAME,
          row.requesterEmail ?? DELETED_USER_NAME,
          row.cohortYear ?? '',
          row.referredAt?.toISOString() ?? '',
          row.updatedAt.toISOString(),
        ];
      }
      const last = page.at(-1);
      if (!last || page.length < CSV_PAGE) return;
      after = { at: last.createdAt, id: last.id };
    }
  }
  return Readable.from(rows()).pipe(stringify({ header: true, columns: [...OUTCOMES_CSV_COLUMNS], escape_formulas: true }));
}
