import { Users } from 'lucide-react';
import { useState } from 'react';
import { Button, EmptyState, ErrorState, Skeleton, Tabs, TabsList, TabsTrigger } from '@/components/ui';
import { useMentorships } from '../api/get-mentorships';
import { MentorshipCard } from './mentorship-card';

type Side = 'mentee' | 'mentor';

/** "My mentorships": as mentee or as mentor, newest first, each with its actions. */
export function MyMentorshipsSection({ canMentor }: { canMentor: boolean }) {
  const [side, setSide] = useState<Side>('mentee');
  const mentorships = useMentorships({ as: side });
  const items = mentorships.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <section aria-labelledby="my-mentorships-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-mentorships-heading" className="text-lg font-semibold text-fg">
          My mentorships
        </h2>
        {canMentor ? (
          <Tabs value={side} onValueChange={(value) => setSide(value as Side)}>
            <TabsList aria-label="Side">
              <TabsTrigger value="mentee">As mentee</TabsTrigger>
              <TabsTrigger value="mentor">As mentor</TabsTrigger>
            </TabsList>
          </Tabs>
        ) : null}
      </div>
      {mentorships.isPending ? (
        <div role="status" aria-label="Loading mentorships">
          <Skeleton className="h-32" />
        </div>
      ) : mentorships.isError && items.length === 0 ? (
        <ErrorState message="Failed to load your mentorships." onRetry={() => void mentorships.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Users aria-hidden="true" className="size-6" />}
          title={side === 'mentor' ? 'No requests yet' : 'No mentorships yet'}
          description={side === 'mentor' ? 'Requests from mentees appear here.' : 'Find a mentor above and send a request.'}
        />
      ) : (
        <>
          <ul aria-label={side === 'mentor' ? 'Mentorships as mentor' : 'Mentorships as mentee'} className="space-y-3">
            {items.map((mentorship) => (
              <li key={mentorship.id}>
                <MentorshipCard mentorship={mentorship} side={side} />
              </li>
            ))}
          </ul>
          {mentorships.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void mentorships.fetchNextPage()} loading={mentorships.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
