import type { Readable } from 'node:stream';
import {
  ROSTER_LIMITS,
  ROSTER_MESSAGES,
  type PageQuery,
  type RosterImport,
  type RosterImportPage,
  type RosterPreview,
} from '@alumlink/contract';
import { stringify } from 'csv-stringify';
import type { AppContext } from '../../app-context';
import type { RosterImportRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { writeAuditLog } from '../audit-log/index';
import { findUserById } from '../users/users.service';
import { inviterName } from './invitations.service';
import { countRosterRows, readRosterBatches } from './roster-csv';
import { runInBackground, type Admin } from './roster-import';
import { CohortCache, countKey, planBatch } from './roster-plan';
import * as repository from './roster.repository';

/** A running import whose heartbeat is older than this has lost its process (a batch takes about a second). */
export const ROSTER_STALE_MS = 2 * 60_000;
/** Finished imports and their rejected rows (other people's addresses) are kept this long. */
export const ROSTER_RETENTION_MS = 30 * 24 * 60 * 60_000;
export const STALE_FAILURE =
  'The server running this import stopped before it finished. The rows before that were imported: upload the file again to import the rest (rows already imported are skipped or updated).';

async function adminOf(ctx: AppContext, actor: AuthUser): Promise<Admin> {
  const row = await findUserById(ctx.db, actor.id);
  // authenticate just found this person; gone now means deleted meanwhile.
  if (!row) throw forbidden();
  return row;
}

/** What each row of a roster would do; nothing is written. Streams the upload in batches. */
export async function previewRoster(ctx: AppContext, source: Readable | Buffer, now: Date = new Date()): Promise<RosterPreview> {
  const seen = new Map<string, number>();
  const cohorts = new CohortCache();
  const preview: RosterPreview = { rows: [], counts: { invite: 0, update: 0, skip: 0, error: 0 } };
  for await (const records of readRosterBatches(source)) {
    for (const plan of await planBatch(ctx.db, records, seen, cohorts, now)) {
      preview.rows.push({ line: plan.record.line, email: plan.email, action: plan.action, errors: plan.errors, note: plan.note });
      preview.counts[countKey(plan)] += 1;
    }
  }
  return preview;
}

/**
 * Starts an import: the file (read whole, at most ROSTER_LIMITS.maxBytes) is checked and counted
 * before the answer, so a missing header or too many rows is a 400 and nothing is recorded; then
 * this process runs it in the background.
 */
export async function startImport(ctx: AppContext, actor: AuthUser, file: Buffer, fileName: string): Promise<{ id: number }> {
  const admin = await adminOf(ctx, actor);
  const total = await countRosterRows(file);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertImport(tx, {
      adminId: admin.id,
      adminLabel: inviterName(admin),
      fileName: fileName.slice(0, 200),
      total,
    });
    await writeAuditLog(tx, {
      actor: admin,
      action: 'roster.import',
      target: { type: 'roster_import', id: created.id, label: created.fileName || 'roster' },
      details: { rows: total },
    });
    return created;
  });
  runInBackground(ctx, row.id, admin, file);
  return { id: row.id };
}

/** Running imports whose process died become failed (every instance does this when it looks; the sweep job too). */
export async function failStaleImports(ctx: AppContext, now: Date = new Date()): Promise<number> {
  return repository.failStaleImports(ctx.db, new Date(now.getTime() - ROSTER_STALE_MS), now, STALE_FAILURE);
}

function presentImport(row: RosterImportRow, errors: RosterImport['errors']): RosterImport {
  return {
    id: row.id,
    status: row.status as RosterImport['status'],
    counts: { invite: row.invited, update: row.updated, skip: row.skipped, error: row.rejected },
    errors,
    processed: row.processed,
    total: row.total,
    file_name: row.fileName,
    started_by: row.adminLabel,
    failure: row.failure,
    rejected_csv: `/api/admin/roster/imports/${row.id}/rejected.csv`,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function readImport(ctx: AppContext, id: number): Promise<RosterImport> {
  await failStaleImports(ctx);
  const row = await repository.findImport(ctx.db, id);
  if (!row) throw notFound(ROSTER_MESSAGES.importNotFound);
  const rejects = await repository.findRejects(ctx.db, id, 0, ROSTER_LIMITS.errorsShown);
  return presentImport(
    row,
    rejects.map((reject) => ({ line: reject.line, message: reject.message })),
  );
}

export async function listImports(ctx: AppContext, query: PageQuery): Promise<RosterImportPage> {
  await failStaleImports(ctx);
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findImports(ctx.db, { before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map((row) => presentImport(row, [])), next };
}

/** A cell a spreadsheet would run as a formula is shown as text (CSV injection). */
const asText = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** The rejected rows of an import as CSV (the file's columns plus `line` and `error`), streamed page by page. */
export async function rejectedCsv(ctx: AppContext, id: number): Promise<Readable> {
  if (!(await repository.findImport(ctx.db, id))) throw notFound(ROSTER_MESSAGES.importNotFound);
  const output = stringify({ header: true, columns: ['line', 'email', 'first_name', 'last_name', 'role', 'cohort', 'error'] });
  void (async () => {
    let after = 0;
    for (;;) {
      const page = await repository.findRejects(ctx.db, id, after, ROSTER_LIMITS.batchSize);
      for (const row of page) {
        const cells = [row.email, row.firstName, row.lastName, row.role, row.cohort, row.message].map(asText);
        if (!output.write([row.line, ...cells])) await new Promise((resolve) => output.once('drain', resolve));
      }
      const last = page.at(-1);
      if (!last || page.length < ROSTER_LIMITS.batchSize) break;
      after = last.line;
    }
    output.end();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** The sweep job's run: stale imports fail, old ones go. */
export async function sweepRosterImports(ctx: AppContext, now: Date): Promise<number> {
  const failed = await failStaleImports(ctx, now);
  await repository.purgeImportsBefore(ctx.db, new Date(now.getTime() - ROSTER_RETENTION_MS));
  return failed;
}
