import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { deleteAccountRequestSchema, YOUR_DATA_MESSAGES } from '@alumlink/contract';
import { Button, Dialog, DialogActions, FormMessage } from '@/components/ui';
import { paths } from '@/config/paths';
import { clearAllStorage } from '@/lib/storage';
import { useDeleteAccount } from '../api/delete-account';
import { PasswordField } from './password-field';
import { useFormErrors } from './use-form-errors';

export const DELETE_ACCOUNT_TEXTS = {
  heading: 'Delete my account',
  intro: 'Leave for good. Download your data first if you want a copy.',
  open: 'Delete my account',
  title: 'Delete your account?',
  description: 'This cannot be undone.',
  goes: [
    'Your profile, posts, comments and likes (their counts go down)',
    'Your photos and any data export',
    'Your referral offers (they close) and mentorships (they end)',
    'Your sign-in, on every device, at once',
  ],
  stays: 'People you wrote to keep their conversations; your messages show as from "Deleted user".',
  password: 'Type your password to confirm',
  confirm: 'Delete my account',
  failed: 'Failed to delete your account. Please try again.',
} as const;

/** "Delete my account": a dialog that says what goes, asks for the password, then signs out to /login. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { errors, general, setErrors, clear, fail } = useFormErrors(DELETE_ACCOUNT_TEXTS.failed);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setPassword('');
      clear();
    }
    setOpen(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const parsed = deleteAccountRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setErrors({ password: parsed.error.issues[0]?.message ?? YOUR_DATA_MESSAGES.passwordRequired });
      return;
    }
    try {
      await remove.mutateAsync(parsed.data);
    } catch (caught) {
      fail(caught, ['password']);
      return;
    }
    // Nothing may still fetch with the ended sign-in.
    await queryClient.cancelQueries();
    clearAllStorage();
    queryClient.clear();
    toast.success(YOUR_DATA_MESSAGES.accountDeleted);
    await navigate(paths.login, { replace: true });
  };

  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-fg">{DELETE_ACCOUNT_TEXTS.heading}</h3>
      <p className="text-sm text-fg-muted">{DELETE_ACCOUNT_TEXTS.intro}</p>
      <div className="flex justify-end">
        <Dialog
          open={open}
          onOpenChange={handleOpenChange}
          trigger={<Button variant="danger">{DELETE_ACCOUNT_TEXTS.open}</Button>}
          title={DELETE_ACCOUNT_TEXTS.title}
          description={DELETE_ACCOUNT_TEXTS.description}
          footer={<DialogActions action={DELETE_ACCOUNT_TEXTS.confirm} variant="danger" form="delete-account" loading={remove.isPending} />}
        >
          <form id="delete-account" noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
            <div className="space-y-2 text-sm text-fg">
              <p className="font-medium">What goes:</p>
              <ul className="list-disc space-y-1 pl-5 text-fg-muted">
                {DELETE_ACCOUNT_TEXTS.goes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="text-fg-muted">{DELETE_ACCOUNT_TEXTS.stays}</p>
            </div>
            <PasswordField
              label={DELETE_ACCOUNT_TEXTS.password}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
              autoFocus
            />
            {general ? <FormMessage tone="error">{general}</FormMessage> : null}
          </form>
        </Dialog>
      </div>
    </div>
  );
}
