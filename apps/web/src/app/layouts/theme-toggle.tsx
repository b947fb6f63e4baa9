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
      {theme === 'dark' ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
    </button>
  );
}
