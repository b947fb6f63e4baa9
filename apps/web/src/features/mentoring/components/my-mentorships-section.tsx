import { Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, PagedList, SkeletonList } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useMentorships } from '../api/get-mentorships';
import { MentorshipCard } from './mentorship-card';

type Side = 'mentee' | 'mentor';

/** The side shown, the way to change it, and its list (the page loads it with its other lists). */
export type MyMentorships = ReturnType<typeof useMyMentorships>;

/** The caller's mentorships on one side: the mentor's side first when a request waits there. */
export function useMyMentorships(canMentor: boolean) {
  const [chosen, setSide] = useState<Side | null>(null);
  // Land where something waits: a request to answer as mentor comes before one's own as mentee.
  const waitingAsMentor = useMentorships({ as: 'mentor', status: 'pending' }, { enabled: canMentor && chosen === null });
  const mentorFirst = (waitingAsMentor.data?.pages[0]?.results.length ?? 0) > 0;
  const side: Side = chosen ?? (canMentor && mentorFirst ? 'mentor' : 'mentee');
  const deciding = canMentor && chosen === null && waitingAsMentor.isPending;
  const mentorships = useMentorships({ as: side }, { enabled: !deciding });
  return { side, setSide, query: deciding ? waitingAsMentor : mentorships };
}

/** "My mentorships": as mentee or as mentor, newest first, each with its actions. */
export function MyMentorshipsSection({ canMentor, mine }: { canMentor: boolean; mine: MyMentorships }) {
  const { side, setSide } = mine;

  return (
    <section aria-labelledby="my-mentorships-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-mentorships-heading" className="text-lg font-semibold text-fg">
          My mentorships
        </h2>
        {canMentor ? (
          // A toggle, not tabs: one list below shows either side (tabs would point at panels that are not there).
          <div role="group" aria-label="Side" className="inline-flex rounded-xl border border-border bg-surface-muted p-1">
            {(['mentee', 'mentor'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={side === value}
                onClick={() => setSide(value)}
                className={cn(
                  'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  side === value ? 'bg-surface text-fg shadow-xs' : 'text-fg-muted hover:text-fg',
                )}
              >
                {value === 'mentee' ? 'As mentee' : 'As mentor'}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <PagedList
        query={mine.query}
        loading={<SkeletonList label="Loading mentorships" itemClassName="h-32" />}
        error="Failed to load your mentorships."
        empty={
          <EmptyState
            icon={<Users aria-hidden="true" className="size-6" />}
            title={side === 'mentor' ? 'No requests yet' : 'No mentorships yet'}
            description={side === 'mentor' ? 'Requests from mentees appear here.' : 'Find a mentor above and send a request.'}
          />
        }
        label={side === 'mentor' ? 'Mentorships as mentor' : 'Mentorships as mentee'}
        className="space-y-3"
        itemKey={(mentorship) => mentorship.id}
        renderItem={(mentorship) => <MentorshipCard mentorship={mentorship} side={side} />}
      />
    </section>
  );
}
