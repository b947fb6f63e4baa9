/**
 * Which conversation is open on screen (null: none). The messages page writes it; the realtime
 * connection reads it to tell the server (no notification for a thread being read) and to mark
 * arriving messages read.
 */
let focusedConversationId: number | null = null;
const listeners = new Set<() => void>();

export function getFocusedConversation(): number | null {
  return focusedConversationId;
}

export function setFocusedConversation(conversationId: number | null): void {
  if (conversationId === focusedConversationId) return;
  focusedConversationId = conversationId;
  for (const listener of listeners) listener();
}

export function subscribeToFocusedConversation(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
