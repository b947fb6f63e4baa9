import {
  MESSAGING_MESSAGES,
  type Conversation,
  type ConversationPage,
  type Message,
  type MessagePage,
  type PageQuery,
} from '@alumlink/contract';
import { workScopeOf, type AppContext, type UnitOfWork, type WorkScope } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { conflict, notFound, validation } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { notify } from '../notifications/notify.service';
import { markConversationNotificationsRead } from '../notifications/notifications.service';
import { newMessageNotice } from './messaging.notices';
import { presentConversation, presentLastMessage, presentMessage } from './messaging.presenter';
import * as repository from './messaging.repository';
import { sendMessageWithin, type SentMessage } from './message-send.sql';

/**
 * Only participants may see a conversation; for anyone else it does not exist (404, so ids of
 * other people's conversations reveal nothing).
 */
async function requireParticipation(ctx: AppContext, viewer: AuthUser, conversationId: number): Promise<repository.Participation> {
  const participation = await ctx.repositories.messaging.findParticipation(conversationId, viewer.id);
  if (!participation) throw notFound();
  return participation;
}

/** The caller's conversations, most recently active first. */
export async function listConversations(ctx: AppContext, viewer: AuthUser, query: PageQuery): Promise<ConversationPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await ctx.repositories.messaging.findConversations({ userId: viewer.id, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.activityAt, id: row.id }));
  return { results: items.map(presentConversation), next };
}

async function presentOneConversation(db: Executor, viewer: AuthUser, conversationId: number): Promise<Conversation> {
  const row = await repository.findListedConversation(db, viewer.id, conversationId);
  if (!row) throw notFound();
  return presentConversation(row);
}

/**
 * The conversation of the caller and `otherId`: the existing one (created false) or a new one,
 * which needs the other person's profile to be visible to the caller (404 otherwise).
 * Two simultaneous starts of the same pair end with one conversation: the second insert hits the
 * unique pair index, does nothing, and reads the first one's row.
 */
export async function startConversation(
  ctx: AppContext,
  viewer: AuthUser,
  otherId: number,
): Promise<{ conversation: Conversation; created: boolean }> {
  if (otherId === viewer.id) throw validation({ user_id: [MESSAGING_MESSAGES.notYourself] });
  if (!(await repository.isActiveUser(ctx.db, otherId))) throw notFound(MESSAGING_MESSAGES.userNotFound);
  let conversationId = await repository.findConversationIdOfPair(ctx.db, viewer.id, otherId);
  let created = false;
  if (conversationId === null) {
    // A new conversation would make the pair connections: only people who may see the other's
    // profile may open one, so Private and Only Connections cannot be bypassed this way.
    if (!(await ctx.repositories.visibility.canSeePerson(viewer, otherId))) throw notFound(MESSAGING_MESSAGES.userNotFound);
    const now = new Date();
    conversationId = await ctx.db.transaction((tx) => repository.insertConversation(tx, viewer.id, otherId, now));
    created = conversationId !== null;
    conversationId ??= await repository.findConversationIdOfPair(ctx.db, viewer.id, otherId);
  }
  if (conversationId === null) throw new Error('startConversation: the pair has no conversation after a conflict');
  return { conversation: await presentOneConversation(ctx.db, viewer, conversationId), created };
}

/**
 * A page of messages, newest first. Opening the conversation marks it read for the caller
 * (and its message notifications); their other sockets get `conversation.updated`.
 */
