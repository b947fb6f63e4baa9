import type { ConversationUser } from '@alumlink/contract';

/** "First Last", else the username. */
export function conversationName(user: ConversationUser): string {
  const full = `${user.first_name} ${user.last_name}`.trim();
  return full || user.username;
}
