import { BadgeCheck, Briefcase, Code, GraduationCap, Palette, ShieldCheck } from 'lucide-react';
import { PageHeader } from '@/components/ui';
import { CtaLink } from '../components/cta-link';
import { InfoGrid, type InfoItem } from '../components/info-grid';

const PROFESSIONALS: readonly InfoItem[] = [
  { icon: Code, title: 'Software engineers', text: 'Alumni building products at start-ups and global tech companies.' },
  { icon: Palette, title: 'Designers', text: 'UI/UX and product designers who shaped the apps you use every day.' },
  { icon: Briefcase, title: 'Business leaders', text: 'Managers and founders happy to share how they got there.' },
  { icon: GraduationCap, title: 'Mentors', text: 'Senior alumni who set time aside every month for the next batch.' },
  { icon: ShieldCheck, title: 'Verified by e-mail', text: 'Every account confirms its e-mail with a one-time code before joining.' },
  { icon: BadgeCheck, title: 'Real roles', text: 'Trainee, intern, alumni or admin: you always know who you are talking to.' },
];

export function VerifiedProfessionalsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow="Verified Professionals"
        title="A network you can trust"
        description="Connect with verified members of our community, from this year's trainees to alumni leading teams."
      >
        <div className="mt-6">
          <CtaLink>Connect</CtaLink>
        </div>
      </PageHeader>
      <InfoGrid items={PROFESSIONALS} action="Connect" />
    </div>
  );
}
