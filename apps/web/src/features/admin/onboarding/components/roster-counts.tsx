import type { RosterCounts as Counts } from '@alumlink/contract';

const LABELS = [
  ['invite', 'To invite'],
  ['update', 'To update'],
  ['skip', 'Skipped'],
  ['error', 'With errors'],
] as const;

/** The four counts of a preview or an import. */
export function RosterCounts({ counts, label }: { counts: Counts; label: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={label}>
      {LABELS.map(([key, name]) => (
        <div key={key} className="rounded-(--radius-card) border border-border bg-surface p-3">
          <dt className="text-sm text-fg-muted">{name}</dt>
          <dd className={`text-2xl font-semibold tabular-nums ${key === 'error' && counts.error > 0 ? 'text-danger-fg' : 'text-fg'}`}>
            {counts[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
