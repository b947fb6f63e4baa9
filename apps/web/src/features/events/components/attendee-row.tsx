import { CircleCheck, Clock } from 'lucide-react';
import { displayName, type EventAttendee } from '@alumlink/contract';
import { Avatar, Badge, Button } from '@/components/ui';

const timeFormat = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });

/** One person on the door list: name, party size, and a big Check in button (or when they came). */
export function AttendeeRow({
  attendee,
  onCheckIn,
  pending,
}: {
  attendee: EventAttendee;
  onCheckIn: (userId: number) => void;
  pending: boolean;
}) {
  const name = displayName(attendee.user);
  const party = attendee.guests > 0 ? `+${attendee.guests} ${attendee.guests === 1 ? 'guest' : 'guests'}` : 'No guests';
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={attendee.user.image} alt="" size="sm" personId={attendee.user.id} name={name} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-fg">{name}</p>
        <p className="truncate text-xs text-fg-muted">
          {party}
          {attendee.user.email ? ` · ${attendee.user.email}` : ''}
        </p>
      </div>
      {attendee.status === 'waitlisted' ? (
        <Badge tone="neutral">
          <Clock aria-hidden="true" className="size-3.5" />
          Waitlisted #{attendee.waitlist_position ?? '?'}
        </Badge>
      ) : attendee.checked_in_at ? (
        <Badge tone="success">
          <CircleCheck aria-hidden="true" className="size-3.5" />
          In at <time dateTime={attendee.checked_in_at}>{timeFormat.format(new Date(attendee.checked_in_at))}</time>
        </Badge>
      ) : (
        <Button
          size="sm"
          className="min-h-11 shrink-0 px-4"
          loading={pending}
          onClick={() => onCheckIn(attendee.user.id)}
          aria-label={`Check in ${name}`}
        >
          Check in
        </Button>
      )}
    </li>
  );
}
