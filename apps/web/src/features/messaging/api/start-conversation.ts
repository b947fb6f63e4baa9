import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { addConversationToCache } from './messaging-cache';

export function startConversation(userId: number) {
  return api.post('/social/conversations/start_conversation/', { user_id: userId }, { schema: conversationSchema });
}

/** The conversation with someone: the existing one or a new one, added to the list. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (conversation) => addConversationToCache(queryClient, conversation),
  });
}
