import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, twoFactorChallenges } from '../../db/schema/index';
import { AUTH_RATE_LIMITS } from '../../lib/rate-limits';
import { authHeader, createTestApp, createUser, emailsTo, lastCodeSentTo, type TestApp, type TestUser } from '../../test/index';
import { otherCode } from './auth.test-helpers';

let t: TestApp;

// The real limits (multiplier 1): the lockout tests must show that no limit blocks the owner.
// Each test signs in from addresses of its own, so the per-IP limits do not add up across tests.
beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 1 });
});
afterAll(() => t.close());

async function withTwoFactor(): Promise<TestUser> {
  const user = await createUser(t.db, { firstName: 'Grace' });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/social/settings/',
    headers: await authHeader(t.app, user),
    payload: { two_factor: true },
  });
  expect(saved.json().two_factor).toBe(true);
  return user;
}
const signIn = (user: TestUser, remoteAddress: string, password = user.password) =>
  t.app.inject({ method: 'POST', url: '/api/token/', remoteAddress, payload: { email: user.email, password } });
const verify = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/verify-2fa/', remoteAddress, payload });

/** Signs in with the password: the challenge answered and the code e-mailed. */
async function startSignIn(user: TestUser, remoteAddress: string): Promise<{ challenge: string; code: string }> {
  const response = await signIn(user, remoteAddress);
  expect(response.statusCode).toBe(200);
  const { challenge } = response.json();
  expect(typeof challenge).toBe('string');
  return { challenge, code: await lastCodeSentTo(t.db, user.email) };
}

const INVALID_CHALLENGE = { detail: 'This sign-in is no longer valid. Please sign in again.', code: 'two_factor_challenge_invalid' };

