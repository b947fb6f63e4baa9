import type { ComponentType, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Fact {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** Read by screen readers in place of the icon. */
  label: string;
  value: ReactNode;
}

/** Facts of a card (company, place, date...) as icon and value; `column` stacks them. */
export function Facts({
  facts,
  layout = 'row',
  className,
}: {
  facts: readonly (Fact | null)[];
  layout?: 'row' | 'column';
  className?: string;
}) {
  return (
    <dl className={cn('text-sm text-fg-muted', layout === 'row' ? 'flex flex-wrap gap-x-4 gap-y-1' : 'space-y-1', className)}>
      {facts.map((fact) =>
        fact ? (
          <div key={fact.label} className={cn('flex items-center', layout === 'row' ? 'gap-1.5' : 'gap-2')}>
            <dt>
              <fact.icon aria-hidden="true" className="size-4" />
              <span className="sr-only">{fact.label}</span>
            </dt>
            <dd>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
