import { lazy, Suspense } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import {
  acceptInvitationRequestSchema,
  INVITATION_GONE_CODE,
  ROLE_LABELS,
  type AcceptInvitationRequest,
  type PublicInvitation,
} from '@alumlink/contract';
import type { z } from 'zod';
import { Button, EmptyState, ErrorState, Field, FormMessage, Input } from '@/components/ui';
import { homeHrefFor } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { AuthCard } from '../components/auth-card';
import { SignInInstead } from '../components/auth-link';
import { PasswordInput } from '../components/password-input';

const SsoButton = lazy(() => import('../components/sso-button').then((m) => ({ default: m.SsoButton })));

export const JOIN_MESSAGES = {
  loading: 'Checking your invitation...',
  missing: 'This page needs the link from your invitation e-mail.',
  gone: 'This invitation has been used, revoked or has expired. Ask your administrator for a new one.',
  sso: (email: string) => `Sign in there as ${email}: your invitation is accepted as you sign in.`,
  loadFailed: 'Could not check your invitation. Please try again.',
} as const;

type AcceptValues = z.output<typeof acceptInvitationRequestSchema>;
const FIELDS = ['password', 'password_confirm', 'first_name', 'last_name'] as const;

/** /join?token=…: the invitation e-mail's link. Shows who invited whom for what; a password signs the invitee in. */
export function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const gone = invitation.isError && isApiError(invitation.error) && (invitation.error.status === 410 || invitation.error.status === 400);

  return (
    <AuthCard
      title="Join AlumLink"
      subtitle={
        invitation.data
          ? `${invitation.data.invited_by} invited you to join as ${ROLE_LABELS[invitation.data.role]}.`
          : 'Accept your invitation.'
      }
      footer={<SignInInstead />}
    >
      {!token ? <EmptyState title="No invitation" description={JOIN_MESSAGES.missing} /> : null}
      {token && invitation.isPending ? (
        <p role="status" className="py-6 text-center text-fg-muted">
          {JOIN_MESSAGES.loading}
        </p>
      ) : null}
      {gone ? <EmptyState title="Invitation no longer valid" description={JOIN_MESSAGES.gone} /> : null}
      {invitation.isError && !gone ? <ErrorState message={JOIN_MESSAGES.loadFailed} onRetry={() => void invitation.refetch()} /> : null}
      {invitation.data ? <JoinForm token={token} invitation={invitation.data} /> : null}
    </AuthCard>
  );
}

function JoinForm({ token, invitation }: { token: string; invitation: PublicInvitation }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useForm<AcceptInvitationRequest, unknown, AcceptValues>({
    resolver: zodResolver(acceptInvitationRequestSchema),
    defaultValues: { password: '', password_confirm: '', first_name: invitation.first_name, last_name: invitation.last_name },
  });
  const { register, formState } = form;

  const handleValidSubmit = async (values: AcceptValues) => {
    try {
      const user = await accept.mutateAsync({ token, body: values });
      await navigate(homeHrefFor(user), { replace: true });
    } catch (error) {
      if (!isApiError(error)) {
        form.setError('root', { message: 'Could not join. Please try again.' });
        return;
      }
      setApiFieldErrors(form.setError, error, FIELDS);
      if (error.code === INVITATION_GONE_CODE) form.setError('root', { message: JOIN_MESSAGES.gone });
      else if (error.detail) form.setError('root', { message: error.detail });
    }
  };

  return (
    <form
      noValidate
      aria-label="Accept invitation"
      className="space-y-4"
      onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)}
    >
      {formState.errors.root?.message ? <FormMessage tone="error">{formState.errors.root.message}</FormMessage> : null}
      <dl className="rounded-lg bg-surface-muted p-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-fg-subtle">Email</dt>
          <dd className="text-fg [overflow-wrap:anywhere]">{invitation.email}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-fg-subtle">Role</dt>
          <dd className="text-fg">{ROLE_LABELS[invitation.role]}</dd>
        </div>
        {invitation.cohort ? (
          <div className="flex justify-between gap-3">
            <dt className="text-fg-subtle">Cohort</dt>
            <dd className="text-fg">{invitation.cohort}</dd>
          </div>
        ) : null}
      </dl>
      <Suspense fallback={null}>
        <SsoButton note={JOIN_MESSAGES.sso(invitation.email)} divider="or set a password" />
      </Suspense>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={formState.errors.first_name?.message ?? null}>
          <Input autoComplete="given-name" {...register('first_name')} />
        </Field>
        <Field label="Last name" error={formState.errors.last_name?.message ?? null}>
          <Input autoComplete="family-name" {...register('last_name')} />
        </Field>
      </div>
      <Field label="Password" hint="At least 8 characters, not only numbers." error={formState.errors.password?.message ?? null}>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Confirm password" error={formState.errors.password_confirm?.message ?? null}>
        <PasswordInput autoComplete="new-password" {...register('password_confirm')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={formState.isSubmitting}>
        Join and sign in
      </Button>
    </form>
  );
}
