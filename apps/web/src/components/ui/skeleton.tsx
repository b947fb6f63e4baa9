import { cn } from '@/lib/cn';

/** A grey placeholder block; hide a group of them from screen readers and label the group instead. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-surface-muted', className)} />;
}
