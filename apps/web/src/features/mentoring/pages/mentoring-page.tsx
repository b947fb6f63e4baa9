import { useLoadedOnce } from '@/lib/use-loaded-once';
import { useStoredUser } from '@/lib/use-session';
import { useMentorProfile } from '../api/get-mentor-profile';
import { useMentors } from '../api/get-mentors';
import { FindMentorSection } from '../components/find-mentor-section';
import { MentorProfileCard } from '../components/mentor-profile-form';
import { MyMentorshipsSection, useMyMentorships } from '../components/my-mentorships-section';

/** The mentors list as it first opens (Find a mentor keeps its own filters). */
const NO_FILTERS = { topic: '', q: '' };

/** /user/mentoring: find a mentor, my mentorships (both sides), and for alumni the mentor card. */
export function MentoringPage() {
  const user = useStoredUser();
  const canMentor = user?.role === 'AL' || user?.role === 'AD';
  const mine = useMyMentorships(canMentor);
  // The three lists load at once; the sections below the first show once all are in, so the
  // mentors arriving never push them down.
  const loaded = useLoadedOnce([useMentors(NO_FILTERS), mine.query, useMentorProfile({ enabled: canMentor })]);
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Mentoring</h1>
        <p className="mt-1 text-sm text-fg-muted">Learn from the people who went before you.</p>
      </div>
      <FindMentorSection />
      {loaded ? <MyMentorshipsSection canMentor={canMentor} mine={mine} /> : null}
      {loaded && canMentor ? <MentorProfileCard /> : null}
    </div>
  );
}
