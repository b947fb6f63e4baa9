import type { Notification } from '@alumlink/contract';
import { conversationHref, paths } from '@/config/paths';

/** Where clicking a notification goes: posts → the feed, messages → the conversation, role → the profile, referrals → the referrals page (board and own requests). */
export function notificationHref(notification: Notification): string {
  switch (notification.type) {
    case 'message':
      return notification.conversation_id === null ? paths.user.messages : conversationHref(notification.conversation_id);
    case 'role_changed':
      return paths.user.profile;
    case 'mentoring_accepted':
      return notification.conversation_id === null ? paths.user.mentoring : conversationHref(notification.conversation_id);
    case 'mentoring_requested':
    case 'mentoring_declined':
    case 'mentoring_cancelled':
    case 'mentoring_completed':
      return paths.user.mentoring;
    case 'post_liked':
    case 'post_commented':
    case 'post_removed':
      return paths.user.root;
    case 'referral_requested':
    case 'referral_status_changed':
      return paths.user.referrals;
  }
}
