import { ssoErrorMessage } from '@alumlink/contract';
import { FormMessage } from '@/components/ui';

/** Why the last single sign-on did not sign the person in (/login?sso_error=…). Loaded only then. */
export function SsoErrorNotice({ error }: { error: string }) {
  return <FormMessage tone="error">{ssoErrorMessage(error)}</FormMessage>;
}
