import { FormMessage } from '@/components/ui';
import { usePublicSignUpPolicy } from '../api/sign-up-policy';

/** Tells, above the sign-up form, when the organisation limits sign-up (invitation only, or its domains). */
export function SignUpPolicyNotice() {
  const policy = usePublicSignUpPolicy();
  if (!policy.data || policy.data.mode === 'open') return null;
  if (policy.data.mode === 'invite_only') {
    return (
      <FormMessage tone="error">
        Sign-up is by invitation only. Use the link in your invitation e-mail, or ask your organisation for one.
      </FormMessage>
    );
  }
  return (
    <FormMessage tone="success">
      Sign-up is open to e-mail addresses of {policy.data.domains.map((domain) => `@${domain}`).join(', ')}.
    </FormMessage>
  );
}
