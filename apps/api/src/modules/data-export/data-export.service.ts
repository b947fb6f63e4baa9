import {
  YOUR_DATA_LIMITS,
  YOUR_DATA_MESSAGES,
  type DataExport,
  type DataExportTicket,
  type StartDataExportResponse,
} from '@alumlink/contract';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { notFound, tooManyRequests } from '../../lib/errors';
import type { ExportFiles } from '../../lib/storage/index';
import type { DataExportRow } from '../../db/schema/index';
import { presentDataExport } from './data-export.presenter';
import { mintDownloadUrl, redeemTicket } from './data-export.ticket';
import { findExport, findLatestExport, findRecentExport, insertExport, lockPerson } from './data-export.repository';

const HOUR_MS = 60 * 60 * 1000;
const exportNotFound = () => notFound(YOUR_DATA_MESSAGES.downloadNotFound, 'not_found');

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
  return { detail: YOUR_DATA_MESSAGES.exportStarted, export: presentDataExport(row, now) };
}

/** GET /api/account/export/: the latest export, or null. */
export async function getLatestExport(ctx: AppContext, caller: AuthUser): Promise<DataExport | null> {
  const row = await findLatestExport(ctx.db, caller.id);
  return row ? presentDataExport(row) : null;
}

/** A ready, unexpired export of `ownerId` with its file, or the one 404 (whatever is wrong: nothing about others is told). */
async function openReadyFile(
  ctx: AppContext,
  files: ExportFiles,
  row: DataExportRow | null,
  ownerId: number | null,
  now: Date,
): Promise<{ stream: Readable; size: number; requestedAt: Date }> {
  if (!row || (ownerId !== null && row.userId !== ownerId)) throw exportNotFound();
  if (row.status !== 'ready' || !row.fileKey || !row.expiresAt || row.expiresAt <= now) throw exportNotFound();
  const file = await files.open(row.fileKey);
  if (!file) throw exportNotFound();
  return { ...file, requestedAt: row.requestedAt };
}

/**
 * GET /api/account/export/{id}/download/: the zip, for its owner's bearer token only (the route
 * answers 401 without one) while it is ready and not expired. Anything else is one 404 (a wrong
 * id, someone else's export, an expired or purged one), so the route tells nothing about others.
 */
export async function openExportDownload(
  ctx: AppContext,
  files: ExportFiles,
  caller: AuthUser,
  id: number,
  now: Date = new Date(),
): Promise<{ stream: Readable; size: number; requestedAt: Date }> {
  return openReadyFile(ctx, files, await findExport(ctx.db, id), caller.id, now);
}

/** POST /api/account/export/{id}/ticket/: a one-time URL (≤ 60 s) for the owner's browser; 404 as the download. */
export async function createDownloadTicket(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  now: Date = new Date(),
): Promise<DataExportTicket> {
  const row = await findExport(ctx.db, id);
  if (!row || row.userId !== caller.id || row.status !== 'ready' || !row.expiresAt || row.expiresAt <= now) throw exportNotFound();
  return mintDownloadUrl(ctx, row, now);
}

/** GET /api/account/export/tickets/{ticket}/: the zip once per ticket; a used, expired or unknown ticket is 404. */
export async function openTicketDownload(
  ctx: AppContext,
  files: ExportFiles,
  ticket: string,
  now: Date = new Date(),
): Promise<{ stream: Readable; size: number; requestedAt: Date }> {
  const exportId = await redeemTicket(ctx.db, ticket, now);
  if (exportId === null) throw exportNotFound();
  return openReadyFile(ctx, files, await findExport(ctx.db, exportId), null, now);
}

/** For account deletion: its exports' files, and the lock that orders it after a running export. */
export { exportFileKeysOf, lockPerson } from './data-export.repository';
