import { AUTH_MESSAGES } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrationAttempts } from '../../db/schema/index';
import { createUser, emailsTo, lastCodeSentTo } from '../../test/index';
import { otherCode, registerWithCode } from './auth.test-helpers';
import { useRegistrationApp } from './registration.test-helpers';

const { t, post, userByEmail } = useRegistrationApp();

describe('POST /users/verify-otp/', () => {
  it('verifies the e-mail and signs the person in', async () => {
    const { email, code } = await registerWithCode(t.app, t.db);
    const response = await post('/verify-otp/', { email: email.toUpperCase(), otp: code });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.detail).toBe(AUTH_MESSAGES.emailVerified);
    expect(body.user).toMatchObject({ email, role: 'TR', is_staff: false, first_name: 'Ada', image: null });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('passwordHash');
    expect((await userByEmail(email))?.emailVerifiedAt).toBeInstanceOf(Date);

    const me = await t.app.inject({ url: '/social/profiles/me/', headers: { authorization: `Bearer ${body.tokens.access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    const refreshed = await post('/api/token/refresh/', { refresh: body.tokens.refresh });
    expect(refreshed.statusCode).toBe(200);

    // A code works once.
    const reused = await post('/users/verify-otp/', { email, otp: code });
    expect(reused.json()).toEqual({ detail: AUTH_MESSAGES.otpInvalid, code: 'invalid_otp' });
  });

  it('refuses a wrong code, and an unknown e-mail just the same', async () => {
    const { email, code } = await registerWithCode(t.app, t.db);
    const wrong = await post('/users/verify-otp/', { email, otp: otherCode(code) });
    const unknown = await post('/users/verify-otp/', { email: 'nobody@example.com', otp: code });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Invalid OTP.', code: 'invalid_otp' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
    const missing = await post('/users/verify-otp/', { email });
    expect(missing.json()).toEqual({ otp: [AUTH_MESSAGES.otpRequired] });
    const letters = await post('/users/verify-otp/', { email, otp: 'abcdef' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toHaveProperty('otp');
  });

  it('refuses an expired code with its own message', async () => {
    const { email, code } = await registerWithCode(t.app, t.db);
    await t.db
      .update(registrationAttempts)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationAttempts.email, email));
    const response = await post('/users/verify-otp/', { email, otp: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'This code has expired. Request a new one.', code: 'otp_expired' });
  });

  it('kills a code after 5 wrong tries', async () => {
    const { email, code } = await registerWithCode(t.app, t.db);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await post('/users/verify-otp/', { email, otp: otherCode(code) });
      expect(response.json().code).toBe('invalid_otp');
    }
    const right = await post('/users/verify-otp/', { email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ detail: 'Too many attempts. Request a new code.', code: 'otp_attempts_exceeded' });
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe('POST /users/resend-verification/ and /users/forgot-password/', () => {
  it('answers the same for known and unknown e-mails', async () => {
    const { email } = await registerWithCode(t.app, t.db);
    const verified = await createUser(t.db);
    for (const path of ['/users/resend-verification/', '/resend-verification/', '/users/forgot-password/', '/forgot-password/']) {
      const answers = await Promise.all(
        [email, verified.email, 'nobody@example.com'].map((address) => post(path, { email: address, site_name: 'AlumLink' })),
      );
      for (const answer of answers) {
        expect(answer.statusCode, path).toBe(200);
        expect(answer.json()).toEqual({ detail: AUTH_MESSAGES.codeSentIfExists });
      }
    }
    expect(await emailsTo(t.db, 'nobody@example.com')).toHaveLength(0);
  });

  it('re-sends a verification code at most once a minute', async () => {
    const { email, code } = await registerWithCode(t.app, t.db);
    await post('/users/resend-verification/', { email });
    expect(await emailsTo(t.db, email)).toHaveLength(1);

    await t.db.execute(sql`update registration_attempts set code_sent_at = code_sent_at - interval '61 seconds'`);
    await post('/users/resend-verification/', { email });
    const mails = await emailsTo(t.db, email);
    expect(mails).toHaveLength(2);
    const newCode = await lastCodeSentTo(t.db, email);
    const verified = await post('/users/verify-otp/', { email, otp: newCode });
    expect(verified.statusCode).toBe(200);
    expect(code).toMatch(/^\d{6}$/);

    // Verified now: resend sends nothing more but answers the same.
    await t.db.execute(sql`update registration_attempts set code_sent_at = code_sent_at - interval '61 seconds'`);
    const after = await post('/users/resend-verification/', { email });
    expect(after.json()).toEqual({ detail: AUTH_MESSAGES.codeSentIfExists });
    expect(await emailsTo(t.db, email)).toHaveLength(2);
  });

  it('e-mails a password reset code to an existing account', async () => {
    const user = await createUser(t.db);
    await post('/users/forgot-password/', { email: user.email, site_name: 'AlumLink' });
    const [mail] = await emailsTo(t.db, user.email);
    expect(mail?.subject).toBe('Your AlumLink password reset code');
    expect(mail?.textBody).toMatch(/\b\d{6}\b/);
  });

  it('validates the e-mail', async () => {
    const response = await post('/users/forgot-password/', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [AUTH_MESSAGES.invalidEmail] });
  });
});
