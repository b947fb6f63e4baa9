import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { recordMessage } from './messaging-cache';

export function sendMessage({ conversationId, content }: { conversationId: number; content: string }) {
  return api.post(`/social/conversations/${conversationId}/send_message/`, { content }, { schema: messageSchema });
}

/** Sends a message; the answer joins the thread and becomes the conversation's last message at once. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => recordMessage(queryClient, message),
  });
}
