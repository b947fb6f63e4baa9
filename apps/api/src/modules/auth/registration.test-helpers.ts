import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { registrationAttempts, users } from '../../db/schema/index';
import { useTestApp } from '../../test/index';
import { registerWithCode } from './auth.test-helpers';

/** The registration files' app (rate limits raised) and the requests and reads they share. */
export function useRegistrationApp() {
  const t = useTestApp({ rateLimitMultiplier: 100 });

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  async function attemptsOf(email: string) {
    return t.db.select().from(registrationAttempts).where(eq(registrationAttempts.email, email)).orderBy(registrationAttempts.id);
  }

  async function userByEmail(email: string) {
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  /** Registers and verifies through the API; the account made. */
  async function registerAndVerify(body: Record<string, unknown>) {
    const { email, code } = await registerWithCode(t.app, t.db, body);
    const verified = await post('/users/verify-otp/', { email, otp: code });
    expect(verified.statusCode).toBe(200);
    return userByEmail(email);
  }

  return { t, post, attemptsOf, userByEmail, registerAndVerify };
}
