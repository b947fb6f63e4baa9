import toast from 'react-hot-toast';
import { displayName, type Mentor } from '@alumlink/contract';
import { Button } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useMentorshipAction } from '../api/mentorship-action';
import { RequestMentorshipDialog } from './request-mentorship-dialog';

/** The mentor card's action: Request, or what the viewer already did ("Requested" with Cancel, "Your mentor"). */
export function MentorRequestState({ mentor }: { mentor: Mentor }) {
  const act = useMentorshipAction();
  const mine = mentor.my_request;
  if (!mine) return <RequestMentorshipDialog mentor={mentor} />;
  if (mine.status === 'active') {
    return (
      <Button size="sm" variant="secondary" disabled>
        Your mentor
      </Button>
    );
  }
  const name = displayName(mentor);
  const cancel = async () => {
    try {
      await act.mutateAsync({ id: mine.id, action: 'cancel' });
      toast.success('Request cancelled.');
    } catch (error) {
      toast.error((isApiError(error) && error.detail) || 'Failed to cancel the request. Please try again.');
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Button size="sm" variant="ghost" loading={act.isPending} onClick={() => void cancel()} aria-label={`Cancel your request to ${name}`}>
        Cancel request
      </Button>
      <Button size="sm" variant="secondary" disabled aria-label={`Requested: ${name}`}>
        Requested
      </Button>
    </div>
  );
}
