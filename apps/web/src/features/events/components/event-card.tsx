import { CalendarDays, CalendarPlus, ClipboardCheck, MessagesSquare, UserRound, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Event } from '@alumlink/contract';
import { Badge, Button, buttonClasses, Card, Facts } from '@/components/ui';
import { eventCheckInHref, eventHref, paths } from '@/config/paths';
import { formatEventDate } from '@/lib/format';
import { useStoredUser } from '@/lib/use-session';
import { eventCalendarUrl } from '../api/event-attendees';
import { EventStatusBadge, eventPlacesText } from './event-places';
import { EventRegistration, SignInToRegister } from './event-registration';

// The discussion (and the live connection's code) loads only when someone opens it.
const EventDiscussionDialog = lazy(() => import('./event-discussion').then((m) => ({ default: m.EventDiscussionDialog })));

function EventImage({ event }: { event: Event }) {
  if (!event.image) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-[16/9] items-center justify-center bg-gradient-to-br from-indigo-500 via-indigo-600 to-sky-500"
      >
        <CalendarDays className="size-12 text-white/80" />
      </div>
    );
  }
  return (
    <img src={event.image} alt="" loading="lazy" decoding="async" width={640} height={360} className="aspect-[16/9] w-full object-cover" />
  );
}

function DiscussionButton({ event }: { event: Event }) {
  const user = useStoredUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const label = `Live Discussions: ${event.title}`;
  if (!user) {
    return (
      <Link to={paths.login} state={{ from: location.pathname }} className={buttonClasses('ghost', 'sm', 'w-full')} aria-label={label}>
        <MessagesSquare aria-hidden="true" className="size-4" />
        Live Discussions
      </Link>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="w-full"
        onClick={() => setOpen(true)}
        aria-label={label}
        leftIcon={<MessagesSquare aria-hidden="true" className="size-4" />}
      >
        Live Discussions
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <EventDiscussionDialog event={event} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

export function EventCard({ event }: { event: Event }) {
  const user = useStoredUser();
  return (
    <Card className="flex h-full flex-col overflow-hidden" role="article" aria-label={event.title}>
      <EventImage event={event} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{event.category}</Badge>
          <EventStatusBadge event={event} />
        </div>
        <h2 className="mt-3 text-lg font-semibold text-fg">
          {user ? (
            <Link to={eventHref(event.id)} className="hover:underline focus-visible:outline-2 focus-visible:outline-ring">
              {event.title}
            </Link>
          ) : (
            event.title
          )}
        </h2>
        <Facts
          layout="column"
          className="mt-2"
          facts={[
            { icon: CalendarDays, label: 'Date', value: <time dateTime={event.date}>{formatEventDate(event.date)}</time> },
            { icon: UserRound, label: 'Host', value: `Hosted by ${event.host}` },
            { icon: Users, label: 'Registrations', value: eventPlacesText(event) },
          ]}
        />
        <p className="mt-3 flex-1 text-sm leading-6 text-fg-muted">{event.description}</p>
        {user ? <EventRegistration event={event} /> : <SignInToRegister event={event} />}
        <div className="mt-2 flex flex-wrap gap-2 [&>*]:min-w-40 [&>*]:flex-1">
          <a
            href={eventCalendarUrl(event.id)}
            download={`event-${event.id}.ics`}
            className={buttonClasses('ghost', 'sm')}
            aria-label={`Add to calendar: ${event.title}`}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to calendar
          </a>
          <DiscussionButton event={event} />
        </div>
        {event.can_manage ? (
          <Link
            to={eventCheckInHref(event.id)}
            className={buttonClasses('secondary', 'sm', 'mt-2 w-full')}
            aria-label={`Attendees and check-in: ${event.title}`}
          >
            <ClipboardCheck aria-hidden="true" className="size-4" />
            Attendees &amp; check-in
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
