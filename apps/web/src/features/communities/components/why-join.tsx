import { Handshake, Lightbulb, TrendingUp } from 'lucide-react';
import { Card } from '@/components/ui';

const BENEFITS = [
  { icon: Handshake, title: 'Build real connections', text: 'Meet alumni and peers who share your interests and can open doors for you.' },
  {
    icon: Lightbulb,
    title: 'Learn from each other',
    text: 'Swap resources, ask questions and get feedback from people who have been there.',
  },
  { icon: TrendingUp, title: 'Grow your career', text: 'Hear about referrals, jobs and events first, straight from your community.' },
] as const;

export function WhyJoin() {
  return (
    <section aria-labelledby="why-join-heading" className="mt-16">
      <h2 id="why-join-heading" className="text-center text-2xl font-bold tracking-tight text-fg">
        Why join a community?
      </h2>
      <div className="mt-8 grid gap-5 md:grid-cols-3">
        {BENEFITS.map((benefit) => (
          <Card key={benefit.title} className="p-6 text-center">
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-fg">
              <benefit.icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-4 text-base font-semibold text-fg">{benefit.title}</h3>
            <p className="mt-2 text-sm leading-6 text-fg-muted">{benefit.text}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}
