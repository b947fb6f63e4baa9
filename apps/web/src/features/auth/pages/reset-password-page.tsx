import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordRequestSchema, type ResetPasswordRequest } from '@alumlink/contract';
import { Button, buttonClasses, Field, FormMessage, Input } from '@/components/ui';
import { paths } from '@/config/paths';
import { isApiError, isNetworkError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { PasswordInput } from '../components/password-input';

const FIELDS = ['email', 'otp', 'password', 'password_confirm'] as const;

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const form = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { email: searchParams.get('email') ?? '', otp: '', password: '', password_confirm: '' },
  });
  const { errors } = form.formState;

  const handleValidSubmit = async (values: ResetPasswordRequest) => {
    setFormError(null);
    try {
      const response = await reset.mutateAsync(values);
      setDoneMessage(response.detail);
    } catch (error) {
      if (isNetworkError(error)) return setFormError('Network error. Please check your connection.');
      if (!isApiError(error)) return setFormError('Something went wrong. Please try again.');
      const shownByField = setApiFieldErrors(form.setError, error, FIELDS);
      const general = error.fieldErrors.non_field_errors?.[0] ?? error.detail;
      if (general || !shownByField) setFormError(general ?? 'Something went wrong. Please try again.');
    }
  };

  if (doneMessage) {
    return (
      <AuthCard title="Password updated">
        <div className="space-y-5">
          <FormMessage tone="success">{doneMessage}</FormMessage>
          <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
            Go to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Enter the code we e-mailed you and your new password."
      footer={
        <Link
          to={paths.forgotPassword}
          className="rounded font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Need a new code?
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)} className="space-y-4">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </Field>
        <Field label="Code" hint="The 6-digit code from the e-mail." error={errors.otp?.message}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} {...form.register('otp')} />
        </Field>
        <Field label="New password" hint="At least 8 characters, not only numbers." error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirm new password" error={errors.password_confirm?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('password_confirm')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
