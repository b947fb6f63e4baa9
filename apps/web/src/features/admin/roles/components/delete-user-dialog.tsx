import toast from 'react-hot-toast';
import type { AdminUser } from '@alumlink/contract';
import { Dialog, DialogActions } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { getAccessToken } from '@/lib/storage';
import { useDeleteUser } from '../api/delete-user';
import { ROLE_MESSAGES } from '../messages';

/** 'Are you sure you want to delete this user?' with Yes and Cancel; the outcome is a toast. */
export function DeleteUserDialog({ user, onOpenChange }: { user: AdminUser | null; onOpenChange: (open: boolean) => void }) {
  const deleteUser = useDeleteUser();

  const handleConfirm = () => {
    if (!user) return;
    if (!getAccessToken()) {
      toast.error(ROLE_MESSAGES.notAuthenticated);
      onOpenChange(false);
      return;
    }
    deleteUser.mutate(user.id, {
      onSuccess: () => toast.success(ROLE_MESSAGES.userDeleted),
      onError: (error) => toast.error((isApiError(error) && error.detail) || ROLE_MESSAGES.deleteFailed),
      onSettled: () => onOpenChange(false),
    });
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={ROLE_MESSAGES.confirmDelete}
      description={user ? `${user.username} (${user.email}) and everything they posted will be removed.` : undefined}
      footer={<DialogActions action="Yes" variant="danger" onAction={handleConfirm} loading={deleteUser.isPending} />}
    />
  );
}
