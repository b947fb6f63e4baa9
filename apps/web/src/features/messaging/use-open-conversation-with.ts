import { useEffect, useLayoutEffect, useRef } from 'react';
import { useStartConversation } from './api/start-conversation';

/**
 * `?user_id=` (the profile's Message button, the referral page): starts or finds the conversation
 * with that person once, then hands its id to `onOpened`.
 */
export function useOpenConversationWith(userId: number | null, onOpened: (conversationId: number) => void) {
  const startConversation = useStartConversation();
  const { mutate } = startConversation;
  const startedFor = useRef<number | null>(null);
  const onOpenedRef = useRef(onOpened);
  useLayoutEffect(() => {
    onOpenedRef.current = onOpened;
  });

  useEffect(() => {
    if (userId === null || startedFor.current === userId) return;
    startedFor.current = userId;
    mutate(userId, { onSuccess: (conversation) => onOpenedRef.current(conversation.id) });
  }, [userId, mutate]);

  return startConversation;
}
