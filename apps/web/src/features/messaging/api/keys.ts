/** Query keys of the messaging domain. */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => [...messagingKeys.all, 'conversations'] as const,
  messages: (conversationId: number) => [...messagingKeys.all, 'messages', conversationId] as const,
};
