import type { App } from '../../app';
import type { Database } from '../../db/client';
import { registration } from '../../test/registration';
import { lastCodeSentTo } from '../../test/index';

export { registration } from '../../test/registration';

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
