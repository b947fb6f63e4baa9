import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  markAll: 'Mark all as read',
  empty: 'No notifications yet',
  loadFailed: 'Failed to load notifications',
  seeAll: 'See all notifications',
} as const;

/** The bell with its unread count: alone until first used, then the trigger of the notifications menu (which adds its props). */
export function BellButton({ unread, ...props }: { unread: number } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={unread > 0 ? `${NOTIFICATION_TEXTS.title}, ${unread} unread` : NOTIFICATION_TEXTS.title}
      title={NOTIFICATION_TEXTS.title}
      className="relative inline-flex size-10 items-center justify-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-surface-muted data-[state=open]:text-fg"
      {...props}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-danger px-1 text-[10px] leading-none font-bold text-white ring-2 ring-surface"
        >
          {unread > 9 ? '9+' : unread}
        </span>
      ) : null}
    </button>
  );
}
