import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { MENTORING_LIMITS } from '@alumlink/contract';
import { EmptyState, Field, Input, PagedList, SkeletonList, TitledSection } from '@/components/ui';
import { useMentors } from '../api/get-mentors';
import { MentorCard } from './mentor-card';

const FILTERS = [
  { key: 'topic', label: 'Topic', maxLength: MENTORING_LIMITS.topicMax, placeholder: 'e.g. React' },
  { key: 'q', label: 'Name', maxLength: MENTORING_LIMITS.nameQueryMax, placeholder: 'Search by name' },
] as const;

/** "Find a mentor": topic and name filters, then open mentors (free places first, least loaded first). */
export function FindMentorSection() {
  const [typed, setTyped] = useState({ topic: '', q: '' });
  const filters = useDeferredValue({ topic: typed.topic.trim(), q: typed.q.trim() });
  const mentors = useMentors(filters);

  return (
    <TitledSection id="find-mentor-heading" title="Find a mentor">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {FILTERS.map((filter) => (
          <Field key={filter.key} label={filter.label}>
            <Input
              type="search"
              value={typed[filter.key]}
              maxLength={filter.maxLength}
              placeholder={filter.placeholder}
              onChange={(event) => setTyped((current) => ({ ...current, [filter.key]: event.target.value }))}
            />
          </Field>
        ))}
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
    </TitledSection>
  );
}
