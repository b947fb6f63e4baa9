import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  neutral: 'bg-surface-muted text-fg-muted ring-border',
  brand: 'bg-primary-soft text-primary-soft-fg ring-primary/20',
  success: 'bg-success-soft text-success-fg ring-success-fg/20',
  danger: 'bg-danger-soft text-danger-fg ring-danger-fg/20',
} as const;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: keyof typeof TONES;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
