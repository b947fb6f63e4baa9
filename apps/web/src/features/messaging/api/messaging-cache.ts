import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationPage, ConversationUpdated, LastMessage, Message, MessagePage } from '@alumlink/contract';
import { messagingKeys } from './keys';

type ConversationPages = InfiniteData<ConversationPage, string | null>;
type MessagePages = InfiniteData<MessagePage, string | null>;

function findConversation(data: ConversationPages | undefined, conversationId: number): Conversation | undefined {
  return data?.pages.flatMap((page) => page.results).find((item) => item.id === conversationId);
}

/** Puts a conversation at the top of the list (the most recently active first), removing its old place. */
function moveToTop(data: ConversationPages, conversation: Conversation): ConversationPages {
  const pages = data.pages.map((page) => ({ ...page, results: page.results.filter((item) => item.id !== conversation.id) }));
  const [first, ...rest] = pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, results: [conversation, ...first.results] }, ...rest] };
}

/** Changes a cached conversation; newer activity moves it to the top. False when it is not cached. */
function changeConversation(
  queryClient: QueryClient,
  conversationId: number,
  change: (conversation: Conversation) => Conversation,
): boolean {
  const data = queryClient.getQueryData<ConversationPages>(messagingKeys.conversations());
  const current = findConversation(data, conversationId);
  if (!data || !current) return false;
  const next = change(current);
  if (next === current) return true;
  queryClient.setQueryData<ConversationPages>(
    messagingKeys.conversations(),
    next.updated_at > current.updated_at
      ? moveToTop(data, next)
      : {
          ...data,
          pages: data.pages.map((page) => ({ ...page, results: page.results.map((item) => (item.id === conversationId ? next : item)) })),
        },
  );
  return true;
}

function withLastMessage(conversation: Conversation, lastMessage: LastMessage): Conversation {
  return { ...conversation, last_message: lastMessage, updated_at: lastMessage.timestamp };
}

function lastMessageOf(message: Message): LastMessage {
  return { content: message.content, timestamp: message.timestamp, sender_id: message.sender_id };
}

/** Unread messages of a cached conversation (0 when it is not cached). */
export function cachedUnreadCount(queryClient: QueryClient, conversationId: number): number {
  return findConversation(queryClient.getQueryData<ConversationPages>(messagingKeys.conversations()), conversationId)?.unread_count ?? 0;
}

/** The thread was read: its unread badge goes away. */
export function markConversationReadInCache(queryClient: QueryClient, conversationId: number): void {
  changeConversation(queryClient, conversationId, (conversation) =>
    conversation.unread_count === 0 ? conversation : { ...conversation, unread_count: 0 },
  );
}

/** A conversation just started or opened: at the top of the list unless it is there already. */
export function addConversationToCache(queryClient: QueryClient, conversation: Conversation): void {
  const data = queryClient.getQueryData<ConversationPages>(messagingKeys.conversations());
  if (!data || findConversation(data, conversation.id)) return;
  queryClient.setQueryData<ConversationPages>(messagingKeys.conversations(), moveToTop(data, conversation));
}

/** Adds a message at the bottom of its thread (the first page holds the newest), once. */
export function appendMessageToThread(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<MessagePages>(messagingKeys.messages(message.conversation_id), (data) => {
    if (!data || data.pages.some((page) => page.results.some((item) => item.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, results: [message, ...first.results] }, ...rest] };
  });
}

/**
 * A message exists (sent here, or `message.created`): it joins its thread, becomes the
 * conversation's last message and moves the conversation to the top. Unknown conversations
 * make the list reload.
 */
export function recordMessage(queryClient: QueryClient, message: Message): void {
  appendMessageToThread(queryClient, message);
  const known = changeConversation(queryClient, message.conversation_id, (conversation) =>
    conversation.last_message && conversation.last_message.timestamp >= message.timestamp
      ? conversation
      : withLastMessage(conversation, lastMessageOf(message)),
  );
  if (!known) void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
}

/** `conversation.updated`: the server's unread count and last message for this person. */
export function applyConversationUpdated(queryClient: QueryClient, update: ConversationUpdated): void {
  const known = changeConversation(queryClient, update.conversation_id, (conversation) => {
    const withUnread = { ...conversation, unread_count: update.unread_count };
    return update.last_message ? withLastMessage(withUnread, update.last_message) : withUnread;
  });
  if (!known) void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
}

/** After the live connection was lost: everything messaging shows may be stale. */
export function invalidateMessaging(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messagingKeys.all });
}
