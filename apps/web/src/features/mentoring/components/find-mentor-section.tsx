import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { MENTORING_LIMITS } from '@alumlink/contract';
import { Button, EmptyState, ErrorState, Field, Input, Skeleton } from '@/components/ui';
import { useMentors } from '../api/get-mentors';
import { MentorCard } from './mentor-card';

/** "Find a mentor": topic and name filters, then open mentors (free places first, least loaded first). */
export function FindMentorSection() {
  const [topic, setTopic] = useState('');
  const [q, setQ] = useState('');
  const filters = useDeferredValue({ topic: topic.trim(), q: q.trim() });
  const mentors = useMentors(filters);
  const items = mentors.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <section aria-labelledby="find-mentor-heading" className="space-y-4">
      <h2 id="find-mentor-heading" className="text-lg font-semibold text-fg">
        Find a mentor
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Topic">
          <Input
            type="search"
            value={topic}
            maxLength={MENTORING_LIMITS.topicMax}
            placeholder="e.g. React"
            onChange={(event) => setTopic(event.target.value)}
          />
        </Field>
        <Field label="Name">
          <Input
            type="search"
            value={q}
            maxLength={MENTORING_LIMITS.nameQueryMax}
            placeholder="Search by name"
            onChange={(event) => setQ(event.target.value)}
          />
        </Field>
      </div>
      {mentors.isPending ? (
        <div role="status" aria-label="Loading mentors" className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : mentors.isError && items.length === 0 ? (
        <ErrorState message="Failed to load mentors." onRetry={() => void mentors.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Search aria-hidden="true" className="size-6" />}
          title="No mentors found"
          description={filters.topic || filters.q ? 'Try another topic or name.' : 'No mentor has a free place right now.'}
        />
      ) : (
        <>
          <ul aria-label="Mentors" className="grid gap-3 sm:grid-cols-2">
            {items.map((mentor) => (
              <li key={mentor.id}>
                <MentorCard mentor={mentor} />
              </li>
            ))}
          </ul>
          {mentors.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void mentors.fetchNextPage()} loading={mentors.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
