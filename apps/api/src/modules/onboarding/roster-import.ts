import { ROSTER_LIMITS } from '@alumlink/contract';
import type { AppContext, UnitOfWork } from '../../app-context';
import type { UserRow } from '../../db/schema/index';
import { auditLabelOf, writeAuditLog, writeAuditLogEntries, type AuditEntryInput } from '../audit-log/index';
import type { MailMessage } from '../../lib/mailer/index';
import { invitationEmail } from './invitation-email';
import { expiryFrom, inviterName, newToken } from './invitations.service';
import { readRosterBatches, type RosterRecord } from './roster-csv';
import { CohortCache, countKey, DEFAULT_ROSTER_ROLE, planBatch, type RowPlan } from './roster-plan';
import * as repository from './roster.repository';

export type Admin = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>;

/** Imports running in this process (the app waits for them when it closes). */
const running = new Set<Promise<void>>();

/** Waits for this process's imports to end (the app's onClose). */
export async function settleRunningImports(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

const rejectOf = (importId: number, record: RosterRecord, message: string) => ({
  importId,
  line: record.line,
  email: record.email,
  firstName: record.first_name,
  lastName: record.last_name,
  role: record.role,
  cohort: record.cohort,
  message,
});

/**
 * Writes one planned batch in `tx`: invitations (with their e-mails in the outbox), role raises
 * and cohort moves set-based, audit entries, rejected rows, and the import's counts. Re-plans
 * inside the transaction, so what it writes follows the database as it is now.
 */
async function writeBatch(work: UnitOfWork, importId: number, admin: Admin, plans: RowPlan[], now: Date): Promise<void> {
  const { tx } = work;
  const label = inviterName(admin);
  const emails: MailMessage[] = [];
  const audit: AuditEntryInput[] = [];
  const invites = plans.filter((row) => row.action === 'invite');
  const tokens = invites.map(() => newToken());
  const created = await repository.insertInvitations(
    tx,
    invites.map((plan, index) => ({
      email: plan.email,
      firstName: plan.record.first_name,
      lastName: plan.record.last_name,
      role: plan.role ?? DEFAULT_ROSTER_ROLE,
      cohortId: plan.cohort?.id ?? null,
      tokenHash: tokens[index]?.tokenHash ?? '',
      invitedById: admin.id,
      invitedByLabel: label,
      expiresAt: expiryFrom(now),
      createdAt: now,
    })),
  );
  created.forEach((row, index) => {
    const plan = invites[index];
    const token = tokens[index]?.token;
    if (!plan || !token) return;
    emails.push(
      invitationEmail(
        work.ctx.config,
        { email: row.email, firstName: row.firstName, role: row.role, invitedBy: label, cohort: plan.cohort?.name ?? null },
        token,
      ),
    );
    audit.push({
      actor: admin,
      action: 'invitation.create',
      target: { type: 'invitation', id: row.id, label: row.email },
      details: { role: row.role, cohort_id: row.cohortId, roster_import: importId },
    });
  });
  const updates = plans.filter((row) => row.action === 'update' && row.userId !== null);
  await repository.raiseRoles(
    tx,
    updates.flatMap((row) => (row.role && row.userId ? [{ id: row.userId, role: row.role }] : [])),
    now,
  );
  await repository.setMemberships(
    tx,
    updates.flatMap((row) => (row.cohort && row.userId ? [{ userId: row.userId, cohortId: row.cohort.id, year: row.cohort.year }] : [])),
    now,
  );
  for (const row of updates) {
    audit.push({
      actor: admin,
      action: 'roster.update',
      target: { type: 'user', id: row.userId ?? 0, label: row.email },
      details: { role: row.role, cohort_id: row.cohort?.id ?? null, roster_import: importId },
    });
  }
  await work.sendMail(...emails);
  await writeAuditLogEntries(tx, audit);
  const rejected = plans.filter((row) => row.errors.length > 0);
  await repository.insertRejects(
    tx,
    rejected.map((row) => rejectOf(importId, row.record, row.errors.join(' '))),
  );
  const count = (key: ReturnType<typeof countKey>) => plans.filter((row) => countKey(row) === key).length;
  await repository.addBatchTotals(
    tx,
    importId,
    { processed: plans.length, invited: count('invite'), updated: count('update'), skipped: count('skip'), rejected: count('error') },
    now,
  );
}

/**
 * One batch in one transaction. Should the transaction fail as a whole (a row someone changed
 * meanwhile, say), each of its rows is tried in a transaction of its own and a row that still
 * fails is rejected: a bad row never half-writes, and never takes its batch down with it.
 */
async function importBatch(
  ctx: AppContext,
  importId: number,
  admin: Admin,
  records: RosterRecord[],
  seen: Map<string, number>,
  cohorts: CohortCache,
): Promise<void> {
  const before = new Map(seen);
  try {
    await ctx.transaction(async (work) =>
      writeBatch(work, importId, admin, await planBatch(work.tx, records, seen, cohorts, new Date()), new Date()),
    );
    return;
  } catch (error) {
    ctx.log.warn({ err: error, importId }, 'roster import: a batch failed; trying its rows one by one');
  }
  seen.clear();
  for (const [email, line] of before) seen.set(email, line);
  for (const record of records) {
    try {
      await ctx.transaction(async (work) =>
        writeBatch(work, importId, admin, await planBatch(work.tx, [record], seen, cohorts, new Date()), new Date()),
      );
    } catch (error) {
      ctx.log.warn({ err: error, importId, line: record.line }, 'roster import: a row failed');
      await ctx.db.transaction(async (tx) => {
        await repository.insertRejects(tx, [rejectOf(importId, record, 'This row could not be saved; try it again.')]);
        await repository.addBatchTotals(tx, importId, { processed: 1, invited: 0, updated: 0, skipped: 0, rejected: 1 }, new Date());
      });
    }
  }
}

/** Runs an import to its end: batches of ROSTER_LIMITS.batchSize rows, streamed from the file. */
export async function runImport(
  ctx: AppContext,
  importId: number,
  admin: Admin,
  file: Buffer,
  batchSize: number = ROSTER_LIMITS.batchSize,
): Promise<void> {
  const seen = new Map<string, number>();
  const cohorts = new CohortCache();
  try {
    for await (const records of readRosterBatches(file, batchSize)) await importBatch(ctx, importId, admin, records, seen, cohorts);
    const totals = await repository.findImport(ctx.db, importId);
    await ctx.db.transaction(async (tx) => {
      await repository.finishImport(tx, importId, 'done', new Date());
      await writeAuditLog(tx, {
        actor: admin,
        action: 'roster.import_done',
        target: { type: 'roster_import', id: importId, label: auditLabelOf(admin) },
        details: { invited: totals?.invited, updated: totals?.updated, skipped: totals?.skipped, rejected: totals?.rejected },
      });
    });
  } catch (error) {
    ctx.log.error({ err: error, importId }, 'roster import failed');
    await repository.finishImport(
      ctx.db,
      importId,
      'failed',
      new Date(),
      'The import stopped on an unexpected error; the rows before it were imported.',
    );
  }
}

/** Starts `runImport` after the answer, in this process; the app's close waits for it. */
export function runInBackground(ctx: AppContext, importId: number, admin: Admin, file: Buffer): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runImport(ctx, importId, admin, file))
    .catch((error: unknown) => ctx.log.error({ err: error, importId }, 'roster import: could not record its end'));
  running.add(run);
  void run.finally(() => running.delete(run));
}
