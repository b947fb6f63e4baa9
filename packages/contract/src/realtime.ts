import { z } from 'zod';
import { eventMessageCreatedSchema } from './events';
import { lastMessageSchema, messageSchema } from './messaging';
import { notificationSchema } from './notifications';

/** Path of the WebSocket endpoint (same origin as the API; ws:// or wss://). */
export const REALTIME_PATH = '/ws';
/**
 * Close code when the first frame is not a valid auth frame, the token is bad, or it expired
 * (reason 'unauthorized'), or when the socket's sign-in ended (reason REALTIME_SESSION_ENDED_REASON):
 * either way the client refreshes its token and reconnects, or stops when the refresh is refused.
 */
export const REALTIME_UNAUTHORIZED_CLOSE_CODE = 4401;
/** Close reason when the socket's sign-in ended (logout, password reset, account deleted or deactivated). */
export const REALTIME_SESSION_ENDED_REASON = 'session ended';
/** The first frame `{type:'auth', token}` must arrive within this time. */
export const REALTIME_AUTH_TIMEOUT_MS = 5_000;
/** The server pings this often and drops sockets that did not answer the previous ping. */
export const REALTIME_HEARTBEAT_MS = 30_000;

/** Frames the client sends. The first must be `auth`. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  /** The access token (never in the URL). */
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4000) }),
  /** The person is looking at this conversation: no notification for its new messages. */
  z.object({ type: z.literal('conversation.focus'), conversation_id: z.number().int().positive() }),
  /** The person no longer looks at any conversation (closed it, left the page, hid the tab). */
  z.object({ type: z.literal('conversation.blur') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Data of `conversation.updated`: the receiver's own view of the conversation. */
export const conversationUpdatedSchema = z.object({
  conversation_id: z.number().int(),
  unread_count: z.number().int(),
  last_message: lastMessageSchema.nullable(),
});
export type ConversationUpdated = z.infer<typeof conversationUpdatedSchema>;

const postIdDataSchema = z.object({ post_id: z.number().int() });

/** Events the server sends: `{type, data}`. */
export const realtimeServerEventSchema = z.discriminatedUnion('type', [
  /** Answer to a valid auth frame; events flow from now on. */
  z.object({ type: z.literal('auth.ok'), data: z.object({ user_id: z.number().int() }) }),
  /** A new message in one of your conversations (sent to both participants). */
  z.object({ type: z.literal('message.created'), data: messageSchema }),
  /** Your unread count or last message of a conversation changed. */
  z.object({ type: z.literal('conversation.updated'), data: conversationUpdatedSchema }),
  /** A new notification for you. */
  z.object({ type: z.literal('notification.created'), data: notificationSchema }),
  /** A post disappeared (author or moderator): drop it from feeds. Sent to everyone. */
  z.object({ type: z.literal('post.deleted'), data: postIdDataSchema }),
  /** A new post exists (What's New). Sent to everyone. */
  z.object({ type: z.literal('post.created'), data: postIdDataSchema }),
  /** A new message in an event's live discussion. Sent to everyone. */
  z.object({ type: z.literal('event.message'), data: eventMessageCreatedSchema }),
]);
export type RealtimeServerEvent = z.infer<typeof realtimeServerEventSchema>;
export type RealtimeEventType = RealtimeServerEvent['type'];
