import { CircleAlert, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-(--radius-card) border border-dashed border-border-strong px-6 py-12 text-center',
        className,
      )}
    >
      <div className="mb-3 rounded-full bg-primary-soft p-3 text-primary-soft-fg">
        {icon ?? <Inbox aria-hidden="true" className="size-6" />}
      </div>
      <p className="text-base font-semibold text-fg">{title}</p>
      {description ? <p className="mt-1 max-w-md text-sm text-fg-muted">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

export interface ErrorStateProps {
  message: ReactNode;
  /** Shows a Reload button calling this. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

export function ErrorState({ message, onRetry, retryLabel = 'Reload', className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center rounded-(--radius-card) border border-danger/30 bg-danger-soft px-6 py-10 text-center',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mb-3 size-7 text-danger-fg" />
      <p className="text-sm font-medium text-danger-fg">{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

/** A form-level message: error (role=alert) or success (role=status). */
export function FormMessage({ tone, children, className }: { tone: 'error' | 'success'; children: ReactNode; className?: string }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-xl px-3.5 py-2.5 text-sm font-medium',
        tone === 'error' ? 'bg-danger-soft text-danger-fg' : 'bg-success-soft text-success-fg',
        className,
      )}
    >
      {children}
    </p>
  );
}
