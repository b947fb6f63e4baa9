import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import { EVENT_MESSAGES, type Event } from '@alumlink/contract';
import { Button, buttonClasses } from '@/components/ui';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useEventRegistration } from '../api/register-for-event';

/** Register Now for a signed-in person (with the confirmation alert), Cancel registration once registered. */
export function EventRegistration({ event }: { event: Event }) {
  const registration = useEventRegistration(event.id);
  const [justRegistered, setJustRegistered] = useState(false);

  const handleChange = async (register: boolean) => {
    try {
      await registration.mutateAsync(register);
      setJustRegistered(register);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || 'Failed to update your registration. Please try again.');
    }
  };

  return (
    <div className="mt-5 space-y-3">
      {justRegistered && event.registered ? (
        <p role="alert" className="flex items-start gap-2 rounded-xl bg-success-soft px-3 py-2 text-sm font-medium text-success-fg">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {EVENT_MESSAGES.registered}
        </p>
      ) : null}
      {event.registered ? (
        <Button variant="secondary" className="w-full" onClick={() => void handleChange(false)} loading={registration.isPending} aria-label={`Cancel registration: ${event.title}`}>
          Cancel registration
        </Button>
      ) : (
        <Button className="w-full" onClick={() => void handleChange(true)} loading={registration.isPending} aria-label={`Register Now: ${event.title}`}>
          Register Now
        </Button>
      )}
    </div>
  );
}

/** Register Now for a visitor: sign in first, then come back to this page. */
export function SignInToRegister({ event }: { event: Event }) {
  const location = useLocation();
  return (
    <Link to={paths.login} state={{ from: location.pathname }} className={buttonClasses('primary', 'md', 'mt-5 w-full')} aria-label={`Register Now: ${event.title}`}>
      Register Now
    </Link>
  );
}
