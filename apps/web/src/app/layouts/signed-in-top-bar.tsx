import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLogout } from '@/features/auth/api/logout';
import { Button } from '@/components/ui';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

/** Top bar shared by the signed-in shells until their own issues replace it. */
export function SignedInTopBar({ title }: { title?: ReactNode }) {
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        {title ? <span className="hidden text-sm font-semibold text-fg-muted sm:inline">{title}</span> : null}
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={() => void logout()} leftIcon={<LogOut aria-hidden="true" className="size-4" />}>
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
