import { useMutation } from '@tanstack/react-query';
import { conversationSchema, messageSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';

/** Opens (or finds) the conversation with a person, then sends them one message. */
export async function messageUser(userId: number, content: string) {
  const conversation = await api.post('/social/conversations/start_conversation/', { user_id: userId }, { schema: conversationSchema });
  return api.post(`/social/conversations/${conversation.id}/send_message/`, { content }, { schema: messageSchema });
}

export function useMessageUser(userId: number) {
  return useMutation({ mutationFn: (content: string) => messageUser(userId, content) });
}
