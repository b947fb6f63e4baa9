import { YOUR_DATA_LIMITS, YOUR_DATA_MESSAGES, type DataExport, type StartDataExportResponse } from '@alumlink/contract';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { notFound, tooManyRequests } from '../../lib/errors';
import type { ExportFiles } from '../../lib/storage/index';
import { isValidDownloadToken } from './data-export.link';
import { presentDataExport } from './data-export.presenter';
import { findExport, findLatestExport, findRecentExport, insertExport, lockPerson } from './data-export.repository';

const HOUR_MS = 60 * 60 * 1000;
const exportNotFound = () => notFound('This download link is not valid or has expired.', 'not_found');

/** "in 5 hours", "in 1 hour", "in less than an hour". */
function hoursLeftText(ms: number): string {
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 1) return 'less than an hour';
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * POST /api/account/export/: asks for a new export (built in the background), at most one per
 * 24 hours (a failed one does not count). The person's row is locked for the check and insert, so
 * two requests at once give one export and one 429.
 */
export async function startExport(ctx: AppContext, caller: AuthUser, now: Date = new Date()): Promise<StartDataExportResponse> {
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await lockPerson(tx, caller.id))) throw notFound();
    const recent = await findRecentExport(tx, caller.id, new Date(now.getTime() - YOUR_DATA_LIMITS.exportEveryHours * HOUR_MS));
    if (recent) {
      const nextAt = recent.requestedAt.getTime() + YOUR_DATA_LIMITS.exportEveryHours * HOUR_MS;
      throw tooManyRequests(YOUR_DATA_MESSAGES.exportTooSoon.replace('{hours}', hoursLeftText(nextAt - now.getTime())), 'export_too_soon');
    }
    return insertExport(tx, caller.id, now);
  });
  return { detail: YOUR_DATA_MESSAGES.exportStarted, export: presentDataExport(ctx.config.jwtSecret, row, now) };
}

/** GET /api/account/export/: the latest export, or null. */
export async function getLatestExport(ctx: AppContext, caller: AuthUser): Promise<DataExport | null> {
  const row = await findLatestExport(ctx.db, caller.id);
  return row ? presentDataExport(ctx.config.jwtSecret, row) : null;
}

/**
 * GET /api/account/export/{id}/download/?token=: the zip, for the holder of the export's signed
 * link while it is ready and not expired. Anything else is one 404 (a wrong id, someone else's
 * export, a bad token, an expired or purged one), so the route tells nothing about other people.
 */
export async function openExportDownload(
  ctx: AppContext,
  files: ExportFiles,
  id: number,
  token: string | undefined,
  now: Date = new Date(),
): Promise<{ stream: Readable; size: number; requestedAt: Date }> {
  if (!token) throw exportNotFound();
  const row = await findExport(ctx.db, id);
  if (!row || row.status !== 'ready' || !row.fileKey || !row.expiresAt || row.expiresAt <= now) throw exportNotFound();
  if (!isValidDownloadToken(ctx.config.jwtSecret, row, token)) throw exportNotFound();
  const file = await files.open(row.fileKey);
  if (!file) throw exportNotFound();
  return { ...file, requestedAt: row.requestedAt };
}

/** For account deletion: its exports' files, and the lock that orders it after a running export. */
export { exportFileKeysOf, lockPerson } from './data-export.repository';
