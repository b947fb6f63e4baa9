import type { LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { Card } from '@/components/ui';
import { useCountUpText } from './use-count-up';

const numberFormat = new Intl.NumberFormat('en');
const formatNumber = (value: number) => numberFormat.format(value);

/** One dashboard figure counting up to its live value; screen readers hear only the final value. */
export function StatCounter({ label, value, icon: Icon }: { label: string; value: number; icon: LucideIcon }) {
  const shown = useRef<HTMLSpanElement>(null);
  const firstText = useCountUpText(shown, value, formatNumber);
  return (
    <Card className="flex flex-col items-start gap-2 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="rounded-xl bg-primary-soft p-2.5 text-primary-soft-fg">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-fg-muted">{label}</p>
        <p className="text-2xl font-bold tracking-tight text-fg tabular-nums">
          <span ref={shown} aria-hidden="true" data-testid={`counter-${label}`}>
            {firstText}
          </span>
          <span className="sr-only">{numberFormat.format(value)}</span>
        </p>
      </div>
    </Card>
  );
}
