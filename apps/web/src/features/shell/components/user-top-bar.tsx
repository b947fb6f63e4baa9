import { MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '@alumlink/contract';
import { paths } from '@/config/paths';
import { AccountHoverCard } from './account-hover-card';
import { PhoneMenu } from './phone-menu';

export interface UserTopBarProps {
  user: User;
  /** The logo linking home. */
  logo: ReactNode;
  /** The people search box. */
  search: ReactNode;
  /** The light/dark switch (desktop; phones have it in the menu). */
  themeToggle: ReactNode;
  /** The notification bell (messaging/notifications issue). */
  notifications?: ReactNode;
  /** The unread number shown on the messages button. */
  messagesBadge?: ReactNode;
  onLogout: () => void;
}

/** Top bar of the user area: logo, people search, messages, theme, avatar with its hover card. */
export function UserTopBar({ user, logo, search, themeToggle, notifications, messagesBadge, onLogout }: UserTopBarProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <div className="shrink-0 [&_a>span]:hidden sm:[&_a>span]:inline">{logo}</div>
        <div className="min-w-0 flex-1 sm:max-w-md md:ml-4">{search}</div>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <div className="relative hidden md:block">
            <Link
              to={paths.user.messages}
              aria-label="Messages"
              title="Messages"
              className="inline-flex size-10 items-center justify-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <MessageSquare aria-hidden="true" className="size-5" />
            </Link>
            {messagesBadge}
          </div>
          {notifications}
          <div className="hidden md:block">{themeToggle}</div>
          <AccountHoverCard user={user} onLogout={onLogout} />
          <PhoneMenu onLogout={onLogout} />
        </div>
      </div>
    </header>
  );
}
