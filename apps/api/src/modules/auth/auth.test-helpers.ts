import type { RegisterRequest } from '@alumlink/contract';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { lastCodeSentTo } from '../../test/index';

let sequence = 0;

/** A valid sign-up body with a unique e-mail; overrides win. */
export function registration(overrides: Partial<Record<keyof RegisterRequest, unknown>> & Record<string, unknown> = {}): Record<string, unknown> {
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

/** Registers through the API and returns the e-mailed verification code. */
export async function registerWithCode(app: App, db: Database, body = registration()): Promise<{ email: string; code: string }> {
  const response = await app.inject({ method: 'POST', url: '/users/register/', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const email = String(body.email).toLowerCase();
  return { email, code: await lastCodeSentTo(db, email) };
}

/** A 6-digit code different from `code`. */
export function otherCode(code: string): string {
  return code === '000000' ? '000001' : '000000';
}
