import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  moveReferralRequestSchema,
  REFERRAL_REQUEST_LIMITS,
  REFERRAL_REQUEST_STATUS_LABELS,
  type ReferralRequest,
  type ReferralRequestStatus,
} from '@alumlink/contract';
import { Dialog, DialogActions, Field, FormMessage, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useMoveReferralRequest } from '../api/move-referral-request';
import { moveActionLabel } from './move-actions';
import { nameOrDeleted } from './person-name';

export interface MoveRequestDialogProps {
  request: ReferralRequest;
  /** Where the alumnus is moving it. */
  status: ReferralRequestStatus;
  onClose: () => void;
}

/** Confirms a move with an optional note the requester will read. */
export function MoveRequestDialog({ request, status, onClose }: MoveRequestDialogProps) {
  const move = useMoveReferralRequest();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = REFERRAL_REQUEST_STATUS_LABELS[status];
  const action = moveActionLabel(status);

  const handleSubmit = async () => {
    const parsed = moveReferralRequestSchema.safeParse({ status, note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? 'Invalid note.');
      return;
    }
    try {
      await move.mutateAsync({ requestId: request.id, body: parsed.data });
      toast.success(`Moved to ${label}.`);
      onClose();
    } catch (caught) {
      // 409: someone (another tab) moved it first; the board refetches.
      setError((isApiError(caught) && caught.serverMessage) || 'Could not move the request. Please try again.');
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${action}?`}
      description={`${nameOrDeleted(request.requester)} · ${request.referral.role} at ${request.referral.company}`}
      footer={<DialogActions action={action} onAction={() => void handleSubmit()} loading={move.isPending} />}
    >
      <form
        noValidate
        aria-label={action}
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
        className="space-y-3"
      >
        <Field label="Note" labelSuffix="(optional)" hint="The requester sees it on their timeline." error={noteError}>
          <Textarea rows={3} value={note} maxLength={REFERRAL_REQUEST_LIMITS.noteMax} onChange={(event) => setNote(event.target.value)} />
        </Field>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      </form>
    </Dialog>
  );
}
