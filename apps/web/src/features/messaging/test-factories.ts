import type { Conversation, ConversationUser, Message } from '@alumlink/contract';

let nextId = 5000;

export function buildConversationUser(overrides: Partial<ConversationUser> = {}): ConversationUser {
  const id = overrides.id ?? nextId++;
  return { id, username: `member${id}`, first_name: 'Priya', last_name: 'Sharma', profile_image: null, ...overrides };
}

export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  const id = overrides.id ?? nextId++;
  return {
    id,
    other_user: buildConversationUser(),
    unread_count: 0,
    last_message: null,
    updated_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<Message> & { conversation_id: number; sender_id: number | null }): Message {
  const id = overrides.id ?? nextId++;
  return {
    id,
    content: `Message ${id}`,
    timestamp: new Date().toISOString(),
    sender: { id: overrides.sender_id },
    ...overrides,
  };
}

export function page<T>(results: T[], next: string | null = null): { results: T[]; next: string | null } {
  return { results, next };
}
