import { Brain, ChartLine, Cloud, Code, Megaphone, Palette } from 'lucide-react';
import { PageHeader } from '@/components/ui';
import { CtaLink } from '../components/cta-link';
import { InfoGrid, type InfoItem } from '../components/info-grid';

const INDUSTRIES: readonly InfoItem[] = [
  { icon: Code, title: 'Software development', text: 'Web, mobile and back-end engineers trading code reviews and career tips.' },
  { icon: Palette, title: 'Design', text: 'Portfolio reviews, critiques and design-system talk.' },
  { icon: Brain, title: 'Data and AI', text: 'Analysts and ML engineers sharing projects, papers and openings.' },
  { icon: Cloud, title: 'Cloud and DevOps', text: 'Infrastructure people helping each other ship reliably.' },
  { icon: Megaphone, title: 'Marketing', text: 'Growth, content and brand folks comparing what works.' },
  { icon: ChartLine, title: 'Business and finance', text: 'Strategy, operations and finance professionals from every sector.' },
];

export function IndustryCommunitiesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow="Industry Communities"
        title="Grow inside your industry"
        description="Each community brings together members working in the same field, so advice is specific and introductions are warm."
      >
        <div className="mt-6">
          <CtaLink>Join Community</CtaLink>
        </div>
      </PageHeader>
      <InfoGrid items={INDUSTRIES} action="Join Community" />
    </div>
  );
}
