import type { Notification } from '@alumlink/contract';
import { conversationHref, moderationCaseHref, paths } from '@/config/paths';

/**
 * Where clicking a notification goes: posts → the feed, messages → the conversation, role → the
 * profile, referrals → the referrals page, mentoring → the mentoring page (an acceptance → the
 * conversation), a removal or an appeal decision → the post's moderation page (reason, appeal, reply), a waitlist promotion → the events.
 */
export function notificationHref(notification: Notification): string {
  switch (notification.type) {
    case 'message':
      return notification.conversation_id === null ? paths.user.messages : conversationHref(notification.conversation_id);
    case 'role_changed':
    case 'lifecycle':
      return paths.user.profile;
    case 'mentoring_accepted':
      return notification.conversation_id === null ? paths.user.mentoring : conversationHref(notification.conversation_id);
    case 'mentoring_requested':
    case 'mentoring_declined':
    case 'mentoring_cancelled':
    case 'mentoring_completed':
      return paths.user.mentoring;
    case 'post_removed':
    case 'appeal_decided':
      return notification.post_id === null ? paths.user.root : moderationCaseHref(notification.post_id);
    case 'event_promoted':
      return paths.user.events;
    case 'post_liked':
    case 'post_commented':
    case 'mention':
      return paths.user.root;
    case 'referral_requested':
    case 'referral_status_changed':
      return paths.user.referrals;
  }
}
