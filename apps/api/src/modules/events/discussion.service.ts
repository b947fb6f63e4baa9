import type { EventMessage, EventMessagePage, PageQuery } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { forbidden, postgresErrorCode } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { presentUserSummary, withoutEmail } from '../users/users.presenter';
import { findEventMessages, insertEventMessage, type EventMessageListRow } from './discussion.repository';
import { canOnEvents } from './events.policy';
import { eventExists } from './events.repository';
import { eventNotFound } from './event-errors';

const FOREIGN_KEY_VIOLATION = '23503';

export function presentEventMessage(row: EventMessageListRow): EventMessage {
  return { id: row.id, text: row.text, created_at: row.createdAt.toISOString(), user: presentUserSummary(row.author) };
}

/** An event's live discussion, newest first (`next` goes back in time); signed-in people only. */
export async function listEventMessages(ctx: AppContext, viewer: AuthUser, eventId: number, query: PageQuery): Promise<EventMessagePage> {
  if (!canOnEvents(viewer, 'discuss')) throw forbidden();
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (!(await eventExists(ctx.db, eventId, viewer))) throw eventNotFound();
  const rows = await findEventMessages(ctx.db, { viewer, eventId, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentEventMessage), next };
}

/**
 * Saves a message (text already trimmed and checked by the contract) and sends it live to every
 * connected socket as `event.message` (without the author's e-mail), after it is stored.
 */
export async function postEventMessage(ctx: AppContext, author: AuthUser, eventId: number, text: string): Promise<EventMessage> {
  if (!canOnEvents(author, 'discuss')) throw forbidden();
  if (!(await eventExists(ctx.db, eventId, author))) throw eventNotFound();
  let messageId: number;
  try {
    messageId = (await insertEventMessage(ctx.db, { eventId, userId: author.id, text })).id;
  } catch (error) {
    // The event was deleted between the check and the insert.
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw eventNotFound();
    throw error;
  }
  const [row] = await findEventMessages(ctx.db, { viewer: author, eventId, messageId, take: 1 });
  if (!row) throw eventNotFound();
  const message = presentEventMessage(row);
  // Every socket gets it, so without the e-mail (people who may see it read it from the list).
  const live = { ...message, user: withoutEmail(message.user) };
  ctx.events.emit('event.message', { eventId, message: live });
  return message;
}
