import { displayName, REFERRAL_REQUEST_STATUS_LABELS, type ReferralRequestEvent } from '@alumlink/contract';
import { formatEventDate } from '@/lib/format';
import { cn } from '@/lib/cn';

/** Every change of a request, oldest first: status, when, who, and the note. */
export function RequestTimeline({ history, label }: { history: ReferralRequestEvent[]; label: string }) {
  return (
    <ol aria-label={label} className="relative space-y-4 border-l border-border pl-5">
      {history.map((entry, index) => (
        <li key={`${entry.status}-${entry.at}`} className="relative">
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-surface',
              index === history.length - 1 ? 'bg-primary' : 'bg-fg-subtle',
            )}
          />
          <p className="text-sm font-semibold text-fg">{REFERRAL_REQUEST_STATUS_LABELS[entry.status]}</p>
          <p className="text-xs text-fg-muted">
            <time dateTime={entry.at}>{formatEventDate(entry.at)}</time>
            {entry.by ? ` · ${displayName(entry.by)}` : ' · automatically'}
          </p>
          {entry.note ? <p className="mt-1 rounded-md bg-surface-muted px-3 py-2 text-sm break-words text-fg">{entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
