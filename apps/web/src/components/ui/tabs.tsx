import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Tabs with arrow-key navigation (Radix). Use Tabs > TabsList > TabsTrigger, then TabsContent. */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List className={cn('inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-surface-muted p-1', className)} {...props} />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'rounded-lg px-3.5 py-2 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors hover:text-fg',
        'focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-ring', className)} {...props} />;
}
