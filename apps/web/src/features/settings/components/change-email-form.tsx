import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, Field, FormMessage, Input } from '@/components/ui';
import { useStoredUser } from '@/lib/use-session';
import { useRequestEmailChange } from '../api/change-email';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { PasswordField } from './password-field';
import { useFormErrors } from './use-form-errors';

export const CHANGE_EMAIL_FAILED = 'Failed to change your email. Please try again.';

/** Two steps: current password and new address (a code goes there), then the code. */
export function ChangeEmailForm() {
  const user = useStoredUser();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [values, setValues] = useState({ current_password: '', new_email: '', otp: '' });
  const { errors, general, clear, fail } = useFormErrors(CHANGE_EMAIL_FAILED);
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    try {
      if (step === 'request') {
        const answer = await request.mutateAsync({ current_password: values.current_password, new_email: values.new_email });
        setSent(answer.detail);
        setStep('confirm');
      } else {
        const answer = await confirm.mutateAsync({ otp: values.otp });
        toast.success(answer.detail);
        setValues({ current_password: '', new_email: '', otp: '' });
        setSent(null);
        setStep('request');
      }
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form noValidate aria-label="Change email" className="space-y-3" onSubmit={(event) => void handleSubmit(event)}>
      <h3 className="text-base font-semibold text-fg">Change email</h3>
      {user ? <p className="text-sm text-fg-muted">Your email is {user.email}.</p> : null}
      {step === 'request' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="New email" error={errors.new_email}>
            <Input type="email" autoComplete="email" value={values.new_email} onChange={set('new_email')} />
          </Field>
          <PasswordField
            label="Current password"
            value={values.current_password}
            onChange={set('current_password')}
            error={errors.current_password}
          />
        </div>
      ) : (
        <>
          {sent ? <FormMessage tone="success">{sent}</FormMessage> : null}
          <Field label="Code from the new address" error={errors.otp}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.otp} onChange={set('otp')} autoFocus />
          </Field>
        </>
      )}
      {general ? <FormMessage tone="error">{general}</FormMessage> : null}
      <div className="flex justify-end gap-2">
        {step === 'confirm' ? (
          <Button variant="secondary" onClick={() => setStep('request')}>
            Back
          </Button>
        ) : null}
        <Button type="submit" variant="secondary" loading={request.isPending || confirm.isPending}>
          {step === 'request' ? 'Send code' : 'Confirm new email'}
        </Button>
      </div>
    </form>
  );
}
