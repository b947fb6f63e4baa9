import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ACCOUNT_MESSAGES } from '@alumlink/contract';
import { Button, Field, FormMessage, Input } from '@/components/ui';
import { useChangePassword } from '../api/change-password';
import { fieldErrorsOf } from './field-errors';

const EMPTY = { current_password: '', new_password: '', new_password_confirm: '' };
export const CHANGE_PASSWORD_FAILED = 'Failed to change your password. Please try again.';

/** Current password, new password twice; on success every other device is signed out. */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const change = useChangePassword();
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setGeneral(null);
    try {
      const answer = await change.mutateAsync(values);
      setValues(EMPTY);
      toast.success(answer.detail || ACCOUNT_MESSAGES.passwordChanged);
    } catch (error) {
      const { fields, general: message } = fieldErrorsOf(error, CHANGE_PASSWORD_FAILED);
      setErrors(fields);
      setGeneral(message);
    }
  };

  return (
    <form noValidate aria-label="Change password" className="space-y-3" onSubmit={(event) => void handleSubmit(event)}>
      <h3 className="text-base font-semibold text-fg">Change password</h3>
      <Field label="Current password" error={errors.current_password}>
        <Input type="password" autoComplete="current-password" value={values.current_password} onChange={set('current_password')} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="New password" error={errors.new_password}>
          <Input type="password" autoComplete="new-password" value={values.new_password} onChange={set('new_password')} />
        </Field>
        <Field label="Confirm new password" error={errors.new_password_confirm}>
          <Input type="password" autoComplete="new-password" value={values.new_password_confirm} onChange={set('new_password_confirm')} />
        </Field>
      </div>
      {general ? <FormMessage tone="error">{general}</FormMessage> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
