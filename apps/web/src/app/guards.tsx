import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useStoredUser } from '@/lib/use-session';

/** Login-only guard: any stored user passes; everyone else goes to /login. */
export function RequireUser() {
  const user = useStoredUser();
  const location = useLocation();
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Admin-only guard: only a stored user whose role is AD passes. */
export function RequireAdmin() {
  const user = useStoredUser();
  const location = useLocation();
  if (user?.role !== 'AD') return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
