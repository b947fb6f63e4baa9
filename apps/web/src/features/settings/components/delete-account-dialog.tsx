import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { deleteAccountRequestSchema, YOUR_DATA_MESSAGES } from '@alumlink/contract';
import { Button, Dialog, DialogClose, Field, FormMessage, Input } from '@/components/ui';
import { paths } from '@/config/paths';
import { clearAllStorage } from '@/lib/storage';
import { useDeleteAccount } from '../api/delete-account';
import { fieldErrorsOf } from './field-errors';

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
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setPassword('');
      setError(null);
      setGeneral(null);
    }
    setOpen(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setGeneral(null);
    const parsed = deleteAccountRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? YOUR_DATA_MESSAGES.passwordRequired);
      return;
    }
    try {
      await remove.mutateAsync(parsed.data);
    } catch (caught) {
      const { fields, general: message } = fieldErrorsOf(caught, DELETE_ACCOUNT_TEXTS.failed);
      setError(fields.password ?? null);
      setGeneral(fields.password ? null : (message ?? DELETE_ACCOUNT_TEXTS.failed));
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
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button type="submit" form="delete-account" variant="danger" loading={remove.isPending}>
                {DELETE_ACCOUNT_TEXTS.confirm}
              </Button>
            </>
          }
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
            <Field label={DELETE_ACCOUNT_TEXTS.password} error={error}>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoFocus
              />
            </Field>
            {general ? <FormMessage tone="error">{general}</FormMessage> : null}
          </form>
        </Dialog>
      </div>
    </div>
  );
}
