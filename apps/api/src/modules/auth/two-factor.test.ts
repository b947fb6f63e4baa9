import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, createUser, emailsTo, lastCodeSentTo, type TestApp, type TestUser } from '../../test/index';
import { otherCode } from './auth.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
});
afterAll(() => t.close());

async function withTwoFactor(): Promise<TestUser> {
  const user = await createUser(t.db, { firstName: 'Grace' });
  const saved = await t.app.inject({ method: 'PUT', url: '/social/settings/', headers: await authHeader(t.app, user), payload: { two_factor: true } });
  expect(saved.json().two_factor).toBe(true);
  return user;
}
const signIn = (user: TestUser, password = user.password) =>
  t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password } });
const verify = (email: string, otp: string) => t.app.inject({ method: 'POST', url: '/api/token/verify-2fa/', payload: { email, otp } });

describe('two-factor sign-in', () => {
  it('asks for an e-mailed code instead of answering tokens, then exchanges the code for tokens', async () => {
    const user = await withTwoFactor();
    const first = await signIn(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor_required: true, detail: 'We sent a sign-in code to your email.' });
    const [mail] = await emailsTo(t.db, user.email);
    expect(mail?.subject).toBe('Your AlumLink sign-in code');
    const code = await lastCodeSentTo(t.db, user.email);

    const done = await verify(user.email.toUpperCase(), code);
    expect(done.statusCode).toBe(200);
    const tokens = done.json();
    expect(Object.keys(tokens).sort()).toEqual(['access', 'refresh']);
    const me = await t.app.inject({ url: '/social/settings/', headers: { authorization: `Bearer ${tokens.access}` } });
    expect(me.statusCode).toBe(200);
    // A code works once.
    expect((await verify(user.email, code)).statusCode).toBe(400);
  });

  it('refuses a wrong code, then kills the code after five wrong tries', async () => {
    const user = await withTwoFactor();
    await signIn(user);
    const code = await lastCodeSentTo(t.db, user.email);
    const wrong = await verify(user.email, otherCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Invalid OTP.', code: 'invalid_otp' });
    for (let attempt = 2; attempt <= 5; attempt += 1) await verify(user.email, otherCode(code));
    const after = await verify(user.email, code);
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('otp_attempts_exceeded');
  });

  it('sends no code and no challenge for a wrong password, and keeps the one-minute cooldown', async () => {
    const user = await withTwoFactor();
    const wrong = await signIn(user, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(await emailsTo(t.db, user.email)).toHaveLength(0);
    await signIn(user);
    await signIn(user);
    expect(await emailsTo(t.db, user.email)).toHaveLength(1);
  });

  it('answers tokens directly when two-factor is off, and the code route refuses people without a code', async () => {
    const user = await createUser(t.db);
    const response = await signIn(user);
    expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh']);
    expect((await verify(user.email, '123456')).json()).toEqual({ detail: 'Invalid OTP.', code: 'invalid_otp' });
    expect((await verify('nobody@example.com', '123456')).json()).toEqual({ detail: 'Invalid OTP.', code: 'invalid_otp' });
    const malformed = await verify(user.email, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ otp: ['Enter the 6-digit code.'] });
  });
});
