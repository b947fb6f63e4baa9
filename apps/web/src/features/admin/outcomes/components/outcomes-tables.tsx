import type { ReactNode } from 'react';
import { REFERRAL_REQUEST_STATUS_LABELS, type Outcomes } from '@alumlink/contract';
import { Card, CardContent, CardHeader, CardTitle, StatsTable } from '@/components/ui';
import { MENTORSHIP_COUNTS } from '../../mentoring/mentorship-counts';

const REACHED = ['requested', 'referred', 'interviewing'] as const;
const END_STATES = ['hired', 'not_selected', 'declined', 'withdrawn', 'expired', 'closed'] as const;

function TableCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The outcomes' tables: requests by status, hires by company, by cohort, mentorships. */
export function OutcomesTables({ outcomes }: { outcomes: Outcomes }) {
  const byStatus = [
    ...REACHED.map((stage) => ({
      key: stage,
      label: stage === 'requested' ? 'Requests made' : `Reached ${REFERRAL_REQUEST_STATUS_LABELS[stage].toLowerCase()}`,
      values: [outcomes.referrals[stage]],
    })),
    ...END_STATES.map((status) => ({ key: status, label: REFERRAL_REQUEST_STATUS_LABELS[status], values: [outcomes.referrals[status]] })),
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <TableCard title="By status">
        <StatsTable caption="Requests by status" columns={['Status', 'Requests']} rows={byStatus} />
      </TableCard>
      <TableCard title="Hires by company">
        {outcomes.hires_by_company.length === 0 ? (
          <p className="text-sm text-fg-muted">No hires in this period.</p>
        ) : (
          <StatsTable
            caption="Hires by company"
            columns={['Company', 'Hires']}
            rows={outcomes.hires_by_company.map((row) => ({ key: row.company, label: row.company, values: [row.count] }))}
          />
        )}
      </TableCard>
      <TableCard title="By cohort">
        <StatsTable
          caption="Requests and hires by cohort"
          columns={['Cohort', 'Requests', 'Hires']}
          rows={outcomes.by_cohort.map((row) => ({
            key: row.cohort_year ?? 'none',
            label: row.cohort_year ?? 'No cohort',
            values: [row.requested, row.hired],
          }))}
        />
      </TableCard>
      <TableCard title="Mentorships">
        <StatsTable
          caption="Mentorships by status"
          columns={['Status', 'Mentorships']}
          rows={MENTORSHIP_COUNTS.map(([key, label]) => ({ key, label, values: [outcomes.mentorships[key]] }))}
        />
      </TableCard>
    </div>
  );
}
