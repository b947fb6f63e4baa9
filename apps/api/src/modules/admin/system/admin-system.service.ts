import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AdminSystem } from '@alumlink/contract';
import type { AppContext } from '../../../app-context';
import { REPO_ROOT } from '../../../config';
import { readOutboxStats } from '../../../lib/mailer/index';
import { readJobRuns } from '../../../lib/scheduler/index';

/** The version in the repository's package.json, read once. */
let version: string | null = null;
function serverVersion(): string {
  version ??= String(
    (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown }).version ?? 'unknown',
  );
  return version;
}

/** When this process started (the System page's "up since"). */
const startedAt = new Date(Date.now() - process.uptime() * 1000);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The System page: this instance's version and shape, the outbox, and every declared job with its
 * recorded runs (job_runs, written by whichever instance ran it). Three small statements.
 */
export async function readSystemStatus(ctx: AppContext, jobNames: readonly string[], now = new Date()): Promise<AdminSystem> {
  const [outbox, jobs] = await Promise.all([readOutboxStats(ctx.db, now), readJobRuns(ctx.db, jobNames, now)]);
  return {
    version: serverVersion(),
    started_at: startedAt.toISOString(),
    workers: ctx.config.webConcurrency,
    database: { kind: ctx.database.kind },
    // Media and exports: DATA_DIR, or the bucket with STORAGE=s3.
    storage: { kind: ctx.config.storage.kind },
    outbox: { pending: outbox.pending, oldest_at: iso(outbox.oldestAt), failed_24h: outbox.failed24h },
    jobs: jobs.map((job) => ({
      name: job.name,
      last_run_at: iso(job.lastRunAt),
      last_success_at: iso(job.lastSuccessAt),
      failures_24h: job.failures24h,
      last_error: job.lastError,
    })),
  };
}
