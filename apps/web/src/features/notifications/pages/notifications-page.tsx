import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Button, EmptyState, PagedList, SkeletonList } from '@/components/ui';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { unreadCountOf } from '../api/notifications-cache';
import { NOTIFICATION_TEXTS } from '../components/bell-button';
import { NotificationItem } from '../components/notification-item';
import { groupNotifications, type NotificationGroup } from '../group-notifications';
import { notificationHref } from '../notification-target';

/** /user/notifications: every notification, likes and comments on one post folded into one row, page by page. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = unreadCountOf(notifications.data);

  const open = (group: NotificationGroup) => {
    if (!group.read) markRead.mutate({ ids: group.ids });
  };

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-fg">{NOTIFICATION_TEXTS.title}</h1>
          <p className="mt-1 text-sm text-fg-muted" aria-live="polite">
            {unread === 0 ? 'You are all caught up.' : `${unread} unread`}
          </p>
        </div>
        <Button variant="secondary" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
          {NOTIFICATION_TEXTS.markAll}
        </Button>
      </div>
      <PagedList
        query={notifications}
        loading={<SkeletonList label="Loading notifications" count={6} className="space-y-2" itemClassName="h-16 w-full rounded-xl" />}
        error={NOTIFICATION_TEXTS.loadFailed}
        empty={<EmptyState icon={<Bell aria-hidden="true" className="size-6" />} title={NOTIFICATION_TEXTS.empty} />}
        loadMoreLabel="Load older notifications"
        render={(items) => (
          <ul aria-label="All notifications" className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
            {groupNotifications(items).map((group) => (
              <li key={group.key}>
                <Link
                  to={notificationHref(group.latest)}
                  onClick={() => open(group)}
                  className="flex items-start gap-3 px-4 py-3 hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                >
                  <NotificationItem notification={{ ...group.latest, text: group.text, read: group.read }} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      />
    </div>
  );
}