export async function listMessages(ctx: AppContext, viewer: AuthUser, conversationId: number, query: PageQuery): Promise<MessagePage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const participation = await requireParticipation(ctx, viewer, conversationId);
  const rows = await ctx.repositories.messaging.findMessages({ conversationId, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  if (participation.unreadCount > 0) {
    await ctx.repositories.messaging.markParticipantRead(conversationId, viewer.id);
    await markConversationNotificationsRead(ctx, viewer.id, conversationId);
    ctx.events.emit('conversation.updated', {
      userId: viewer.id,
      conversation: { conversation_id: conversationId, unread_count: 0, last_message: presentLastMessage(participation) },
    });
  }
  return { results: items.map(presentMessage), next };
}

/**
 * Stores the message and, in the same statement, the conversation's last message, the
 * recipient's unread count and both people's list order (404 for anyone but its two people,
 * 409 recipient_deleted once the other person deleted their account).
 * Then: `message.created` and `conversation.updated` to both, and a notification unless the
 * recipient is looking or an unread one of this conversation already tells them.
 */
export async function sendMessage(ctx: AppContext, sender: AuthUser, conversationId: number, content: string): Promise<Message> {
  const sent = await ctx.repositories.messaging.sendMessage({ conversationId, senderId: sender.id, content, createdAt: new Date() });
  if (!sent) {
    // Not a participant (404), or the other person deleted their account: nobody would read it.
    const participation = await requireParticipation(ctx, sender, conversationId);
    if (participation.otherUserId === null) throw conflict(MESSAGING_MESSAGES.recipientDeleted, 'recipient_deleted');
    throw notFound();
  }
  const { recipientId } = sent;
  const presented = announceSent(workScopeOf(ctx), sender.id, sent);
  // The message is committed and delivered: a failing notification must not turn that into an
  // error the sender would retry (and so duplicate the message).
  await tellRecipient(ctx, {
    recipientId,
    sender: sent.sender,
    conversationId,
    delivery: sent.recipientDelivery,
    alreadyNotified: sent.recipientNotified,
    unreadBefore: sent.recipientUnread - 1,
  }).catch((error: unknown) => {
    console.warn('Could not create the new-message notification', error);
  });
  return presented;
}

/**
 * The conversation of two people, opened when they have none (for the mentoring module, where
 * the mentor's acceptance is the consent: no visibility check). Pass the caller's transaction;
 * a concurrent open of the same pair ends with one row (the unique pair index).
 */
export async function openConversationBetween(db: Executor, starterId: number, otherId: number): Promise<number> {
  const existing = await repository.findConversationIdOfPair(db, starterId, otherId);
  if (existing !== null) return existing;
  const created = await repository.insertConversation(db, starterId, otherId, new Date());
  const id = created ?? (await repository.findConversationIdOfPair(db, starterId, otherId));
  if (id === null) throw new Error('openConversationBetween: the pair has no conversation after a conflict');
  return id;
}

/** `message.created` and `conversation.updated` to both people of a stored message. */
function announceSent(work: WorkScope, senderId: number, sent: SentMessage): Message {
  const { message, recipientId } = sent;
  const presented = presentMessage(message);
  const lastMessage = { content: message.content, timestamp: presented.timestamp, sender_id: senderId };
  work.emit('message.created', { userIds: [senderId, recipientId], message: presented });
  for (const [userId, unread] of [
    [senderId, sent.senderUnread],
    [recipientId, sent.recipientUnread],
  ] as const) {
    work.emit('conversation.updated', {
      userId,
      conversation: { conversation_id: message.conversationId, unread_count: unread, last_message: lastMessage },
    });
  }
  return presented;
}

/**
 * A message written in another module's unit of work (the mentoring accept carries the request
 * into the conversation): the same statement as a send, its events once the unit committed, no
 * notification (the caller's own notice tells the recipient). Null when the sender may not write there.
 */
export async function sendMessageInWork(
  work: UnitOfWork,
  values: { conversationId: number; senderId: number; content: string },
): Promise<Message | null> {
  const sent = await sendMessageWithin(work.tx, { ...values, createdAt: new Date() });
  return sent ? announceSent(work, values.senderId, sent) : null;
}

/**
 * A new message's notification, unless an earlier message of the conversation already told the
 * recipient (one unread notification per conversation is enough, until they open it) or one of
 * their sockets said it is looking at it (`conversation.focus`, see the realtime hub). Checked
 * before presence, which would cost a lookup.
 */
async function tellRecipient(ctx: AppContext, event: Parameters<typeof newMessageNotice>[0] & { alreadyNotified: boolean }): Promise<void> {
  if (event.alreadyNotified) return;
  if (await ctx.presence.isViewing(event.recipientId, event.conversationId)) return;
  await notify(ctx, newMessageNotice(event));
}
