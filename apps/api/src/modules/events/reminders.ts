import { EVENT_LIMITS } from '@alumlink/contract';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { eventRegistrations, events, users } from '../../db/schema/index';
import { eventReminderEmail } from './reminder-email';

/** Registrations claimed per transaction (the loop continues until none are due). */
const BATCH_SIZE = 100;
const LEAD_MS = EVENT_LIMITS.reminderLeadHours * 60 * 60 * 1000;

type DueReminder = {
  eventId: number;
  userId: number;
  title: string;
  startsAt: Date;
  host: string;
  email: string;
  firstName: string;
};

/**
 * Locks up to BATCH_SIZE due registrations (no reminder yet, event starting within the lead time
 * and not started) with FOR UPDATE SKIP LOCKED: rows another instance holds are skipped, and once
 * it commits they are no longer due. Served by events_starts_at_idx and the partial
 * event_registrations_reminder_due_idx.
 */
function claimDueReminders(tx: Executor, now: Date): Promise<DueReminder[]> {
  return tx
    .select({
      eventId: eventRegistrations.eventId,
      userId: eventRegistrations.userId,
      title: events.title,
      startsAt: events.startsAt,
      host: events.host,
      email: users.email,
      firstName: users.firstName,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        isNull(eventRegistrations.reminderSentAt),
        // The waitlisted are reminded once promoted (their row keeps reminder_sent_at null until then).
        eq(eventRegistrations.status, 'registered'),
        gt(events.startsAt, now),
        lte(events.startsAt, new Date(now.getTime() + LEAD_MS)),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(events.startsAt), asc(eventRegistrations.eventId), asc(eventRegistrations.userId))
    .limit(BATCH_SIZE)
    .for('update', { of: eventRegistrations, skipLocked: true });
}

async function markReminded(tx: Executor, eventId: number, userIds: number[], now: Date): Promise<void> {
  await tx
    .update(eventRegistrations)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.userId, userIds),
        sql`${eventRegistrations.reminderSentAt} is null`,
      ),
    );
}

/**
 * E-mails every registered person whose event starts within the next 24 hours, exactly once:
 * each batch is claimed, queued in the outbox and marked sent in one transaction, so several
 * server instances (or a restart mid-way) never send a reminder twice nor lose one.
 * Returns the number of reminders queued.
 */
export async function sendDueEventReminders(ctx: Pick<AppContext, 'config' | 'transaction'>, now: Date = new Date()): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await ctx.transaction(async (work) => {
      const { tx } = work;
      const due = await claimDueReminders(tx, now);
      const byEvent = new Map<number, number[]>();
      for (const reminder of due) {
        await work.sendMail(eventReminderEmail(ctx.config, reminder));
        byEvent.set(reminder.eventId, [...(byEvent.get(reminder.eventId) ?? []), reminder.userId]);
      }
      for (const [eventId, userIds] of byEvent) await markReminded(tx, eventId, userIds, now);
      return due.length;
    });
    queued += batch;
    if (batch < BATCH_SIZE) break;
  }
  return queued;
}
