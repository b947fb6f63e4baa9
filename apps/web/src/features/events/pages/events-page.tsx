import { useState, type ReactNode } from 'react';
import { Card, EmptyState, PageHeader, PagedList, SearchBox, Skeleton } from '@/components/ui';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useEvents } from '../api/get-events';
import { EventCard } from '../components/event-card';

/** Wait after the last keystroke before asking the server. */
export const EVENT_SEARCH_DEBOUNCE_MS = 250;

function EventGridSkeleton() {
  return (
    <div role="status" aria-label="Loading events" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} className="overflow-hidden">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="space-y-3 p-5">
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-16 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Search box and event cards, shared by the public page and the user area's page. */
function EventsBrowser({ children }: { children?: (search: ReactNode) => ReactNode }) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), EVENT_SEARCH_DEBOUNCE_MS);
  const events = useEvents(query);

  const searchBox = (
    <SearchBox
      id="event-search"
      label="Search events by title or category"
      value={search}
      onValueChange={setSearch}
      placeholder="Search by title or category"
      className="mt-6 max-w-md"
    />
  );

  return (
    <>
      {children?.(searchBox)}
      <section aria-label="Events" aria-busy={events.isFetching} className="mt-8">
        <PagedList
          query={events}
          loading={<EventGridSkeleton />}
          error="Failed to load events. Please try again."
          retryLabel="Try again"
          empty={
            <EmptyState
              title={query ? 'No events match your search' : 'No upcoming events'}
              description={query ? 'Try another title or category.' : 'New events will appear here.'}
            />
          }
          className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
          itemKey={(event) => event.id}
          renderItem={(event) => <EventCard event={event} />}
          loadMoreLabel="Load more events"
          loadMoreClassName="mt-8"
        />
      </section>
    </>
  );
}

/** /events: the public events page. */
export function EventsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <EventsBrowser>
        {(searchBox) => (
          <PageHeader
            eyebrow="Events"
            title="Upcoming events"
            description="Workshops, meetups and talks hosted by our community. Save your seat."
          >
            {searchBox}
          </PageHeader>
        )}
      </EventsBrowser>
    </div>
  );
}

/** /user/events: the same events inside the user area. */
export function UserEventsPage() {
  return (
    <EventsBrowser>
      {(searchBox) => (
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-fg">Events</h1>
          <p className="mt-1 text-sm text-fg-muted">Register for workshops and meetups, and join their live discussions.</p>
          {searchBox}
        </div>
      )}
    </EventsBrowser>
  );
}
