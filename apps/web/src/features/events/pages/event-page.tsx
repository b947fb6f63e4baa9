import { CalendarDays, CalendarPlus, ClipboardCheck, UserRound, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { displayName, type Event } from '@alumlink/contract';
import { Avatar, Badge, buttonClasses, Card, ErrorState, Facts, PagedList, Spinner } from '@/components/ui';
import { eventCheckInHref, paths } from '@/config/paths';
import { formatZonedDateTime } from '@/lib/format';
import { eventCalendarUrl, useEventAttendees } from '../api/event-attendees';
import { useEvent } from '../api/get-event';
import { EventStatusBadge, eventPlacesText } from '../components/event-places';
import { EventRegistration } from '../components/event-registration';

export const EVENT_PAGE_TEXTS = { loadFailed: 'Failed to load this event. Please try again.' } as const;

/** /user/events/:eventId: the event in full, the viewer's registration, and (for its host and admins) who is going. */
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
              { icon: CalendarDays, label: 'Starts', value: <time dateTime={event.date}>{formatZonedDateTime(event.date)}</time> },
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
      {event.can_manage ? <WhoIsGoing event={event} /> : null}
    </>
  );
}

/** The registered people, page by page (the attendees route answers the host and admins only). */
function WhoIsGoing({ event }: { event: Event }) {
  const attendees = useEventAttendees(event.id, '');
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="who-is-going" className="space-y-3">
        <h2 id="who-is-going" className="text-base font-semibold text-fg">
          Who is going
        </h2>
        <PagedList
          query={attendees}
          loading="Loading who is going…"
          error="Failed to load who is going."
          empty={<p className="text-sm text-fg-muted">Nobody has registered yet.</p>}
          label="Who is going"
          className="divide-y divide-border"
          itemKey={(attendee) => attendee.user.id}
          itemClassName="flex items-center gap-3 py-2.5"
          renderItem={(attendee) => (
            <>
              <Avatar src={attendee.user.image} alt="" size="sm" personId={attendee.user.id} name={displayName(attendee.user)} />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg">{displayName(attendee.user)}</span>
              {attendee.status === 'waitlisted' ? <Badge tone="neutral">Waitlisted</Badge> : null}
            </>
          )}
        />
      </section>
    </Card>
  );
}
