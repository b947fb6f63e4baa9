import { Moon, Sun } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { getAppliedTheme, subscribeToTheme, toggleTheme } from '@/lib/theme';

export function ThemeToggle({ className }: { className?: string }) {
  const theme = useSyncExternalStore(subscribeToTheme, getAppliedTheme, () => 'light' as const);
  const nextLabel = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button
      type="button"
      onClick={() => toggleTheme()}
      aria-label={nextLabel}
      title={nextLabel}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      {/* The icon follows the theme's class on <html>, not the state: the static shells rendered at
          build time (public-page-shell.tsx) then show the right one before any script runs. */}
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
    </button>
  );
}
