import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DELETION_REASONS, displayName, type DeletePostRequest } from '@alumlink/contract';
import { Dialog, DialogActions, Field, FormMessage, Select } from '@/components/ui';
import { dangerActionClasses } from '../../shell/danger-action';
import { useDeleteAdminPost } from '../api/delete-admin-post';

export const MANAGE_POSTS_MESSAGES = {
  loading: 'Loading posts...',
  loadFailed: 'Failed to load posts. Please try again later.',
  emptyTitle: 'No posts found',
  emptyDescription: 'There are no posts to display at the moment.',
  deleteFailed: 'Failed to delete post. Please try again.',
  deleted: (name: string) => `Post deleted successfully. Notification sent to ${name}.`,
} as const;

type Reason = DeletePostRequest['reason'];

function isReason(value: string): value is Reason {
  return (DELETION_REASONS as readonly string[]).includes(value);
}

export interface DeletePostReasonDialogProps {
  postId: number;
  /** Called with the author's display name once the post is gone. */
  onDeleted: (notifiedName: string) => void;
}

/** The card's Delete button and its moderation modal: a reason must be chosen before Delete is enabled. */
export function DeletePostReasonDialog({ postId, onDeleted }: DeletePostReasonDialogProps) {
  const [open, onOpenChange] = useState(false);
  const [reason, setReason] = useState<Reason | ''>('');
  const deletePost = useDeleteAdminPost(postId);

  const handleOpenChange = (next: boolean) => {
    if (next) {
      setReason('');
      deletePost.reset();
    }
    onOpenChange(next);
  };

  const handleDelete = () => {
    if (!reason) return;
    deletePost.mutate(
      { reason },
      {
        onSuccess: (answer) => {
          onOpenChange(false);
          onDeleted(displayName(answer.notified_user));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      trigger={
        <button type="button" className={dangerActionClasses(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      }
      title="Delete post"
      description="The author is told why the post was removed."
      footer={<DialogActions action="Delete" variant="danger" disabled={!reason} loading={deletePost.isPending} onAction={handleDelete} />}
    >
      <div className="space-y-4">
        <Field label="Reason">
          <Select value={reason} onChange={(event) => setReason(isReason(event.target.value) ? event.target.value : '')}>
            <option value="">-- Select Reason --</option>
            {DELETION_REASONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Field>
        {deletePost.isError ? <FormMessage tone="error">{MANAGE_POSTS_MESSAGES.deleteFailed}</FormMessage> : null}
      </div>
    </Dialog>
  );
}
