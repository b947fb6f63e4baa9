import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { User } from '@alumlink/contract';
import { Button, Field, FormMessage, Input } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { AuthLink } from '../components/auth-link';
import { PasswordInput } from '../components/password-input';

/** Only after the server asks for the e-mailed code. */
const TwoFactorStep = lazy(() => import('../components/two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

/** After the page has painted: single sign-on's button (when on), and why the last one failed (only then). */
const SsoButton = lazy(() => import('../components/sso-button').then((m) => ({ default: m.SsoButton })));
const SsoErrorNotice = lazy(() => import('../components/sso-error-notice').then((m) => ({ default: m.SsoErrorNotice })));

/**
 * The code behind the form: its rules and the sign-in calls, with the contract's zod schemas they
 * need. The page shows without them; they are fetched when the person starts filling the form (and
 * at the latest on submit), so the sign-in page loads about as little as the landing page.
 */
function loadSignIn() {
  return Promise.all([import('../api/login'), import('../schemas')]);
}

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
  const queryClient = useQueryClient();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  const ssoError = useSearchParams()[0].get('sso_error');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<{ email: string; detail: string; challenge: string } | null>(null);
  // Shown once the server says the account is throttled: the e-mailed code lets the owner in.
  const [askUnlockCode, setAskUnlockCode] = useState(false);
  const unlockCodeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (askUnlockCode) unlockCodeRef.current?.focus();
  }, [askUnlockCode]);

  const handleSignedIn = async (user: User) => {
    await navigate(destinationAfterSignIn(user, from), { replace: true });
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setMessage(null);
    setPending(true);
    try {
      const [{ cacheSignedInUser, isSignInThrottled, login, loginErrorMessage }, { loginFormSchema }] = await loadSignIn();
      const form = loginFormSchema.safeParse({
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
        unlock_code: String(data.get('unlock_code') ?? ''),
      });
      if (!form.success) {
        setMessage(form.error.issues[0]?.message ?? null);
        return;
      }
      try {
        const result = await login(form.data);
        if (result.status === 'two-factor') {
          setChallenge({ email: result.email, detail: result.detail, challenge: result.challenge });
          return;
        }
        cacheSignedInUser(queryClient, result.user);
        await handleSignedIn(result.user);
      } catch (error) {
        setMessage(loginErrorMessage(error));
        if (isSignInThrottled(error)) setAskUnlockCode(true);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Welcome back! Pick up where you left off with your network."
      footer={
        <>
          New to AlumLink? <AuthLink to={paths.signup}>Create an account</AuthLink>
        </>
      }
    >
      {challenge ? (
        <Suspense fallback={null}>
          <TwoFactorStep
            email={challenge.email}
            detail={challenge.detail}
            challenge={challenge.challenge}
            onSignedIn={handleSignedIn}
            onBack={() => setChallenge(null)}
          />
        </Suspense>
      ) : (
        <div className="space-y-5">
          <Suspense fallback={null}>
            {ssoError ? <SsoErrorNotice error={ssoError} /> : null}
            <SsoButton />
          </Suspense>
          <form noValidate onSubmit={(event) => void handleSubmit(event)} onFocus={() => void loadSignIn()} className="space-y-5">
            {message ? <FormMessage tone="error">{message}</FormMessage> : null}
            <Field label="Email">
              <Input name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" />
            </Field>
            <div className="space-y-1.5">
              <Field label="Password">
                <PasswordInput name="password" autoComplete="current-password" placeholder="Your password" />
              </Field>
              <div className="text-right text-sm">
                <AuthLink to={paths.forgotPassword}>Forgot password?</AuthLink>
              </div>
            </div>
            {askUnlockCode ? (
              <Field label="Unlock code" hint="Enter the 6-digit code we e-mailed to you, together with your password.">
                <Input
                  ref={unlockCodeRef}
                  name="unlock_code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder="123456"
                />
              </Field>
            ) : null}
            <Button type="submit" size="lg" className="w-full" loading={pending}>
              Sign in
            </Button>
          </form>
        </div>
      )}
    </AuthCard>
  );
}
