import type { Outcomes } from '@alumlink/contract';

const STAGES = [
  { key: 'requested', label: 'Requested' },
  { key: 'referred', label: 'Referred' },
  { key: 'interviewing', label: 'Interviewing' },
  { key: 'hired', label: 'Hired' },
] as const;

/**
 * The funnel as horizontal bars (CSS widths, no chart library): each stage's count, its share of
 * the requests, and the bar's width proportional to it. The numbers are text, so screen readers
 * and the table below say the same.
 */
export function FunnelChart({ referrals }: { referrals: Outcomes['referrals'] }) {
  const total = referrals.requested;
  return (
    <ol aria-label="Referral funnel" className="space-y-3">
      {STAGES.map((stage, index) => {
        const count = referrals[stage.key];
        const share = total === 0 ? 0 : Math.round((count / total) * 100);
        return (
          <li key={stage.key} className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <span className="text-sm font-medium text-fg">{stage.label}</span>
            <div className="flex items-center gap-2">
              <div className="h-7 min-w-0 flex-1 overflow-hidden rounded-md bg-surface-muted">
                <div
                  className="h-full rounded-md bg-primary transition-[width] duration-500"
                  style={{ width: `${total === 0 ? 0 : Math.max(count > 0 ? 2 : 0, (count / total) * 100)}%`, opacity: 1 - index * 0.15 }}
                />
              </div>
              <span className="w-20 shrink-0 text-right text-sm text-fg tabular-nums">
                {count}
                <span className="ml-1 text-xs text-fg-muted">{share}%</span>
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
