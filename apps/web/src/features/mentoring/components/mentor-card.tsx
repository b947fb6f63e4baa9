import { displayName, type Mentor } from '@alumlink/contract';
import { Link } from 'react-router';
import { Avatar, Badge, Card } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { MentorRequestState } from './mentor-request-state';

/** One mentor of the list: who they are, where they work, topics, free places, and Request. */
export function MentorCard({ mentor }: { mentor: Mentor }) {
  const name = displayName(mentor);
  const free = mentor.capacity - mentor.active_count;
  const work = [mentor.job_title, mentor.company].filter(Boolean).join(' at ');
  return (
    <Card className="flex h-full flex-col gap-3 p-4" role="article" aria-label={`Mentor ${name}`}>
      <div className="flex items-start gap-3">
        <Avatar src={mentor.image} personId={mentor.id} name={name} alt="" />
        <div className="min-w-0 flex-1">
          <Link to={profileHref(mentor.id)} className="block truncate font-semibold text-fg hover:underline">
            {name}
          </Link>
          {work ? <p className="truncate text-sm text-fg-muted">{work}</p> : null}
          <p className="text-xs text-fg-subtle">
            {free} of {mentor.capacity} {mentor.capacity === 1 ? 'place' : 'places'} free
          </p>
        </div>
      </div>
      <ul aria-label="Topics" className="flex flex-wrap gap-1.5">
        {mentor.topics.map((topic) => (
          <li key={topic}>
            <Badge tone="brand">{topic}</Badge>
          </li>
        ))}
      </ul>
      {mentor.about ? <p className="line-clamp-3 text-sm text-fg-muted">{mentor.about}</p> : null}
      <div className="mt-auto flex justify-end">
        <MentorRequestState mentor={mentor} />
      </div>
    </Card>
  );
}
