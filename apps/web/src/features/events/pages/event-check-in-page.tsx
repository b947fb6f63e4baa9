import { ArrowLeft, Download, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { displayName } from '@alumlink/contract';
import {
  Button,
  buttonClasses,
  Card,
  EmptyState,
  ErrorState,
  PagedList,
  pagedItems,
  SearchBox,
  Skeleton,
  SkeletonList,
} from '@/components/ui';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatEventDate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { downloadAttendeesCsv, useCheckIn, useEventAttendees } from '../api/event-attendees';
import { useEvent } from '../api/get-event';
import { AttendeeRow } from '../components/attendee-row';
import { eventPlacesText } from '../components/event-places';

/** The door list of one event: search, tap to check in, who is in. */
function AttendeeList({ eventId }: { eventId: number }) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 250);
  const attendees = useEventAttendees(eventId, query);
  const checkIn = useCheckIn(eventId);
  const rows = pagedItems(attendees);
  const registered = rows.filter((row) => row.status === 'registered');
  const inCount = registered.filter((row) => row.checked_in_at).length;

  const handleCheckIn = async (userId: number) => {
    try {
      const attendee = await checkIn.mutateAsync(userId);
      toast.success(`${displayName(attendee.user)} is checked in.`);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || 'Failed to check this person in. Please try again.');
    }
  };

  return (
    <Card className="mt-6 p-4 sm:p-6">
      <SearchBox
        id="attendee-search"
        label="Search attendees by name or e-mail"
        value={search}
        onValueChange={setSearch}
        placeholder="Search by name or e-mail"
      />
      {attendees.isSuccess ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm font-medium text-fg-muted">
          <UserCheck aria-hidden="true" className="size-4" />
          {inCount} of {registered.length} {query ? 'shown ' : ''}checked in
        </p>
      ) : null}
      <section aria-label="Attendees" aria-busy={attendees.isFetching} className="mt-2">
        <PagedList
          query={attendees}
          loading={<SkeletonList label="Loading attendees" count={5} className="space-y-3 py-3" itemClassName="h-12 w-full" />}
          error="Failed to load attendees. Please try again."
          retryLabel="Try again"
          empty={
            <EmptyState
              className="mt-3"
              title={query ? 'Nobody matches your search' : 'No registrations yet'}
              description={query ? 'Try another name or e-mail.' : 'People who register will appear here.'}
            />
          }
          render={(list) => (
            <ul className="divide-y divide-border">
              {list.map((attendee) => (
                <AttendeeRow
                  key={attendee.user.id}
                  attendee={attendee}
                  pending={checkIn.isPending && checkIn.variables === attendee.user.id}
                  onCheckIn={(userId) => void handleCheckIn(userId)}
                />
              ))}
            </ul>
          )}
          loadMoreClassName="mt-4"
        />
      </section>
    </Card>
  );
}

/** /user/events/:eventId/check-in: the host's and admins' attendee list, CSV export and check-in. */
export function EventCheckInPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);
  const [downloading, setDownloading] = useState(false);

  const handleDownload = async () => {
    setDownloading(true);
    try {
      await downloadAttendeesCsv(eventId);
    } catch {
      toast.error('Failed to export the attendees. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl">
      <Link to={paths.user.events} className={buttonClasses('ghost', 'sm', '-ml-2')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Events
      </Link>
      {event.isPending ? (
        <div role="status" aria-label="Loading event" className="mt-4 space-y-2">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : event.isError ? (
        <ErrorState
          className="mt-4"
          message={
            isApiError(event.error) && event.error.status === 404 ? 'Event not found.' : 'Failed to load the event. Please try again.'
          }
          onRetry={() => void event.refetch()}
          retryLabel="Try again"
        />
      ) : !event.data.can_manage ? (
        <ErrorState className="mt-4" message="Only the event's host and admins can see its attendees." />
      ) : (
        <>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight text-fg">Check-in: {event.data.title}</h1>
              <p className="mt-1 text-sm text-fg-muted">
                <time dateTime={event.data.date}>{formatEventDate(event.data.date)}</time> · {eventPlacesText(event.data)}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0"
              onClick={() => void handleDownload()}
              loading={downloading}
              leftIcon={<Download aria-hidden="true" className="size-4" />}
            >
              Export CSV
            </Button>
          </div>
          <AttendeeList eventId={eventId} />
        </>
      )}
    </div>
  );
}
