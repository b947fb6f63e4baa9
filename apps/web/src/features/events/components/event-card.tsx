import { CalendarDays, CircleCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { Event } from '@alumlink/contract';
import { Badge, buttonClasses, Card } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { formatEventDate } from '@/lib/format';
import { useStoredUser } from '@/lib/use-session';

function EventImage({ event }: { event: Event }) {
  if (!event.image) {
    return (
      <div aria-hidden="true" className="flex aspect-[16/9] items-center justify-center bg-gradient-to-br from-indigo-500 via-indigo-600 to-sky-500">
        <CalendarDays className="size-12 text-white/80" />
      </div>
    );
  }
  return <img src={event.image} alt="" loading="lazy" decoding="async" width={640} height={360} className="aspect-[16/9] w-full object-cover" />;
}

export function EventCard({ event }: { event: Event }) {
  const user = useStoredUser();
  // Registration arrives with the events issue; until then visitors go to sign in.
  const registerHref = user ? homeHrefFor(user) : paths.login;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <EventImage event={event} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{event.category}</Badge>
          {event.registered ? (
            <Badge tone="success">
              <CircleCheck aria-hidden="true" className="size-3.5" />
              Registered
            </Badge>
          ) : null}
        </div>
        <h2 className="mt-3 text-lg font-semibold text-fg">{event.title}</h2>
        <dl className="mt-2 space-y-1 text-sm text-fg-muted">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays aria-hidden="true" className="size-4" />
              <span className="sr-only">Date</span>
            </dt>
            <dd>
              <time dateTime={event.date}>{formatEventDate(event.date)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <UserRound aria-hidden="true" className="size-4" />
              <span className="sr-only">Host</span>
            </dt>
            <dd>Hosted by {event.host}</dd>
          </div>
        </dl>
        <p className="mt-3 flex-1 text-sm leading-6 text-fg-muted">{event.description}</p>
        <Link to={registerHref} className={buttonClasses('primary', 'md', 'mt-5 w-full')} aria-label={`Register Now: ${event.title}`}>
          Register Now
        </Link>
      </div>
    </Card>
  );
}
