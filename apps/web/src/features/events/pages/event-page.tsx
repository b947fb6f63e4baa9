import { CalendarDays, CalendarPlus, ClipboardCheck, Globe, MapPin, UserRound, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { Event } from '@alumlink/contract';
import { Badge, buttonClasses, Card, ErrorState, Facts, Spinner } from '@/components/ui';
import { eventCheckInHref, paths } from '@/config/paths';
import { eventCalendarUrl } from '../api/event-attendees';
import { useEvent } from '../api/get-event';
import { EventStatusBadge, eventPlacesText } from '../components/event-places';
import { EventRegistration } from '../components/event-registration';
import { WhoIsGoing } from '../components/who-is-going';
import { eventTimes } from '../event-time';

export const EVENT_PAGE_TEXTS = { loadFailed: 'Failed to load this event. Please try again.' } as const;

/** /user/events/:eventId: the event in full (venue, times in its zone and the viewer's), the viewer's registration, and who is going. */
export function EventPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);

  let body;
  if (event.isPending) {
    body = (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading the event" />
      </div>
    );
  } else if (event.isError) {
    body = <ErrorState message={EVENT_PAGE_TEXTS.loadFailed} onRetry={() => void event.refetch()} />;
  } else {
    body = <EventDetails event={event.data} />;
  }
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={paths.user.events} className="text-sm font-medium text-accent-fg hover:underline">
        ← All events
      </Link>
      {body}
    </div>
  );
}

function EventDetails({ event }: { event: Event }) {
  const times = eventTimes(event.date, event.ends_at, event.time_zone);
  return (
    <>
      <Card className="overflow-hidden">
        {event.image ? <img src={event.image} alt="" width={960} height={400} className="aspect-[12/5] w-full object-cover" /> : null}
        <div className="space-y-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{event.category}</Badge>
            <EventStatusBadge event={event} />
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-fg">{event.title}</h1>
          <Facts
            layout="column"
            facts={[
              { icon: CalendarDays, label: 'When', value: <time dateTime={event.date}>{times.local}</time> },
              times.yours ? { icon: Globe, label: 'In your time zone', value: `Your time: ${times.yours}` } : null,
              event.venue ? { icon: MapPin, label: 'Venue', value: event.venue } : null,
              { icon: UserRound, label: 'Host', value: `Hosted by ${event.host}` },
              { icon: Users, label: 'Registrations', value: eventPlacesText(event) },
            ]}
          />
          <p className="text-sm leading-6 whitespace-pre-line text-fg">{event.description}</p>
          <EventRegistration event={event} />
          <div className="flex flex-wrap gap-2">
            <a href={eventCalendarUrl(event.id)} download={`event-${event.id}.ics`} className={buttonClasses('ghost', 'sm')}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Add to calendar
            </a>
            {event.can_manage ? (
              <Link to={eventCheckInHref(event.id)} className={buttonClasses('secondary', 'sm')}>
                <ClipboardCheck aria-hidden="true" className="size-4" />
                Attendees &amp; check-in
              </Link>
            ) : null}
          </div>
        </div>
      </Card>
      <WhoIsGoing event={event} />
    </>
  );
}
