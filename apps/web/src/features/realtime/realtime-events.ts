import type { QueryClient } from '@tanstack/react-query';
import { applyConversationUpdated, invalidateMessaging, markConversationSeen, recordMessage } from '@/features/messaging';
import { invalidateNotifications, markConversationNotificationsReadInCache, prependNotification } from '@/features/notifications';
import { postKeys, refetchFeedOnPostDeleted } from '@/features/posts';
import { activityKeys } from '@/features/activity';
import { mentoringKeys } from '@/features/mentoring';
import { referralKeys } from '@/features/referrals';
import type { RealtimeEvent } from './realtime-client';

export interface RealtimeEventContext {
  /** True when this conversation is open and the tab visible (arriving messages are read at once). */
  isLookingAt: (conversationId: number) => boolean;
}

function warn(message: string) {
  return (error: unknown) => console.warn(message, error);
}

/** Puts one server event into the query cache. */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent, context: RealtimeEventContext): void {
  switch (event.type) {
    case 'message.created':
      recordMessage(queryClient, event.data);
      return;
    case 'conversation.updated':
      applyConversationUpdated(queryClient, event.data);
      if (event.data.unread_count === 0) markConversationNotificationsReadInCache(queryClient, event.data.conversation_id);
      if (event.data.unread_count > 0 && context.isLookingAt(event.data.conversation_id)) {
        markConversationSeen(queryClient, event.data.conversation_id).catch(warn('realtime: could not mark the open conversation read'));
      }
      return;
    case 'notification.created':
      prependNotification(queryClient, event.data);
      refetchWhatTheNoticeChanged(queryClient, event.data.type);
      return;
    case 'post.deleted':
      refetchFeedOnPostDeleted(queryClient, event.data.post_id).catch(warn('realtime: feed refetch failed'));
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      return;
    case 'post.created':
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      return;
    case 'event.message':
      // Live event discussions subscribe with useRealtimeEvent where they are shown.
      return;
  }
}

/**
 * A notice tells of someone else's step (a mentorship accepted, a referral request moved): the
 * lists that show it refetch, so both sides see it without a reload.
 */
function refetchWhatTheNoticeChanged(queryClient: QueryClient, type: string): void {
  if (type.startsWith('mentoring_')) void queryClient.invalidateQueries({ queryKey: mentoringKeys.all });
  if (type.startsWith('referral_')) {
    void queryClient.invalidateQueries({ queryKey: referralKeys.requests() });
    void queryClient.invalidateQueries({ queryKey: referralKeys.open() });
    void queryClient.invalidateQueries({ queryKey: referralKeys.mine() });
  }
}

/** After a reconnect: refetch everything that may have missed events while the socket was down. */
export async function invalidateAfterReconnect(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    invalidateMessaging(queryClient),
    invalidateNotifications(queryClient),
    queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  ]);
}
