import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Outlet } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { CreatePostProvider, useCreatePost } from '@/features/posts';
import { PeopleSearch } from '@/features/search';
import { UserShell } from '@/features/shell';
import { whatsNewKeys } from '@/features/whats-new';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

function UserFrame() {
  const { openCreatePost } = useCreatePost();
  const logout = useLogout();
  return (
    <UserShell logo={<Logo />} search={<PeopleSearch />} themeToggle={<ThemeToggle />} onCreatePost={openCreatePost} onLogout={() => void logout()}>
      <Outlet />
    </UserShell>
  );
}

/** Shell of the user area (/user/*): the create-post dialog, the top bar, the sidebar and the page. */
export function UserLayout() {
  const queryClient = useQueryClient();
  const handlePostCreated = useCallback(() => void queryClient.invalidateQueries({ queryKey: whatsNewKeys.all }), [queryClient]);
  return (
    <CreatePostProvider onPostCreated={handlePostCreated}>
      <UserFrame />
    </CreatePostProvider>
  );
}
