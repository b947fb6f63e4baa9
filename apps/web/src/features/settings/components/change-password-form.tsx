import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ACCOUNT_MESSAGES } from '@alumlink/contract';
import { Button, FormMessage } from '@/components/ui';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';
import { useFormErrors } from './use-form-errors';

const EMPTY = { current_password: '', new_password: '', new_password_confirm: '' };
const NEW_PASSWORD_FIELDS = [
  { field: 'new_password', label: 'New password' },
  { field: 'new_password_confirm', label: 'Confirm new password' },
] as const;
export const CHANGE_PASSWORD_FAILED = 'Failed to change your password. Please try again.';

/** Current password, new password twice; on success every other device is signed out. */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const { errors, general, clear, fail } = useFormErrors(CHANGE_PASSWORD_FAILED);
  const change = useChangePassword();
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    try {
      const answer = await change.mutateAsync(values);
      setValues(EMPTY);
      toast.success(answer.detail || ACCOUNT_MESSAGES.passwordChanged);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form noValidate aria-label="Change password" className="space-y-3" onSubmit={(event) => void handleSubmit(event)}>
      <h3 className="text-base font-semibold text-fg">Change password</h3>
      <PasswordField
        label="Current password"
        value={values.current_password}
        onChange={set('current_password')}
        error={errors.current_password}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {NEW_PASSWORD_FIELDS.map(({ field, label }) => (
          <PasswordField
            key={field}
            label={label}
            autoComplete="new-password"
            value={values[field]}
            onChange={set(field)}
            error={errors[field]}
          />
        ))}
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
