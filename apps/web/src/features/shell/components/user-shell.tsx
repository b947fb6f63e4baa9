import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { getAccessToken } from '@/lib/storage';
import { useStoredUser } from '@/lib/use-session';
import { MobileTabBar } from './mobile-tab-bar';
import { UserSidebar } from './user-sidebar';
import { UserTopBar } from './user-top-bar';

export interface UserShellProps {
  logo: ReactNode;
  search: ReactNode;
  themeToggle: ReactNode;
  /** Top bar: the notification bell. */
  notifications?: ReactNode;
  /** Top bar: the unread number on the messages button. */
  messagesBadge?: ReactNode;
  onCreatePost: () => void;
  onLogout: () => void;
  children: ReactNode;
}

/**
 * Frame of the user area: top bar, left sidebar (bottom tab bar on phones) and the page.
 * Without a stored user or access token it sends the visitor to /login.
 */
export function UserShell({ logo, search, themeToggle, notifications, messagesBadge, onCreatePost, onLogout, children }: UserShellProps) {
  const user = useStoredUser();
  if (!user || !getAccessToken()) return <Navigate to={paths.login} replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <UserTopBar
        user={user}
        logo={logo}
        search={search}
        themeToggle={themeToggle}
        notifications={notifications}
        messagesBadge={messagesBadge}
        onLogout={onLogout}
      />
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-3 pt-4 pb-24 sm:px-6 md:pt-6 md:pb-10">
        <aside className="hidden w-52 shrink-0 md:block lg:w-56">
          <UserSidebar onCreatePost={onCreatePost} onLogout={onLogout} />
        </aside>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
      <MobileTabBar onCreatePost={onCreatePost} messagesBadge={messagesBadge} />
    </div>
  );
}
