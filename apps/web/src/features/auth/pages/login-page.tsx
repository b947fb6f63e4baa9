import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { User } from '@alumlink/contract';
import { Button, Field, FormMessage, Input } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { loginErrorMessage, useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { PasswordInput } from '../components/password-input';
import { TwoFactorStep } from '../components/two-factor-step';
import { loginFormSchema, type LoginFormInput, type LoginFormOutput } from '../schemas';

const linkClasses = 'rounded font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/**
 * Where to go after signing in: back to the page that sent the person here (e.g. Register Now on
 * /events), else their home. The admin portal only for admins.
 */
function destinationAfterSignIn(user: User, from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from === paths.login) return homeHrefFor(user);
  if (from.toLowerCase().startsWith(paths.admin.root) && user.role !== 'AD') return homeHrefFor(user);
  return from;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ email: string; detail: string } | null>(null);
  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });

  const handleSignedIn = async (user: User) => {
    await navigate(destinationAfterSignIn(user, from), { replace: true });
  };

  const handleValidSubmit = async (credentials: LoginFormOutput) => {
    setServerError(null);
    try {
      const result = await login.mutateAsync(credentials);
      if (result.status === 'two-factor') setChallenge({ email: result.email, detail: result.detail });
      else await handleSignedIn(result.user);
    } catch (error) {
      setServerError(loginErrorMessage(error));
    }
  };

  const message = form.formState.errors.root?.message ?? serverError;

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Welcome back! Pick up where you left off with your network."
      footer={
        <>
          New to AlumLink?{' '}
          <Link to={paths.signup} className={linkClasses}>
            Create an account
          </Link>
        </>
      }
    >
      {challenge ? (
        <TwoFactorStep email={challenge.email} detail={challenge.detail} onSignedIn={handleSignedIn} onBack={() => setChallenge(null)} />
      ) : (
      <form noValidate onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)} className="space-y-5">
        {message ? <FormMessage tone="error">{message}</FormMessage> : null}
        <Field label="Email">
          <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <div className="space-y-1.5">
          <Field label="Password">
            <PasswordInput autoComplete="current-password" placeholder="Your password" {...form.register('password')} />
          </Field>
          <div className="text-right text-sm">
            <Link to={paths.forgotPassword} className={linkClasses}>
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
          Sign in
        </Button>
      </form>
      )}
    </AuthCard>
  );
}
