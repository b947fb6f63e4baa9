import type { RegisterRequest } from '@alumlink/contract';

let sequence = 0;

/** A valid sign-up body with a unique e-mail; overrides win. */
export function registration(
  overrides: Partial<Record<keyof RegisterRequest, unknown>> & Record<string, unknown> = {},
): Record<string, unknown> {
  sequence += 1;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `ada.${sequence}.${Math.random().toString(36).slice(2, 7)}@example.com`,
    country_code: '',
    phone_number: '',
    password: 'analytical-engine-1',
    password_confirm: 'analytical-engine-1',
    site_name: 'AlumLink',
    ...overrides,
  };
}
