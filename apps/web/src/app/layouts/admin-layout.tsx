import { Outlet } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { AdminShell } from '@/features/admin';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

/** Shell of the admin portal (/admin/*): fixed top bar, side menu and the page. */
export function AdminLayout() {
  const logout = useLogout();
  return (
    <AdminShell logo={<Logo />} themeToggle={<ThemeToggle />} onLogout={() => void logout()}>
      <Outlet />
    </AdminShell>
  );
}
