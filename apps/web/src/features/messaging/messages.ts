/** User-visible texts of the messages screen (the specification's words where it has them). */
export const MESSAGING_TEXTS = {
  emptyTitle: 'Your messages',
  emptyDescription: 'Send a message to start a chat',
  noConversations: 'No conversations found',
  loadFailed: 'Failed to load conversations',
  threadLoadFailed: 'Failed to load messages',
  threadEmpty: 'No messages yet',
  startFailed: 'Could not open this conversation.',
  composerPlaceholder: 'Write a message...',
  olderMessages: 'Load older messages',
  recipientDeleted: 'This person deleted their account. You can no longer reply.',
} as const;
