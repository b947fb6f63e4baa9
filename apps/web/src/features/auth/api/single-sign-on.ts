import { loginResponseSchema, ssoStatusSchema, type LoginResponse, type SsoStatus } from '@alumlink/contract';
import { api, apiUrl } from '@/lib/api-client';

/** Where the "Sign in with …" button goes: a full page load of the API, which redirects to the provider. */
export const ssoStartUrl = () => apiUrl('/api/auth/oidc/start/');

/** Whether the organisation's single sign-on is on, and its button's text (no sign-in). */
export function getSsoStatus(signal?: AbortSignal): Promise<SsoStatus> {
  return api.get('/api/auth/oidc/', { schema: ssoStatusSchema, auth: false, ...(signal ? { signal } : {}) });
}

/** The one-time code of /login/sso?code=… → the same answer as a password sign-in (tokens, or a two-factor challenge). */
export function exchangeSsoCode(code: string): Promise<LoginResponse> {
  return api.post('/api/auth/oidc/exchange/', { code }, { schema: loginResponseSchema, auth: false });
}
