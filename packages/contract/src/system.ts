import { z } from 'zod';

/** One background job as the System page shows it (every job declared, running here or not). */
export const systemJobSchema = z.object({
  /** The job's declared name (`mail-delivery`, `event-reminders`, ...). */
  name: z.string(),
  /** ISO 8601; null before its first run on any instance. */
  last_run_at: z.string().nullable(),
  /** ISO 8601; null until a run succeeded. */
  last_success_at: z.string().nullable(),
  /** Failed runs in the last 24 hours, all instances together. */
  failures_24h: z.number().int(),
  /** The last failed run's message (kept until the job fails again), null when it never failed. */
  last_error: z.string().nullable(),
});
export type SystemJob = z.infer<typeof systemJobSchema>;

/** GET /api/admin/system/: what an operator checks first (DESIGN 9.2). */
export const adminSystemSchema = z.object({
  /** The server's version (package.json). */
  version: z.string(),
  /** ISO 8601: when the process that answered started. */
  started_at: z.string(),
  /** Worker processes of the instance that answered (WEB_CONCURRENCY). */
  workers: z.number().int(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']) }),
  storage: z.object({ kind: z.enum(['local', 's3']) }),
  outbox: z.object({
    /** E-mails waiting (queued or waiting for a retry). */
    pending: z.number().int(),
    /** ISO 8601: when the oldest waiting e-mail was written; null when none waits. */
    oldest_at: z.string().nullable(),
    /** E-mails given up after their last attempt in the last 24 hours. */
    failed_24h: z.number().int(),
  }),
  jobs: z.array(systemJobSchema),
});
export type AdminSystem = z.infer<typeof adminSystemSchema>;
