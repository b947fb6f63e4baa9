/** Public face of notifications: the top bar's bell and what realtime updates. */
export { notificationKeys } from './api/keys';
export { invalidateNotifications, markConversationNotificationsReadInCache, prependNotification } from './api/notifications-cache';
export { NotificationBell, NOTIFICATION_TEXTS } from './components/notification-bell';
