import type { Notification } from '@alumlink/contract';
import { conversationHref, paths } from '@/config/paths';

/** Where clicking a notification goes: posts → the feed, messages → the conversation, role → the profile, a waitlist promotion → the events. */
export function notificationHref(notification: Notification): string {
  switch (notification.type) {
    case 'message':
      return notification.conversation_id === null ? paths.user.messages : conversationHref(notification.conversation_id);
    case 'role_changed':
      return paths.user.profile;
    case 'event_promoted':
      return paths.user.events;
    case 'post_liked':
    case 'post_commented':
    case 'post_removed':
      return paths.user.root;
  }
}
