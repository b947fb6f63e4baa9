import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventMessages, users, type EventMessageRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsFor } from '../users/index';

/** A discussion message with its author. */
export type EventMessageListRow = Pick<EventMessageRow, 'id' | 'text' | 'createdAt' | 'eventId'> & { author: UserSummaryRow };

export type EventMessageSearch = {
  /** Who is looking: authors' e-mails as they may read them. */
  viewer: Viewer;
  eventId: number;
  /** Messages strictly older than this position (newest-first keyset). */
  before?: CursorPosition;
  messageId?: number;
  take: number;
};

/** The query of findEventMessages, unexecuted (tests EXPLAIN it): served by event_messages_event_created_idx. */
export function eventMessagesQuery(db: Executor, search: EventMessageSearch) {
  const conditions: SQL[] = [eq(eventMessages.eventId, search.eventId)];
  if (search.messageId !== undefined) conditions.push(eq(eventMessages.id, search.messageId));
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${eventMessages.createdAt}, ${eventMessages.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({
      id: eventMessages.id,
      text: eventMessages.text,
      createdAt: eventMessages.createdAt,
      eventId: eventMessages.eventId,
      author: userSummaryColumnsFor(search.viewer),
    })
    .from(eventMessages)
    .innerJoin(users, eq(users.id, eventMessages.userId))
    .where(and(...conditions))
    .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id))
    .limit(search.take);
}

/** Messages of an event newest first, with their authors. */
export function findEventMessages(db: Executor, search: EventMessageSearch): Promise<EventMessageListRow[]> {
  return eventMessagesQuery(db, search).execute();
}

export async function insertEventMessage(
  db: Executor,
  values: { eventId: number; userId: number; text: string },
): Promise<EventMessageRow> {
  const [row] = await db.insert(eventMessages).values(values).returning();
  if (!row) throw new Error('insertEventMessage: no row returned');
  return row;
}
