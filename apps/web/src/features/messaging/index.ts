/** Public face of messaging: the page, the messages button's badge and what realtime updates. */
export { messagingKeys } from './api/keys';
export { applyConversationUpdated, invalidateMessaging, recordMessage } from './api/messaging-cache';
export { markConversationSeen, markConversationSeenIfUnread } from './api/get-messages';
export { getFocusedConversation, subscribeToFocusedConversation } from './focused-conversation';
export { UnreadConversationsBadge } from './components/unread-conversations-badge';
export { MessagesPage } from './pages/messages-page';
