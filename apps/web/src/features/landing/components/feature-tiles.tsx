import { ArrowRight, BadgeCheck, Building2, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const TILES = [
  {
    to: paths.verifiedProfessionals,
    icon: BadgeCheck,
    title: 'Verified Professionals',
    text: 'Every member is a verified alumnus, intern or trainee of our community.',
  },
  {
    to: paths.industryCommunities,
    icon: Building2,
    title: 'Industry Communities',
    text: 'Join groups for your field and learn from people who work in it.',
  },
  {
    to: paths.careerGrowth,
    icon: TrendingUp,
    title: 'Career Growth',
    text: 'Referrals, jobs and mentoring to take the next step in your career.',
  },
] as const;

export function FeatureTiles() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="features-heading" className="text-center text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Everything you need to grow together
      </h2>
      <ul className="mt-10 grid gap-5 md:grid-cols-3">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="group flex h-full flex-col rounded-(--radius-card) border border-border bg-surface p-6 shadow-(--shadow-card) transition hover:-translate-y-0.5 hover:shadow-(--shadow-raised) focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
                <tile.icon aria-hidden="true" className="size-6" />
              </span>
              <span className="mt-4 text-lg font-semibold text-fg">{tile.title}</span>
              <span className="mt-2 flex-1 text-sm leading-6 text-fg-muted">{tile.text}</span>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-accent-fg">
                Learn more <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
