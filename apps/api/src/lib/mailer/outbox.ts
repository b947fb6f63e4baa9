import { and, asc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { outgoingEmails, type OutgoingEmailRow } from '../../db/schema/index';
import type { MailMessage } from './transports';

/** After this many failed attempts a message is given up (status failed). */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** A claimed message is not claimed again for this long (another instance may be sending it). */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** Messages one claim takes (one instance sends them within the lease). */
export const CLAIM_BATCH_SIZE = 20;
/** Delivered and given-up messages are deleted this long after they were written. */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** What a delivered message's body becomes when the outbox must not keep it (it held a code). */
export const REDACTED_BODY = '[Removed after delivery.]';

/** Once sent (or given up), drop the body too: true unless the dev mailbox is the delivery. */
export type Redaction = { redactBody: boolean };

const redactedBody = { textBody: REDACTED_BODY, htmlBody: null } as const;

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, ... capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** The outbox row of a message (status queued by default). */
export function outboxRowOf(message: MailMessage) {
  return {
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    headers: message.headers ?? null,
  };
}

/** The outbox columns of a message, by the names outboxInsertSql reads; all null for no message. */
export function outboxParams(message: MailMessage | null) {
  const row = message ? outboxRowOf(message) : null;
  return {
    toAddress: row?.toAddress ?? null,
    subject: row?.subject ?? null,
    textBody: row?.textBody ?? null,
    htmlBody: row?.htmlBody ?? null,
    headers: row?.headers ? JSON.stringify(row.headers) : null,
  };
}

/**
 * The outbox write of a statement that queues a message with another write (a stored
 * notification's instant e-mail): an `insert ... select` for a data-modifying CTE, one row per
 * row of `source` when toAddress is not null. `param` gives each outboxParams name as SQL (a
 * placeholder of a prepared statement, or its value). The caller's scope wakes the mailer
 * (`mailQueued`). With enqueueEmail(s), the only writes to the outbox's table.
 */
export function outboxInsertSql(param: (name: keyof ReturnType<typeof outboxParams>) => unknown, source: SQL): SQL {
  return sql`insert into ${outgoingEmails} (to_address, subject, text_body, html_body, headers)
    select ${param('toAddress')}::text, ${param('subject')}::text, ${param('textBody')}::text,
      ${param('htmlBody')}::text, ${param('headers')}::jsonb
    from ${source} where ${param('toAddress')}::text is not null`;
}

/** Many messages in one statement (digests queue a batch at a time). */
export async function enqueueEmails(db: Executor, messages: MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outgoingEmails).values(messages.map(outboxRowOf));
}

/**
 * enqueueEmail as a statement prepared once on `db` (never inside a transaction), for the
 * outbox writes of hot routes (a message's instant e-mail).
 */
export function prepareEnqueueEmail(db: Database, name: string): (message: MailMessage) => Promise<void> {
  const statement = db
    .insert(outgoingEmails)
    .values({
      toAddress: sql.placeholder('toAddress'),
      subject: sql.placeholder('subject'),
      textBody: sql.placeholder('textBody'),
      htmlBody: sql.placeholder('htmlBody'),
      headers: sql.placeholder('headers'),
    })
    .prepare(name);
  return async (message) => {
    await statement.execute(outboxRowOf(message));
  };
}

/** Writes a message to the outbox (status queued). Pass the action's transaction. */
export async function enqueueEmail(db: Executor, message: MailMessage): Promise<number> {
  const [row] = await db.insert(outgoingEmails).values(outboxRowOf(message)).returning({ id: outgoingEmails.id });
  if (!row) throw new Error('enqueueEmail: no row returned');
  return row.id;
}

/** The statements of every delivery, prepared once per database (lib/mailer's delivery runs). */
export type OutboxDelivery = {
  /**
   * Claims up to CLAIM_BATCH_SIZE due queued messages: one statement that locks them with FOR
   * UPDATE SKIP LOCKED, counts the attempt and leases them, so parallel instances never send one
   * message twice. `= any(array(...))` runs the locking subquery once: as `in (...)` PostgreSQL may
   * rescan it per row, skip the rows this statement just updated and so claim the whole queue,
   * more than one instance sends within the lease (after which another would send them again).
   */
  claimDue(now: Date): Promise<OutgoingEmailRow[]>;
  /** Marks a message sent (and drops its body when `redactBody`). */
  markSent(id: number, now: Date): Promise<void>;
};

