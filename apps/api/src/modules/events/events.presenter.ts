import type { Event } from '@alumlink/contract';
import type { AuthUser } from '../../lib/auth';
import { mediaUrl } from '../../lib/media';
import { canManageEvent } from './events.policy';
import type { EventListRow } from './events.repository';

const statusOf = (value: string | null): Event['my_status'] => (value === 'registered' || value === 'waitlisted' ? value : null);

/** An event row with the viewer's registration → the event card (`my_*` fields are the viewer's). */
export function presentEvent(row: EventListRow, viewer: AuthUser | null): Event {
  const myStatus = statusOf(row.myStatus);
  return {
    id: row.id,
    title: row.title,
    date: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    time_zone: row.timeZone,
    venue: row.venue,
    host: row.host,
    category: row.category,
    image: mediaUrl(row.image),
    description: row.description,
    registrations_count: row.registrationsCount,
    registered: myStatus === 'registered',
    capacity: row.capacity,
    waitlist_count: row.waitlistCount,
    spots_left: row.capacity === null ? null : Math.max(0, row.capacity - row.seatsTaken),
    my_status: myStatus,
    waitlist_position: myStatus === 'waitlisted' ? row.myWaitlistPosition : null,
    my_guests: myStatus === null ? null : row.myGuests,
    checked_in_at: myStatus === null ? null : (row.myCheckedInAt?.toISOString() ?? null),
    can_manage: viewer !== null && canManageEvent(viewer, row),
    community_id: row.communityId,
  };
}
