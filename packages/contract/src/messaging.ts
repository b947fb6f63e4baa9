import { z } from 'zod';
import { idSchema, LIMITS, paginated, REQUIRED } from './common';

/** How a person who deleted their account appears in the conversations they leave behind. */
export const DELETED_USER_NAME = 'Deleted user';

/** The other person of a conversation, as the conversation list shows them. */
export const conversationUserSchema = z.object({
  /** Null once they deleted their account: first_name is then DELETED_USER_NAME, the rest empty. */
  id: z.number().int().nullable(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** URL of the avatar or null. */
  profile_image: z.string().nullable(),
});
export type ConversationUser = z.infer<typeof conversationUserSchema>;

/** The newest message of a conversation, kept on the conversation. */
export const lastMessageSchema = z.object({
  content: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  sender_id: z.number().int().nullable(),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

/** A conversation as its participant sees it. */
export const conversationSchema = z.object({
  id: z.number().int(),
  other_user: conversationUserSchema,
  /** Messages of the other person the caller has not read yet. */
  unread_count: z.number().int(),
  last_message: lastMessageSchema.nullable(),
  /** ISO 8601: creation, then the time of the last message (the list's order). */
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Most recently active first, cursor-paginated. */
export const conversationPageSchema = paginated(conversationSchema);
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** One message of a conversation. */
export const messageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Null once the sender deleted their account (shown as DELETED_USER_NAME). */
  sender: z.object({ id: z.number().int().nullable() }),
  sender_id: z.number().int().nullable(),
  content: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** Newest first (the first page is the latest messages; `next` goes back in time). */
export const messagePageSchema = paginated(messageSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

/** Body of POST /social/conversations/{id}/send_message/: trimmed, 1..5000 characters. */
export const sendMessageRequestSchema = z.object({
  content: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(LIMITS.messageMax, `Ensure this field has no more than ${LIMITS.messageMax} characters.`),
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/** Body of POST /social/conversations/start_conversation/. */
export const startConversationRequestSchema = z.object({ user_id: idSchema });
export type StartConversationRequest = z.input<typeof startConversationRequestSchema>;

export const MESSAGING_MESSAGES = {
  notYourself: 'You cannot start a conversation with yourself.',
  userNotFound: 'User not found.',
  recipientDeleted: 'This person deleted their account.',
} as const;
