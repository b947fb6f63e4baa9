import { AUTH_MESSAGES, registerResponseSchema, type RegisterRequest } from '@alumlink/contract';
import { SITE_NAME } from '@/config/site';
import { api, isApiError, isNetworkError } from '@/lib/api-client';

/** What the sign-up form sends: the contract's request, every field filled in (the site name is added here). */
export type RegisterInput = Required<Omit<RegisterRequest, 'site_name'>>;

/** Order in which the specification picks the first field error to show. */
export const REGISTER_ERROR_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'country_code',
  'phone_number',
  'password',
  'password_confirm',
  'non_field_errors',
] as const;

export function register(input: RegisterInput) {
  return api.post('/users/register/', { ...input, site_name: SITE_NAME }, { schema: registerResponseSchema, auth: false });
}

export function registerErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return AUTH_MESSAGES.signupNetwork;
  if (isApiError(error)) return error.firstFieldError(REGISTER_ERROR_FIELDS) ?? error.detail ?? AUTH_MESSAGES.signupFailed;
  return AUTH_MESSAGES.signupFailed;
}
