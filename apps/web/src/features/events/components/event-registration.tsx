import { CircleCheck, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import { EVENT_LIMITS, EVENT_MESSAGES, eventRegistrationRequestSchema, type Event } from '@alumlink/contract';
import { Button, buttonClasses, Select } from '@/components/ui';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useEventRegistration } from '../api/register-for-event';

/** True when a newcomer would join the waitlist: no place left, or others already wait. */
export function isEventFull(event: Event): boolean {
  return event.spots_left === 0 || event.waitlist_count > 0;
}

const GUEST_CHOICES = Array.from({ length: EVENT_LIMITS.guestsMax + 1 }, (_, guests) => guests);

/**
 * Register Now (with 0..5 guests) or Join waitlist when full, for a signed-in person; Cancel
 * registration / Leave waitlist once on the list. The confirmation says which one happened.
 */
export function EventRegistration({ event }: { event: Event }) {
  const registration = useEventRegistration(event.id);
  const [guests, setGuests] = useState(0);
  const [justJoined, setJustJoined] = useState(false);
  const guestsId = useId();
  const full = isEventFull(event);

  const handleRegister = async () => {
    try {
      await registration.mutateAsync({ register: true, ...eventRegistrationRequestSchema.parse({ guests }) });
      setJustJoined(true);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || 'Failed to update your registration. Please try again.');
    }
  };
  const handleCancel = async () => {
    try {
      await registration.mutateAsync({ register: false });
      setJustJoined(false);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || 'Failed to update your registration. Please try again.');
    }
  };

  return (
    <div className="mt-5 space-y-3">
      {justJoined && event.my_status === 'registered' ? (
        <p role="alert" className="flex items-start gap-2 rounded-xl bg-success-soft px-3 py-2 text-sm font-medium text-success-fg">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {EVENT_MESSAGES.registered}
        </p>
      ) : null}
      {justJoined && event.my_status === 'waitlisted' ? (
        <p role="alert" className="flex items-start gap-2 rounded-xl bg-primary-soft px-3 py-2 text-sm font-medium text-primary-soft-fg">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {EVENT_MESSAGES.waitlisted}
        </p>
      ) : null}
      {event.my_status !== null ? (
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => void handleCancel()}
          loading={registration.isPending}
          aria-label={`${event.my_status === 'waitlisted' ? 'Leave waitlist' : 'Cancel registration'}: ${event.title}`}
        >
          {event.my_status === 'waitlisted' ? 'Leave waitlist' : 'Cancel registration'}
        </Button>
      ) : (
        <div className="flex items-end gap-3">
          {/* As wide as its longest choice ("Just me") plus the arrow: a fixed width clipped it at phone font size. */}
          <div className="shrink-0">
            <label htmlFor={guestsId} className="mb-1 block text-xs font-medium text-fg-muted">
              Guests
            </label>
            <Select id={guestsId} className="w-auto" value={guests} onChange={(change) => setGuests(Number(change.target.value))}>
              {GUEST_CHOICES.map((count) => (
                <option key={count} value={count}>
                  {count === 0 ? 'Just me' : `+${count}`}
                </option>
              ))}
            </Select>
          </div>
          <Button
            className="min-w-0 flex-1"
            onClick={() => void handleRegister()}
            loading={registration.isPending}
            aria-label={`${full ? 'Join waitlist' : 'Register Now'}: ${event.title}`}
          >
            {full ? 'Join waitlist' : 'Register Now'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Register Now (or Join waitlist) for a visitor: sign in first, then come back to this page. */
export function SignInToRegister({ event }: { event: Event }) {
  const location = useLocation();
  const label = isEventFull(event) ? 'Join waitlist' : 'Register Now';
  return (
    <Link
      to={paths.login}
      state={{ from: location.pathname }}
      className={buttonClasses('primary', 'md', 'mt-5 w-full')}
      aria-label={`${label}: ${event.title}`}
    >
      {label}
    </Link>
  );
}
