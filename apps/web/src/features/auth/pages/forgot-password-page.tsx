import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button, Field, FormMessage, Input } from '@/components/ui';
import { paths, resetPasswordHref } from '@/config/paths';
import { isApiError, isNetworkError } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { AuthLink } from '../components/auth-link';
import { forgotPasswordFormSchema, type ForgotPasswordFormInput } from '../schemas';

function forgotPasswordErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return 'Network error. Please check your connection.';
  if (isApiError(error)) return error.serverMessage ?? 'Something went wrong. Please try again.';
  return 'Something went wrong. Please try again.';
}

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordFormInput, unknown, { email: string }>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });

  const handleValidSubmit = async ({ email }: { email: string }) => {
    setServerError(null);
    try {
      const response = await forgot.mutateAsync(email);
      toast.success(response.detail);
      await navigate(resetPasswordHref(email));
    } catch (error) {
      setServerError(forgotPasswordErrorMessage(error));
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account's e-mail and we'll send you a code to choose a new password."
      footer={<AuthLink to={paths.login}>Back to sign in</AuthLink>}
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)} className="space-y-5">
        {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
        <Field label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
          Send code
        </Button>
      </form>
    </AuthCard>
  );
}
