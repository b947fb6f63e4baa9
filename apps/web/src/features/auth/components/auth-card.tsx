import type { ReactNode } from 'react';
import { Card } from '@/components/ui';

/** Centered card framing every auth screen. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative isolate px-4 py-10 sm:py-16">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-64 bg-gradient-to-b from-primary-soft to-transparent" />
      <Card className="mx-auto w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-fg-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="mx-auto mt-6 max-w-md text-center text-sm text-fg-muted">{footer}</div> : null}
    </div>
  );
}
