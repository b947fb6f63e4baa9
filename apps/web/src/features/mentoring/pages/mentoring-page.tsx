import { useStoredUser } from '@/lib/use-session';
import { FindMentorSection } from '../components/find-mentor-section';
import { MentorProfileCard } from '../components/mentor-profile-form';
import { MyMentorshipsSection } from '../components/my-mentorships-section';

/** /user/mentoring: find a mentor, my mentorships (both sides), and for alumni the mentor card. */
export function MentoringPage() {
  const user = useStoredUser();
  const canMentor = user?.role === 'AL' || user?.role === 'AD';
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Mentoring</h1>
        <p className="mt-1 text-sm text-fg-muted">Learn from the people who went before you.</p>
      </div>
      <FindMentorSection />
      <MyMentorshipsSection canMentor={canMentor} />
      {canMentor ? <MentorProfileCard /> : null}
    </div>
  );
}