describe('two-factor sign-in', () => {
  it('asks for an e-mailed code with a challenge instead of answering tokens, then exchanges both for tokens', async () => {
    const user = await withTwoFactor();
    const first = await signIn(user, '10.20.1.1');
    expect(first.statusCode).toBe(200);
    const { challenge, ...rest } = first.json();
    expect(rest).toEqual({ two_factor_required: true, detail: 'We sent a sign-in code to your email.' });
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed only.
    const stored = await t.db.select().from(twoFactorChallenges);
    expect(stored.map((row) => row.tokenHash)).toContain(createHash('sha256').update(challenge).digest('hex'));
    expect(stored.map((row) => row.tokenHash)).not.toContain(challenge);
    const [mail] = await emailsTo(t.db, user.email);
    expect(mail?.subject).toBe('Your AlumLink sign-in code');
    const code = await lastCodeSentTo(t.db, user.email);

    const done = await verify({ challenge, otp: code }, '10.20.1.1');
    expect(done.statusCode).toBe(200);
    const tokens = done.json();
    expect(Object.keys(tokens).sort()).toEqual(['access', 'refresh']);
    const me = await t.app.inject({ url: '/social/settings/', headers: { authorization: `Bearer ${tokens.access}` } });
    expect(me.statusCode).toBe(200);
    // A code and its challenge work once.
    const again = await verify({ challenge, otp: code }, '10.20.1.1');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID_CHALLENGE);
  });

  it('refuses a wrong code with the right challenge, then kills the code after five wrong tries', async () => {
    const user = await withTwoFactor();
    const { challenge, code } = await startSignIn(user, '10.20.2.1');
    const wrong = await verify({ challenge, otp: otherCode(code) }, '10.20.2.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Invalid OTP.', code: 'invalid_otp' });
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      expect((await verify({ challenge, otp: otherCode(code) }, '10.20.2.1')).json().code).toBe('invalid_otp');
    }
    const after = await verify({ challenge, otp: code }, '10.20.2.1');
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('otp_attempts_exceeded');
  });

  it('an attacker without the challenge neither kills the owner’s code nor blocks the owner', async () => {
    const owner = await withTwoFactor();
    const { challenge, code } = await startSignIn(owner, '10.20.3.1');
    const attacker = '10.20.3.99';
    // The old body: the owner's e-mail and a guess. Refused before any code is looked at.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const guess = await verify({ email: owner.email, otp: otherCode(code) }, attacker);
      expect(guess.statusCode).toBe(400);
      expect(guess.json()).toEqual({ challenge: ['This field is required.'] });
    }
    // A made-up challenge: 401, nothing spent.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const forged = await verify({ email: owner.email, challenge: `forged-${attempt}`, otp: otherCode(code) }, attacker);
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual(INVALID_CHALLENGE);
    }
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, owner.id));
    expect(row?.attempts).toBe(0);

    // The owner, from their own address, still gets in with their code and challenge.
    const done = await verify({ challenge, otp: code }, '10.20.3.1');
    expect(done.statusCode).toBe(200);
    expect(Object.keys(done.json()).sort()).toEqual(['access', 'refresh']);
  });

  it("binds a challenge to its person's code: another person's challenge cannot try it", async () => {
    const owner = await withTwoFactor();
    const other = await withTwoFactor();
    const mine = await startSignIn(owner, '10.20.4.1');
    const theirs = await startSignIn(other, '10.20.4.2');
    // The other person's challenge with the owner's code: a wrong code of *their* sign-in.
    const ownerCodeGuess = mine.code === theirs.code ? otherCode(theirs.code) : mine.code;
    expect((await verify({ challenge: theirs.challenge, otp: ownerCodeGuess }, '10.20.4.2')).json().code).toBe('invalid_otp');
    const [ownerCode] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, owner.id));
    expect(ownerCode?.attempts).toBe(0);
    const done = await verify({ challenge: mine.challenge, otp: mine.code }, '10.20.4.1');
    expect(done.statusCode).toBe(200);
  });

  it('gives each sign-in within the cooldown its own challenge for the same code, with five tries in all', async () => {
    const user = await withTwoFactor();
    const first = await startSignIn(user, '10.20.5.1');
    const second = await startSignIn(user, '10.20.5.1');
    expect(second.challenge).not.toBe(first.challenge);
    expect(second.code).toBe(first.code);
    expect(await emailsTo(t.db, user.email)).toHaveLength(1);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const challenge = attempt % 2 === 0 ? first.challenge : second.challenge;
      expect((await verify({ challenge, otp: otherCode(first.code) }, '10.20.5.1')).json().code).toBe('invalid_otp');
    }
    expect((await verify({ challenge: first.challenge, otp: first.code }, '10.20.5.1')).json().code).toBe('otp_attempts_exceeded');
  });

  it('expires the challenge with its code', async () => {
    const user = await withTwoFactor();
    const { challenge, code } = await startSignIn(user, '10.20.6.1');
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const late = await verify({ challenge, otp: code }, '10.20.6.1');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: 'This code has expired. Request a new one.', code: 'otp_expired' });
  });

  it('sends no code and no challenge for a wrong password, and keeps the one-minute cooldown', async () => {
    const user = await withTwoFactor();
    const wrong = await signIn(user, '10.20.7.1', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).not.toHaveProperty('challenge');
    expect(await emailsTo(t.db, user.email)).toHaveLength(0);
    await signIn(user, '10.20.7.1');
    await signIn(user, '10.20.7.1');
    expect(await emailsTo(t.db, user.email)).toHaveLength(1);
  });

  it('answers tokens directly when two-factor is off, and the code route refuses people without a challenge', async () => {
    const user = await createUser(t.db);
    const response = await signIn(user, '10.20.8.1');
    expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh']);
    expect((await verify({ challenge: 'x'.repeat(43), otp: '123456' }, '10.20.8.1')).json()).toEqual(INVALID_CHALLENGE);
    const malformed = await verify({ challenge: 'x'.repeat(43), otp: '12ab' }, '10.20.8.1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ otp: ['Enter the 6-digit code.'] });
    const missing = await verify({ otp: '123456' }, '10.20.8.1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ challenge: ['This field is required.'] });
  });

  it('limits code checks per IP only', async () => {
    const perIp = AUTH_RATE_LIMITS.twoFactor.ip.max;
    expect(AUTH_RATE_LIMITS.twoFactor).not.toHaveProperty('email');
    for (let attempt = 1; attempt <= perIp; attempt += 1) {
      expect((await verify({ challenge: `made-up-${attempt}`, otp: '123456' }, '10.20.9.1')).statusCode).toBe(401);
    }
    const limited = await verify({ challenge: 'made-up', otp: '123456' }, '10.20.9.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await verify({ challenge: 'made-up', otp: '123456' }, '10.20.9.2')).statusCode).toBe(401);
  });
});
