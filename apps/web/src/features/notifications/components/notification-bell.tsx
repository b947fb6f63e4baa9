import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '../api/get-notifications';
import { unreadCountOf } from '../api/notifications-cache';
import { BellButton } from './bell-button';

export { NOTIFICATION_TEXTS } from './bell-button';

/** The menu (Radix, floating-ui) is not needed to show the bell: it loads when the bell is first pointed at, focused or used. */
const loadMenu = () => import('./notification-menu');
const NotificationMenu = lazy(() => loadMenu().then((m) => ({ default: m.NotificationMenu })));

/** The top bar's bell: unread count, and a menu of notifications (click: mark read and go there). */
export function NotificationBell() {
  const notifications = useNotifications();
  const [used, setUsed] = useState(false);
  const bell = (
    <BellButton
      unread={unreadCountOf(notifications.data)}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setUsed(true)}
    />
  );
  if (!used) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationMenu defaultOpen />
    </Suspense>
  );
}
