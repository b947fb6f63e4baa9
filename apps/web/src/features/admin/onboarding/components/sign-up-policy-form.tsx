import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { signUpPolicySchema, type SignUpMode } from '@alumlink/contract';
import { Button, ErrorState, Field, FormMessage, Input } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useSaveSignUpPolicy, useSignUpPolicy } from '../api/sign-up-policy';

const MODES: { value: SignUpMode; label: string; hint: string }[] = [
  { value: 'open', label: 'Open', hint: 'Anyone may sign up.' },
  { value: 'invite_only', label: 'Invite only', hint: 'Only invited people join; the sign-up page says so.' },
  { value: 'domains', label: 'Listed domains', hint: 'Only e-mail addresses of the domains below may sign up.' },
];

/** Who may sign up themselves: open, invite only, or e-mails of listed domains. */
export function SignUpPolicyForm() {
  const policy = useSignUpPolicy();
  const save = useSaveSignUpPolicy();
  const [mode, setMode] = useState<SignUpMode>('open');
  const [domains, setDomains] = useState('');
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  useEffect(() => {
    if (!policy.data) return;
    setMode(policy.data.mode);
    setDomains(policy.data.domains.join(', '));
  }, [policy.data]);

  if (policy.isPending)
    return (
      <p role="status" className="text-fg-muted">
        Loading the sign-up policy...
      </p>
    );
  if (policy.isError) return <ErrorState message="Failed to load the sign-up policy." onRetry={() => void policy.refetch()} />;

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { mode, domains: mode === 'domains' ? domains.split(/[\s,]+/).filter(Boolean) : [] };
    const checked = signUpPolicySchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the domains.');
      return;
    }
    setError(null);
    save.mutate(body, {
      onSuccess: () => toast.success('Sign-up policy saved.'),
      onError: (failure) =>
        setError((isApiError(failure) && (failure.firstFieldError() ?? failure.detail)) || 'Could not save. Please try again.'),
    });
  };

  return (
    <form noValidate aria-label="Sign-up policy" className="space-y-4" onSubmit={handleSubmit}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <fieldset className="space-y-2" aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-fg">
          Who may sign up
        </legend>
        {MODES.map((option) => (
          <label
            key={option.value}
            className="flex items-start gap-3 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name="sign-up-mode"
              value={option.value}
              checked={mode === option.value}
              onChange={() => setMode(option.value)}
              className="mt-0.5 accent-(--color-primary)"
            />
            <span>
              <span className="block font-medium text-fg">{option.label}</span>
              <span className="text-fg-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {mode === 'domains' ? (
        <Field label="Domains" hint="Separated by commas, e.g. school.edu, example.org">
          <Input value={domains} onChange={(event) => setDomains(event.target.value)} placeholder="school.edu" />
        </Field>
      ) : null}
      <Button type="submit" loading={save.isPending}>
        Save policy
      </Button>
    </form>
  );
}
