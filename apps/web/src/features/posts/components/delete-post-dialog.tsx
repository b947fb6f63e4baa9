import { useState } from 'react';
import toast from 'react-hot-toast';
import { Dialog, DialogActions } from '@/components/ui';
import { useDeletePost } from '../api/delete-post';

/** Confirmation before authors delete their own post; the post leaves the lists on success. */
export function DeletePostDialog({ postId, open, onOpenChange }: { postId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const deletion = useDeletePost(postId);
  const [failed, setFailed] = useState(false);

  const handleDelete = () => {
    setFailed(false);
    deletion.mutate(undefined, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success('Post deleted.');
      },
      onError: (error) => {
        console.warn('Delete failed', error);
        setFailed(true);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this post?"
      description="The post, its likes and its comments will be removed for everyone."
      footer={<DialogActions action="Delete" variant="danger" onAction={handleDelete} loading={deletion.isPending} />}
    >
      {failed ? (
        <p role="alert" className="text-sm font-medium text-danger-fg">
          The post could not be deleted. Please try again.
        </p>
      ) : (
        <p className="text-sm text-fg-muted">This cannot be undone.</p>
      )}
    </Dialog>
  );
}
