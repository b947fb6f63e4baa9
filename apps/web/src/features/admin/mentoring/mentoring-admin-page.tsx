import { displayName } from '@alumlink/contract';
import { Badge, Card, EmptyState, ErrorState, LoadingState, StatsTable, TitledSection } from '@/components/ui';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useAdminMentoring } from './api/get-admin-mentoring';
import { MENTORSHIP_COUNTS } from './mentorship-counts';

/** /admin/mentoring: mentorships by status, the most asked-for topics, mentors with their load. */
export function MentoringAdminPage() {
  const overview = useAdminMentoring();
  return (
    <div className="space-y-6">
      <AdminPageTitle title="Mentoring" description="Mentorships across the community." />
      {overview.isPending ? (
        <LoadingState>Loading mentoring...</LoadingState>
      ) : overview.isError ? (
        <ErrorState message="Failed to load mentoring. Please try again later." onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <TitledSection id="mentoring-counts" title="Mentorships" className="space-y-3">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {MENTORSHIP_COUNTS.map(([key, label]) => (
                <Card key={key} className="p-4">
                  <dt className="text-sm text-fg-muted">{label}</dt>
                  <dd className="text-2xl font-bold text-fg">{overview.data.counts[key]}</dd>
                </Card>
              ))}
            </dl>
          </TitledSection>
          <div className="grid gap-6 lg:grid-cols-2">
            <TitledSection id="mentoring-topics" title="Most asked-for topics" className="space-y-3">
              {overview.data.top_topics.length === 0 ? (
                <EmptyState title="No requests yet" description="Topics appear once people ask for mentoring." />
              ) : (
                <Card className="overflow-x-auto p-4">
                  <StatsTable
                    caption="Most asked-for topics"
                    columns={['Topic', 'Requests', 'Mentors']}
                    rows={overview.data.top_topics.map((row) => ({
                      key: row.topic,
                      label: row.topic,
                      values: [row.requests, row.mentors],
                    }))}
                  />
                </Card>
              )}
            </TitledSection>
            <TitledSection id="mentoring-mentors" title={`Mentors (${overview.data.mentor_total})`} className="space-y-3">
              {overview.data.mentors.length === 0 ? (
                <EmptyState title="No mentors yet" description="Alumni become mentors from the Mentoring page." />
              ) : (
                <ul aria-label="Mentors by load" className="space-y-2">
                  {overview.data.mentors.map((mentor) => (
                    <li key={mentor.id}>
                      <Card className="flex flex-wrap items-center justify-between gap-2 p-3">
                        <div className="min-w-0">
                          <p className="truncate font-medium text-fg">{displayName(mentor)}</p>
                          <p className="truncate text-xs text-fg-muted">{mentor.topics.join(', ')}</p>
                        </div>
                        <div className="flex flex-wrap items-center gap-2 text-sm">
                          <Badge tone={mentor.active_count >= mentor.capacity ? 'danger' : 'success'}>
                            {mentor.active_count} / {mentor.capacity}
                          </Badge>
                          {mentor.pending_count > 0 ? <Badge tone="brand">{mentor.pending_count} pending</Badge> : null}
                          {mentor.accepting ? null : <Badge>Paused</Badge>}
                        </div>
                      </Card>
                    </li>
                  ))}
                </ul>
              )}
            </TitledSection>
          </div>
        </>
      )}
    </div>
  );
}
