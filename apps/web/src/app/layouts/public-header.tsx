import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useStoredUser } from '@/lib/use-session';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

const NAV_LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.communities, label: 'Communities', end: false },
  { to: paths.events, label: 'Events', end: false },
  { to: paths.about, label: 'About', end: false },
] as const;

function navLinkClasses({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
    isActive ? 'bg-primary-soft text-primary-soft-fg' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
  );
}

function AccountLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const user = useStoredUser();
  if (user) {
    return (
      <Link to={homeHrefFor(user)} className={buttonClasses('primary', 'sm', className)} onClick={onNavigate}>
        My account
      </Link>
    );
  }
  return (
    <Link to={paths.login} className={buttonClasses('primary', 'sm', className)} onClick={onNavigate}>
      Login
    </Link>
  );
}

export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden md:block">
            <AccountLink />
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-xl text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-border bg-surface md:hidden">
        <nav aria-label="Mobile" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={(state) => cn(navLinkClasses(state), 'py-3 text-base')}>
              {link.label}
            </NavLink>
          ))}
          <AccountLink className="mt-2 h-11 w-full" onNavigate={() => setMenuOpen(false)} />
        </nav>
      </div>
    </header>
  );
}
