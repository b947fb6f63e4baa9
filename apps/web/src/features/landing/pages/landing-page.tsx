import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { paths } from '@/config/paths';
import { Carousel } from '../components/carousel';
import { FeatureTiles } from '../components/feature-tiles';
import { FindPeopleCard } from '../components/find-people-card';
import { highlightSlides } from '../components/highlight-slides';
import { LandingSearch } from '../components/landing-search';
import { SuccessStoryVideo } from '../components/success-story-video';
import { TopicPicker } from '../components/topic-picker';

export function LandingPage() {
  return (
    <>
      <section className="relative isolate overflow-hidden border-b border-border bg-surface">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--primary-soft),transparent)]"
        />
        <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-primary-soft-fg">
            The network of our alumni, interns and trainees
          </p>
          <h1 className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight text-fg sm:text-5xl">
            Welcome to <span className="text-accent-fg">AlumLink</span>, your professional community
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 text-fg-muted">
            Connect with alumni, find mentors and referrals, and grow your career with people who started where you did.
          </p>
          <div className="mt-8 flex w-full justify-center">
            <LandingSearch />
          </div>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={paths.signup} className={buttonClasses('primary', 'lg')}>
              Join now
            </Link>
            <Link to={paths.login} className={buttonClasses('secondary', 'lg')}>
              Sign in
            </Link>
          </div>
        </div>
      </section>

      <FeatureTiles />

      <section aria-label="Get started" className="mx-auto grid max-w-6xl grid-cols-1 gap-5 px-4 sm:px-6 md:grid-cols-2">
        <FindPeopleCard />
        <TopicPicker />
      </section>

      <section aria-labelledby="stories-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="stories-heading" className="text-center text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          Stories from our community
        </h2>
        <div className="mt-10 grid grid-cols-1 items-start gap-8 lg:grid-cols-2">
          <SuccessStoryVideo />
          <Carousel slides={highlightSlides} label="Community highlights" />
        </div>
      </section>
    </>
  );
}
