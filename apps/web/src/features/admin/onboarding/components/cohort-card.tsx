import { ROLE_LABELS, type Cohort } from '@alumlink/contract';
import { CalendarClock, Users } from 'lucide-react';
import { Badge, Button, Card, CardContent } from '@/components/ui';
import { formatMediumDate } from '@/lib/format';
import { CohortsEditDialog } from './cohorts-edit-dialog';
import { CohortsMembersDialog } from './cohorts-members-dialog';

const formatDay = (day: string) => formatMediumDate(`${day}T00:00:00Z`, 'UTC');

/** "today", "in 6 days", "3 days ago" for a YYYY-MM-DD day (UTC days, as the server counts them). */
export function whenOf(day: string, now: Date = new Date()): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - today) / 86_400_000);
  if (days === 0) return 'today';
  if (days > 0) return days === 1 ? 'tomorrow' : `in ${days} days`;
  return days === -1 ? 'yesterday (due now)' : `${-days} days ago (due now)`;
}

/** What the cohort's next step does, e.g. "In 6 days (Dec 4, 2026): 8 people become Alumni". */
export function describeNextStep(cohort: Cohort, now?: Date): string {
  const step = cohort.next_step;
  if (!step) return 'All steps taken: its people are alumni.';
  const who = step.people === 1 ? '1 person becomes' : `${step.people} people become`;
  const when = whenOf(step.on, now);
  return `${when.charAt(0).toUpperCase()}${when.slice(1)} (${formatDay(step.on)}): ${who} ${ROLE_LABELS[step.role]}.`;
}

export interface CohortCardProps {
  cohort: Cohort;
  applying: boolean;
  onApply: (cohort: Cohort) => void;
}

/** One cohort: its dates, members, what changes next and when, and "Apply now". */
export function CohortCard({ cohort, applying, onApply }: CohortCardProps) {
  return (
    <Card>
      <CardContent className="space-y-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-fg [overflow-wrap:anywhere]">{cohort.name}</h2>
            <p className="text-sm text-fg-muted">Year {cohort.year}</p>
          </div>
          <Badge tone="brand" className="inline-flex items-center gap-1">
            <Users aria-hidden className="size-3.5" />
            {cohort.members_count === 1 ? '1 member' : `${cohort.members_count} members`}
          </Badge>
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-fg-subtle">Interns from</dt>
            <dd className="text-fg">{cohort.intern_from ? formatDay(cohort.intern_from) : 'No internship step'}</dd>
          </div>
          <div>
            <dt className="text-fg-subtle">Alumni from</dt>
            <dd className="text-fg">{formatDay(cohort.alumni_from)}</dd>
          </div>
        </dl>
        <p className="flex items-start gap-2 rounded-lg bg-surface-muted p-3 text-sm text-fg">
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-fg-muted" />
          <span>
            <span className="font-medium">Next: </span>
            {describeNextStep(cohort)}
          </span>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <CohortsMembersDialog cohort={cohort} />
          <CohortsEditDialog cohort={cohort} />
          <Button variant="secondary" size="sm" loading={applying} onClick={() => onApply(cohort)} aria-label={`Apply now: ${cohort.name}`}>
            Apply now
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
