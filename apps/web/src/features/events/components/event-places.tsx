import { CircleCheck, Clock, UserCheck } from 'lucide-react';
import type { Event } from '@alumlink/contract';
import { Badge } from '@/components/ui';
import { formatCount } from '@/lib/format';

/** "12 people registered", then places left, or "Full" and the waitlist's length. */
export function eventPlacesText(event: Event): string {
  const registered = `${formatCount(event.registrations_count)} ${event.registrations_count === 1 ? 'person' : 'people'} registered`;
  if (event.spots_left === null) return registered;
  if (event.spots_left === 0 || event.waitlist_count > 0) {
    return event.waitlist_count > 0 ? `${registered} · Full, ${formatCount(event.waitlist_count)} on the waitlist` : `${registered} · Full`;
  }
  return `${registered} · ${formatCount(event.spots_left)} ${event.spots_left === 1 ? 'place' : 'places'} left`;
}

/** The viewer's status: Registered, Waitlisted #n or Checked in (nothing when not on the list). */
export function EventStatusBadge({ event }: { event: Event }) {
  if (event.checked_in_at) {
    return (
      <Badge tone="success">
        <UserCheck aria-hidden="true" className="size-3.5" />
        Checked in
      </Badge>
    );
  }
  if (event.my_status === 'registered') {
    return (
      <Badge tone="success">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        Registered{event.my_guests ? ` +${event.my_guests}` : ''}
      </Badge>
    );
  }
  if (event.my_status === 'waitlisted') {
    return (
      <Badge tone="neutral">
        <Clock aria-hidden="true" className="size-3.5" />
        Waitlisted #{event.waitlist_position ?? '?'}
      </Badge>
    );
  }
  return null;
}
