import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobFailures, jobRuns } from '../../db/schema/index';

/** Failed runs are kept this long: the 24-hour counts need one day, a week leaves room to look. */
const FAILURE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** An error message is kept short: a stack trace or a whole SQL statement is for the logs. */
const MAX_ERROR_LENGTH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export type JobRunOutcome = { ok: true } | { ok: false; error: unknown };

export type JobRunSummary = {
  name: string;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  failures24h: number;
};

/**
 * The later of the stored time and the one being written: instances record their runs in any
 * order, and an older run recorded late must not move the row back in time.
 */
const latest = (column: typeof jobRuns.lastRunAt | typeof jobRuns.lastSuccessAt | typeof jobRuns.lastErrorAt) =>
  sql`greatest(${column}, excluded.${sql.identifier(column.name)})`;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/**
 * Records one run of `name` that started at `startedAt` and ended at `endedAt`: one upsert, and on
 * a failure one row in job_failures (and the job's failures older than a week deleted).
 */
export async function recordJobRun(db: Database, name: string, startedAt: Date, endedAt: Date, outcome: JobRunOutcome): Promise<void> {
  if (outcome.ok) {
    await db
      .insert(jobRuns)
      .values({ name, lastRunAt: startedAt, lastSuccessAt: endedAt })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: { lastRunAt: latest(jobRuns.lastRunAt), lastSuccessAt: latest(jobRuns.lastSuccessAt) },
      });
    return;
  }
  const error = errorText(outcome.error);
  await db.transaction(async (tx) => {
    await tx
      .insert(jobRuns)
      .values({ name, lastRunAt: startedAt, lastError: error, lastErrorAt: endedAt, failures: 1 })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: {
          lastRunAt: latest(jobRuns.lastRunAt),
          // The newest failure's message, whichever instance records first.
          lastError: sql`case when ${jobRuns.lastErrorAt} > excluded.last_error_at then ${jobRuns.lastError} else excluded.last_error end`,
          lastErrorAt: latest(jobRuns.lastErrorAt),
          failures: sql`${jobRuns.failures} + 1`,
        },
      });
    await tx.insert(jobFailures).values({ name, failedAt: endedAt, error });
    await tx
      .delete(jobFailures)
      .where(and(eq(jobFailures.name, name), lt(jobFailures.failedAt, new Date(endedAt.getTime() - FAILURE_RETENTION_MS))));
  });
}

/** The recorded state of each of `names` (in that order), with its failures in the 24 hours before `now`. */
export async function readJobRuns(db: Database, names: readonly string[], now: Date): Promise<JobRunSummary[]> {
  const since = new Date(now.getTime() - DAY_MS);
  const [runs, failures] = await Promise.all([
    db.select().from(jobRuns),
    db
      .select({ name: jobFailures.name, count: sql<number>`count(*)::int` })
      .from(jobFailures)
      .where(gte(jobFailures.failedAt, since))
      .groupBy(jobFailures.name),
  ]);
  const runOf = new Map(runs.map((run) => [run.name, run]));
  const failuresOf = new Map(failures.map((row) => [row.name, Number(row.count)]));
  return names.map((name) => {
    const run = runOf.get(name);
    return {
      name,
      lastRunAt: run?.lastRunAt ?? null,
      lastSuccessAt: run?.lastSuccessAt ?? null,
      lastError: run?.lastError ?? null,
      failures24h: failuresOf.get(name) ?? 0,
    };
  });
}
