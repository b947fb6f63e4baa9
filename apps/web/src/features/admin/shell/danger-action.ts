import { cn } from '@/lib/cn';

/** A quiet red action (Delete in lists): red text, red tint on hover, optional outline. */
export function dangerActionClasses(outlined = false): string {
  return cn(
    'inline-flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-danger-fg transition-colors',
    'hover:bg-danger-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40',
    outlined && 'border border-danger/40',
  );
}
