import { HeartHandshake, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses, Card, PageHeader } from '@/components/ui';
import { paths } from '@/config/paths';
import { CtaLink } from '../components/cta-link';

const VALUES = [
  { icon: HeartHandshake, title: 'Community first', text: 'AlumLink exists so members help each other: advice, referrals and friendship.' },
  { icon: ShieldCheck, title: 'Safe and verified', text: 'Verified accounts, moderated posts and privacy by default.' },
  { icon: Sparkles, title: 'Open source', text: 'Built in the open so any training community can run its own network.' },
] as const;

const STATS = [
  { value: '8', label: 'Industry communities' },
  { value: '4', label: 'Member roles' },
  { value: '1', label: 'Community that has your back' },
] as const;

export function AboutPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow="About"
        title="About AlumLink"
        description="AlumLink is the professional network of our training community. Trainees, interns, alumni and administrators share one place to learn, connect and open doors for each other."
      >
        <div className="mt-6 flex flex-wrap gap-3">
          <CtaLink>Join Community</CtaLink>
          <Link to={paths.communities} className={buttonClasses('secondary', 'sm')}>
            Explore communities
          </Link>
        </div>
      </PageHeader>
      <dl className="mt-12 grid gap-5 sm:grid-cols-3">
        {STATS.map((stat) => (
          <Card key={stat.label} className="p-6">
            <dt className="text-sm text-fg-muted">{stat.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-accent-fg">{stat.value}</dd>
          </Card>
        ))}
      </dl>
      <section aria-labelledby="values-heading" className="mt-14">
        <h2 id="values-heading" className="text-2xl font-bold tracking-tight text-fg">
          What we believe
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.title}>
              <Card className="h-full p-6">
                <value.icon aria-hidden="true" className="size-7 text-accent-fg" />
                <h3 className="mt-4 text-lg font-semibold text-fg">{value.title}</h3>
                <p className="mt-2 text-sm leading-6 text-fg-muted">{value.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
