import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BellOff } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { Notification } from '@alumlink/contract';
import { Spinner } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { unreadCountOf } from '../api/notifications-cache';
import { notificationHref } from '../notification-target';
import { BellButton, NOTIFICATION_TEXTS } from './bell-button';
import { NotificationItem } from './notification-item';

const itemClasses =
  'flex w-full cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 text-left outline-none select-none data-[highlighted]:bg-surface-muted data-[disabled]:cursor-default data-[disabled]:opacity-60';

/** The bell's menu of notifications (click: mark read and go there), loaded when the bell is first used. */
export function NotificationMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = unreadCountOf(notifications.data);
  const items = notifications.data?.pages.flatMap((page) => page.results) ?? [];

  function handleOpen(notification: Notification) {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    void navigate(notificationHref(notification));
  }

  function renderBody() {
    if (notifications.isPending) {
      return (
        <div className="grid place-items-center py-8">
          <Spinner label="Loading notifications" />
        </div>
      );
    }
    if (notifications.isError) {
      return (
        <div className="px-3 py-6 text-center">
          <p role="alert" className="text-sm font-medium text-danger-fg">
            {NOTIFICATION_TEXTS.loadFailed}
          </p>
          <DropdownMenu.Item
            className={cn(itemClasses, 'mt-2 justify-center font-semibold text-accent-fg')}
            onSelect={(event) => {
              event.preventDefault();
              void notifications.refetch();
            }}
          >
            Reload
          </DropdownMenu.Item>
        </div>
      );
    }
    if (items.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 px-3 py-8 text-center text-sm text-fg-muted">
          <BellOff aria-hidden="true" className="size-6" />
          {NOTIFICATION_TEXTS.empty}
        </div>
      );
    }
    return (
      <>
        {items.map((notification) => (
          <DropdownMenu.Item key={notification.id} className={itemClasses} onSelect={() => handleOpen(notification)}>
            <NotificationItem notification={notification} />
          </DropdownMenu.Item>
        ))}
        {notifications.hasNextPage ? (
          <DropdownMenu.Item
            className={cn(itemClasses, 'justify-center text-sm font-semibold text-accent-fg')}
            disabled={notifications.isFetchingNextPage}
            onSelect={(event) => {
              event.preventDefault();
              void notifications.fetchNextPage();
            }}
          >
            Load more
          </DropdownMenu.Item>
        ) : null}
      </>
    );
  }

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <BellButton unread={unread} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label={NOTIFICATION_TEXTS.title}
          className="z-50 flex max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-[min(24rem,calc(100vw-1.5rem))] flex-col rounded-2xl border border-border bg-surface-raised text-fg shadow-(--shadow-raised)"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <DropdownMenu.Label className="text-base font-semibold">{NOTIFICATION_TEXTS.title}</DropdownMenu.Label>
            <DropdownMenu.Item
              disabled={unread === 0}
              onSelect={(event) => {
                event.preventDefault();
                markRead.mutate({ all: true });
              }}
              className="cursor-pointer rounded-lg px-2 py-1 text-sm font-semibold text-accent-fg outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-surface-muted"
            >
              {NOTIFICATION_TEXTS.markAll}
            </DropdownMenu.Item>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">{renderBody()}</div>
          <div className="border-t border-border p-1.5">
            <DropdownMenu.Item asChild className={cn(itemClasses, 'justify-center text-sm font-semibold text-accent-fg')}>
              <Link to={paths.user.notifications}>{NOTIFICATION_TEXTS.seeAll}</Link>
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
