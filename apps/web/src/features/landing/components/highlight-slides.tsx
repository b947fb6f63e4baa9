import { Briefcase, CalendarHeart, UsersRound } from 'lucide-react';
import type { CarouselSlide } from './carousel';

const HIGHLIGHTS = [
  {
    id: 'reconnect',
    icon: UsersRound,
    title: 'Reconnect with your batch',
    text: 'Find the people you trained with and pick up right where you left off.',
    tone: 'from-indigo-600 to-violet-600',
  },
  {
    id: 'referrals',
    icon: Briefcase,
    title: 'Get referred by alumni',
    text: 'Alumni share openings at their companies and refer people they trust.',
    tone: 'from-sky-700 to-indigo-600',
  },
  {
    id: 'events',
    icon: CalendarHeart,
    title: 'Learn at community events',
    text: 'Workshops, AMAs and meetups run by members, for members.',
    tone: 'from-violet-700 to-fuchsia-700',
  },
] as const;

export const highlightSlides: CarouselSlide[] = HIGHLIGHTS.map((highlight) => ({
  id: highlight.id,
  content: (
    <div className={`flex min-h-56 flex-col justify-center bg-gradient-to-br ${highlight.tone} px-8 py-10 text-white sm:min-h-64 sm:px-14`}>
      <highlight.icon aria-hidden="true" className="size-10 opacity-90" />
      <h3 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{highlight.title}</h3>
      <p className="mt-2 max-w-xl text-base text-white/90">{highlight.text}</p>
    </div>
  ),
}));
