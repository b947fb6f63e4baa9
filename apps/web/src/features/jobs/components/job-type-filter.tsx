import { JOB_TYPE_FILTERS, type JobTypeFilter } from '@alumlink/contract';
import { cn } from '@/lib/cn';

/** The job board's type filter: All, Full-Time, Part-Time, Contract (one pressed at a time). */
export function JobTypeFilterBar({ value, onChange }: { value: JobTypeFilter; onChange: (value: JobTypeFilter) => void }) {
  return (
    <div role="group" aria-label="Job type" className="inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-surface-muted p-1">
      {JOB_TYPE_FILTERS.map((type) => (
        <button
          key={type}
          type="button"
          aria-pressed={value === type}
          onClick={() => onChange(type)}
          className={cn(
            'rounded-lg px-3.5 py-2 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors hover:text-fg',
            'focus-visible:outline-2 focus-visible:outline-ring',
            value === type && 'bg-surface text-fg shadow-sm',
          )}
        >
          {type}
        </button>
      ))}
    </div>
  );
}
