import { randomBytes } from 'node:crypto';
import { YOUR_DATA_LIMITS } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { DataExportRow } from '../../db/schema/index';
import { exportFilesFor, type ExportFiles } from '../../lib/storage/index';
import { findUserById } from '../users/users.service';
import { dataExportReadyEmail } from './data-export.emails';
import {
  claimPendingExport,
  deleteExpiredTickets,
  deleteExport,
  findExpiredExports,
  markExportReady,
  releaseFailedBuild,
} from './data-export.repository';
import { writeExportZip } from './data-export.zip';

export type ExportJobContext = Pick<AppContext, 'db' | 'config' | 'transaction' | 'log' | 'storage'>;

/** A builder holds a claimed export this long; a crash or restart frees it for the next run. */
export const EXPORT_LEASE_MS = 15 * 60 * 1000;
/** Builds tried before an export is marked failed. */
export const EXPORT_MAX_ATTEMPTS = 3;
const KEPT_MS = YOUR_DATA_LIMITS.exportKeptDays * 24 * 60 * 60 * 1000;
const PURGE_BATCH = 100;

export type ExportRunReport = { built: number; failed: number; purged: number };

/** Builds one claimed export; on success it becomes ready and the owner is e-mailed in the same transaction. */
async function buildClaimed(ctx: ExportJobContext, files: ExportFiles, claimed: DataExportRow, now: () => Date): Promise<boolean> {
  const key = `${claimed.userId}/${claimed.id}-${randomBytes(8).toString('hex')}.zip`;
  try {
    const sizeBytes = await writeExportZip(ctx.db, ctx.storage, files, claimed.userId, key);
    const readyAt = now();
    const expiresAt = new Date(readyAt.getTime() + KEPT_MS);
    const ready = await ctx.transaction(async (work) => {
      const { tx } = work;
      const row = await markExportReady(tx, claimed, { fileKey: key, sizeBytes, readyAt, expiresAt });
      const person = row ? await findUserById(tx, row.userId) : null;
      if (!row || !person) return false;
      await work.sendMail(dataExportReadyEmail(ctx.config, person, expiresAt));
      return true;
    });
    // The person was deleted (or another builder took over) meanwhile: this file is nobody's.
    if (!ready) await files.remove(key);
    return true;
  } catch (error) {
    ctx.log.warn({ err: error, exportId: claimed.id, attempt: claimed.attempts }, 'Data export build failed');
    // A store that is down cannot remove either (nothing complete was written there): the build is still released.
    await files
      .remove(key)
      .catch((removeError: unknown) => ctx.log.warn({ err: removeError, key }, 'Could not remove a failed export file'));
    const failed = claimed.attempts >= EXPORT_MAX_ATTEMPTS;
    await releaseFailedBuild(
      ctx.db,
      claimed,
      failed ? { failed: true, expiresAt: new Date(now().getTime() + KEPT_MS) } : { failed: false },
    );
    return false;
  }
}

/** Deletes the files and rows of exports whose 7 days are over (ready and failed ones), and tickets nobody used. */
export async function purgeExpiredExports(ctx: Pick<ExportJobContext, 'db'>, files: ExportFiles, now: Date): Promise<number> {
  await deleteExpiredTickets(ctx.db, now);
  let purged = 0;
  for (;;) {
    const expired = await findExpiredExports(ctx.db, now, PURGE_BATCH);
    for (const row of expired) {
      if (row.fileKey) await files.remove(row.fileKey);
      await deleteExport(ctx.db, row.id);
    }
    purged += expired.length;
    if (expired.length < PURGE_BATCH) return purged;
  }
}

/**
 * One run of the export worker: purges what expired, then builds pending exports one at a time
 * until none is left (at most `maxBuilds`). State lives in the database, so any instance may run
 * it, and a restart picks up pending rows again once their lease is over.
 */
export async function runExportJobs(
  ctx: ExportJobContext,
  options: { now?: () => Date; maxBuilds?: number } = {},
): Promise<ExportRunReport> {
  const now = options.now ?? (() => new Date());
  const files = exportFilesFor(ctx.config);
  const report: ExportRunReport = { built: 0, failed: 0, purged: await purgeExpiredExports(ctx, files, now()) };
  for (let i = 0; i < (options.maxBuilds ?? 20); i += 1) {
    const started = now();
    const claimed = await claimPendingExport(ctx.db, started, new Date(started.getTime() + EXPORT_LEASE_MS));
    if (!claimed) break;
    if (await buildClaimed(ctx, files, claimed, now)) report.built += 1;
    else report.failed += 1;
  }
  return report;
}
