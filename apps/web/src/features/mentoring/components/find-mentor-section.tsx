import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { MENTORING_LIMITS } from '@alumlink/contract';
import { EmptyState, Field, Input, PagedList, SkeletonList } from '@/components/ui';
import { useMentors } from '../api/get-mentors';
import { MentorCard } from './mentor-card';

/** "Find a mentor": topic and name filters, then open mentors (free places first, least loaded first). */
export function FindMentorSection() {
  const [topic, setTopic] = useState('');
  const [q, setQ] = useState('');
  const filters = useDeferredValue({ topic: topic.trim(), q: q.trim() });
  const mentors = useMentors(filters);

  return (
    <section aria-labelledby="find-mentor-heading" className="space-y-4">
      <h2 id="find-mentor-heading" className="text-lg font-semibold text-fg">
        Find a mentor
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
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
      <PagedList
        query={mentors}
        loading={<SkeletonList label="Loading mentors" count={2} className="grid grid-cols-1 gap-3 sm:grid-cols-2" itemClassName="h-40" />}
        error="Failed to load mentors."
        empty={
          <EmptyState
            icon={<Search aria-hidden="true" className="size-6" />}
            title="No mentors found"
            description={filters.topic || filters.q ? 'Try another topic or name.' : 'No mentor has a free place right now.'}
          />
        }
        label="Mentors"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        itemKey={(mentor) => mentor.id}
        renderItem={(mentor) => <MentorCard mentor={mentor} />}
      />
    </section>
  );
}
