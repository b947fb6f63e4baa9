import { CalendarDays, MapPin, Pencil, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Event } from '@alumlink/contract';
import { Button, Card, EmptyState, Facts, PagedList } from '@/components/ui';
import { eventHref } from '@/config/paths';
import { formatEventRange, useEvents } from '@/features/events';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useReturnFocus } from '../shell/use-return-focus';
import { EventFormDialog } from './components/event-form-dialog';

export const EVENTS_ADMIN_MESSAGES = {
  loading: 'Loading events...',
  loadFailed: 'Failed to load events. Please try again later.',
  empty: 'No events yet',
  emptyDescription: 'Create the first event for the network.',
} as const;

/** /admin/events: every event by date, with create and edit. */
export function EventsAdminPage() {
  const events = useEvents('');
  const [editing, setEditing] = useState<{ event: Event | null } | null>(null);
  const returnFocus = useReturnFocus();

  const openForm = (event: Event | null) => {
    returnFocus.remember();
    setEditing({ event });
  };
  const handleFormOpenChange = (open: boolean) => {
    if (open) return;
    setEditing(null);
    returnFocus.restore();
  };

  return (
    <div className="space-y-5">
      <AdminPageTitle
        title="Events"
        description="Every event by date: its time, venue and registrations."
        actions={
          <Button onClick={() => openForm(null)} leftIcon={<Plus aria-hidden="true" className="size-4" />}>
            Create event
          </Button>
        }
      />
      <PagedList
        query={events}
        loading={EVENTS_ADMIN_MESSAGES.loading}
        error={EVENTS_ADMIN_MESSAGES.loadFailed}
        empty={<EmptyState title={EVENTS_ADMIN_MESSAGES.empty} description={EVENTS_ADMIN_MESSAGES.emptyDescription} />}
        label="Events"
        className="space-y-3"
        itemKey={(event) => event.id}
        renderItem={(event) => (
          <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-2">
              <h2 className="text-base font-semibold text-fg">
                <Link to={eventHref(event.id)} className="hover:underline">
                  {event.title}
                </Link>
              </h2>
              <Facts
                facts={[
                  { icon: CalendarDays, label: 'When', value: formatEventRange(event.date, event.ends_at, event.time_zone) },
                  event.venue ? { icon: MapPin, label: 'Venue', value: event.venue } : null,
                  { icon: Users, label: 'Registered', value: `${event.registrations_count} registered` },
                ]}
              />
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => openForm(event)}
              leftIcon={<Pencil aria-hidden="true" className="size-4" />}
              aria-label={`Edit ${event.title}`}
            >
              Edit
            </Button>
          </Card>
        )}
      />
      <EventFormDialog open={editing !== null} onOpenChange={handleFormOpenChange} event={editing?.event ?? null} />
    </div>
  );
}
