import { LogOut, Menu, UserRound, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { displayName } from '@alumlink/contract';
import { Avatar } from '@/components/ui';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useStoredUser } from '@/lib/use-session';
import { AdminSidebar } from './admin-sidebar';

export interface AdminShellProps {
  logo: ReactNode;
  themeToggle: ReactNode;
  onLogout: () => void;
  children: ReactNode;
}

const MENU_ID = 'admin-side-menu';

/**
 * Frame of the admin portal: a fixed top bar ('Admin Portal', profile link, Logout) and a side
 * menu that is always shown on wide screens and toggled by a button on small ones.
 */
export function AdminShell({ logo, themeToggle, onLogout, children }: AdminShellProps) {
  const user = useStoredUser();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A new page closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return undefined;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [menuOpen]);

  return (
    <div className="min-h-dvh bg-bg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-border bg-surface/95 backdrop-blur">
        <div className="flex h-full items-center gap-2 px-3 sm:gap-3 sm:px-5">
          <button
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            className="inline-flex size-10 items-center justify-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring md:hidden"
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
          <span className="hidden sm:inline-flex">{logo}</span>
          <p className="text-base font-semibold tracking-tight text-fg sm:border-l sm:border-border sm:pl-3">Admin Portal</p>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {themeToggle}
            <Link
              to={paths.admin.profile}
              className="inline-flex h-10 items-center gap-2 rounded-xl px-2 text-sm font-medium text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              {user ? (
                <Avatar src={user.image} personId={user.id} name={displayName(user)} alt="" size="xs" />
              ) : (
                <UserRound aria-hidden="true" className="size-5" />
              )}
              <span className="sr-only sm:not-sr-only">Profile</span>
            </Link>
            <button
              type="button"
              onClick={onLogout}
              className="inline-flex h-10 items-center gap-2 rounded-xl px-2.5 text-sm font-medium text-fg-muted hover:bg-danger-soft hover:text-danger-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </button>
          </div>
        </div>
      </header>
      {menuOpen ? (
        <div aria-hidden="true" className="fixed inset-0 top-16 z-30 bg-overlay md:hidden" onClick={() => setMenuOpen(false)} />
      ) : null}
      <aside
        id={MENU_ID}
        className={cn(
          'fixed top-16 bottom-0 left-0 z-30 w-64 overflow-y-auto border-r border-border bg-surface p-3 transition-transform md:translate-x-0',
          menuOpen ? 'translate-x-0' : '-translate-x-full max-md:invisible',
        )}
      >
        <AdminSidebar onNavigate={() => setMenuOpen(false)} />
      </aside>
      <main id="main" className="px-3 pt-20 pb-10 sm:px-6 md:ml-64 md:pt-24">
        <div className="mx-auto w-full max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