/**
 * The outbox's delivery statements, prepared (a message's e-mail is claimed and marked sent
 * right after the request that wrote it: built per call, they were parsed and planned by
 * PostgreSQL every time, a tenth of the database's work in the mixed bench).
 */
export function prepareOutboxDelivery(db: Database, { redactBody }: Redaction): OutboxDelivery {
  const now = sql.placeholder('now');
  const due = db
    .select({ id: outgoingEmails.id })
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.status, 'queued'), lte(outgoingEmails.nextAttemptAt, sql`${now}::timestamptz`)))
    .orderBy(asc(outgoingEmails.nextAttemptAt), asc(outgoingEmails.id))
    .limit(CLAIM_BATCH_SIZE)
    .for('update', { skipLocked: true });
  const claim = db
    .update(outgoingEmails)
    .set({ attempts: sql`${outgoingEmails.attempts} + 1`, nextAttemptAt: sql`${sql.placeholder('leaseUntil')}::timestamptz` })
    .where(and(sql`${outgoingEmails.id} = any(array(${due}))`, eq(outgoingEmails.status, 'queued')))
    .returning()
    .prepare('outbox_claim_due');
  const sent = db
    .update(outgoingEmails)
    .set({ status: 'sent', sentAt: sql`${now}::timestamptz`, lastError: null, ...(redactBody ? redactedBody : {}) })
    .where(eq(outgoingEmails.id, sql`${sql.placeholder('id')}::integer`))
    .prepare(redactBody ? 'outbox_mark_sent_redacted' : 'outbox_mark_sent');
  return {
    claimDue: (at) => claim.execute({ now: at.toISOString(), leaseUntil: new Date(at.getTime() + CLAIM_LEASE_MS).toISOString() }),
    markSent: async (id, at) => {
      await sent.execute({ id, now: at.toISOString() });
    },
  };
}

/** Schedules a retry with backoff, or gives the message up after MAX_DELIVERY_ATTEMPTS. */
export async function markFailed(db: Database, row: OutgoingEmailRow, error: string, now: Date, { redactBody }: Redaction): Promise<void> {
  const givenUp = row.attempts >= MAX_DELIVERY_ATTEMPTS;
  await db
    .update(outgoingEmails)
    .set({
      status: givenUp ? 'failed' : 'queued',
      lastError: error.slice(0, 1000),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
      ...(givenUp && redactBody ? redactedBody : {}),
    })
    .where(eq(outgoingEmails.id, row.id));
}

/** Deletes sent and given-up messages written before `before`; queued ones stay. Returns how many. */
export async function purgeFinishedEmails(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(outgoingEmails)
    .where(and(inArray(outgoingEmails.status, ['sent', 'failed']), lt(outgoingEmails.createdAt, before)))
    .returning({ id: outgoingEmails.id });
  return deleted.length;
}

export type OutboxStats = {
  /** Messages waiting to be sent (queued, including those waiting for a retry). */
  pending: number;
  /** When the oldest of them was written; null when none waits. */
  oldestAt: Date | null;
  /**
   * Messages given up (failed after the last attempt) in the 24 hours before `now`. A given-up
   * message keeps the retry time it would have had, so this counts by that time: near enough.
   */
  failed24h: number;
};

/** What the outbox holds now (the System page and /metrics): one statement. */
export async function readOutboxStats(db: Database, now: Date): Promise<OutboxStats> {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outgoingEmails.status} = 'queued')::int`,
      oldestAt: sql<string | Date | null>`min(${outgoingEmails.createdAt}) filter (where ${outgoingEmails.status} = 'queued')`,
      failed24h: sql<number>`count(*) filter (where ${outgoingEmails.status} = 'failed' and ${outgoingEmails.nextAttemptAt} >= ${since.toISOString()})::int`,
    })
    .from(outgoingEmails)
    .where(inArray(outgoingEmails.status, ['queued', 'failed']));
  return {
    pending: Number(row?.pending ?? 0),
    oldestAt: row?.oldestAt ? new Date(row.oldestAt) : null,
    failed24h: Number(row?.failed24h ?? 0),
  };
}
