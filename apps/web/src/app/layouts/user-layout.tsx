import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Outlet } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { UnreadConversationsBadge } from '@/features/messaging';
import { NotificationBell } from '@/features/notifications';
import { CreatePostProvider, useCreatePost } from '@/features/posts';
import { RealtimeProvider } from '@/features/realtime';
import { PeopleSearch } from '@/features/search';
import { useApplySavedTheme, useSettings } from '@/features/settings';
import { UserShell } from '@/features/shell';
import { activityKeys } from '@/features/activity';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

function UserFrame() {
  const { openCreatePost } = useCreatePost();
  const logout = useLogout();
  // The saved theme follows the person to a browser that has none yet.
  useApplySavedTheme(useSettings().data);
  return (
    <UserShell
      logo={<Logo />}
      search={<PeopleSearch />}
      themeToggle={<ThemeToggle />}
      notifications={<NotificationBell />}
      messagesBadge={<UnreadConversationsBadge />}
      onCreatePost={() => openCreatePost()}
      onLogout={() => void logout()}
    >
      <Outlet />
    </UserShell>
  );
}

/** Shell of the user area (/user/*): the live connection, the create-post dialog, the top bar, the sidebar and the page. */
export function UserLayout() {
  const queryClient = useQueryClient();
  const handlePostCreated = useCallback(() => void queryClient.invalidateQueries({ queryKey: activityKeys.all }), [queryClient]);
  return (
    <RealtimeProvider>
      <CreatePostProvider onPostCreated={handlePostCreated}>
        <UserFrame />
      </CreatePostProvider>
    </RealtimeProvider>
  );
}
