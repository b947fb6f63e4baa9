import { Briefcase, CalendarDays, Compass, Handshake, MessagesSquare, Trophy } from 'lucide-react';
import { PageHeader } from '@/components/ui';
import { CtaLink } from '../components/cta-link';
import { InfoGrid, type InfoItem } from '../components/info-grid';

const PATHS: readonly InfoItem[] = [
  { icon: Handshake, title: 'Alumni referrals', text: 'Alumni post roles at their companies and refer members they know.' },
  { icon: Briefcase, title: 'Job board', text: 'Full-time, part-time and contract roles shared by the community.' },
  { icon: MessagesSquare, title: 'Mentoring', text: 'Message an alumnus for a CV review or a mock interview.' },
  { icon: CalendarDays, title: 'Events', text: 'Workshops and talks that teach what the job actually needs.' },
  { icon: Compass, title: 'Career paths', text: 'See how others moved from trainee to intern to their first role.' },
  { icon: Trophy, title: 'Success stories', text: 'Learn from members who landed the job you want.' },
];

export function CareerGrowthPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow="Career Growth"
        title="Take the next step, with help"
        description="Referrals, jobs, mentoring and events from people who were in your shoes not long ago."
      >
        <div className="mt-6">
          <CtaLink>Explore</CtaLink>
        </div>
      </PageHeader>
      <InfoGrid items={PATHS} action="Explore" />
    </div>
  );
}
