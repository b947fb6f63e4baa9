import { GraduationCap } from 'lucide-react';
import { Badge, Card } from '@/components/ui';
import { useMentor } from '../api/get-mentors';

/** The profile's Mentor badge with the topics; nothing for people who do not mentor. */
export function MentorBadge({ userId }: { userId: number }) {
  const mentor = useMentor(userId);
  if (!mentor.data) return null;
  return (
    <Card className="mb-4 flex flex-col gap-2 p-4 sm:flex-row sm:items-center" aria-label="Mentor">
      <Badge tone="success" className="self-start">
        <GraduationCap aria-hidden="true" className="size-3.5" />
        Mentor
      </Badge>
      <ul aria-label="Mentoring topics" className="flex flex-wrap gap-1.5">
        {mentor.data.topics.map((topic) => (
          <li key={topic}>
            <Badge tone="brand">{topic}</Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}
