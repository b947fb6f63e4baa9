import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isTwoFactorChallenge, SSO_MESSAGES, type LoginResponse, type User } from '@alumlink/contract';
import { buttonClasses, ErrorState } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { cacheSignedInUser, completeSignIn, loginErrorMessage } from '../api/login';
import { exchangeSsoCode } from '../api/single-sign-on';
import { AuthCard } from '../components/auth-card';

const TwoFactorStep = lazy(() => import('../components/two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

export const SSO_PAGE_MESSAGES = {
  loading: 'Signing you in...',
  missing: 'This page needs the link your organisation’s sign-in sends you back with. Please sign in again.',
} as const;

/**
 * A code works once: one exchange per code for the page's life, whatever React mounts twice
 * (StrictMode) or re-renders.
 */
const exchanges = new Map<string, Promise<LoginResponse>>();
function exchangeOnce(code: string): Promise<LoginResponse> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = exchangeSsoCode(code);
    exchanges.set(code, pending);
  }
  return pending;
}

type PageState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'two-factor'; detail: string; challenge: string };

/** /login/sso?code=…: where single sign-on lands. Exchanges the one-time code and goes home signed in. */
export function SsoPage() {
  const code = useSearchParams()[0].get('code') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PageState>(code ? { kind: 'loading' } : { kind: 'error', message: SSO_PAGE_MESSAGES.missing });

  useEffect(() => {
    if (!code) return;
    let live = true;
    const signedIn = async (user: User) => {
      cacheSignedInUser(queryClient, user);
      await navigate(homeHrefFor(user), { replace: true });
    };
    exchangeOnce(code)
      .then(async (response) => {
        if (!live) return;
        if (isTwoFactorChallenge(response)) setState({ kind: 'two-factor', detail: response.detail, challenge: response.challenge });
        else await signedIn(await completeSignIn(response));
      })
      .catch((error: unknown) => {
        if (live) setState({ kind: 'error', message: loginErrorMessage(error) || SSO_MESSAGES.codeInvalid });
      });
    return () => {
      live = false;
    };
  }, [code, navigate, queryClient]);

  const onTwoFactorDone = async (user: User) => {
    cacheSignedInUser(queryClient, user);
    await navigate(homeHrefFor(user), { replace: true });
  };

  return (
    <AuthCard title="Single sign-on" subtitle="Signing in with your organisation’s account.">
      {state.kind === 'loading' ? (
        <p role="status" className="flex items-center justify-center gap-3 py-6 text-fg-muted">
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-border border-t-accent-fg" />
          {SSO_PAGE_MESSAGES.loading}
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <div className="space-y-5">
          <ErrorState message={state.message} />
          <Link to={paths.login} replace className={buttonClasses('primary', 'lg', 'w-full justify-center')}>
            Back to sign in
          </Link>
        </div>
      ) : null}
      {state.kind === 'two-factor' ? (
        <Suspense fallback={null}>
          <TwoFactorStep
            email="your e-mail address"
            detail={state.detail}
            challenge={state.challenge}
            onSignedIn={onTwoFactorDone}
            onBack={() => void navigate(paths.login, { replace: true })}
          />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
