import { AUTH_MESSAGES, REQUIRED } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationAttempts, usernameAliases, users } from '../../db/schema/index';
import { createTestApp, createUser, emailsTo, lastCodeSentTo, type TestApp } from '../../test/index';
import { otherCode, registerWithCode, registration } from './auth.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

async function attemptsOf(email: string) {
  return t.db.select().from(registrationAttempts).where(eq(registrationAttempts.email, email)).orderBy(registrationAttempts.id);
}

/** Registers and verifies through the API; the account made. */
async function registerAndVerify(body: Record<string, unknown>) {
  const { email, code } = await registerWithCode(t.app, t.db, body);
  const verified = await post('/users/verify-otp/', { email, otp: code });
  expect(verified.statusCode).toBe(200);
  return userByEmail(email);
}

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('POST /users/register/', () => {
  it('keeps the attempt apart, e-mails a 6-digit code and makes a trainee once verified', async () => {
    const body = registration({ email: 'Grace.Hopper+navy@Example.com', country_code: '+1', phone_number: '555 0100' });
    const response = await post('/users/register/', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: 'OTP sent to your email.', email: 'grace.hopper+navy@example.com' });

    // No account until a code is entered: the attempt is kept on its own.
    expect(await userByEmail('grace.hopper+navy@example.com')).toBeUndefined();
    const [attempt] = await attemptsOf('grace.hopper+navy@example.com');
    expect(attempt).toMatchObject({ role: 'TR', phoneNumber: '555 0100', countryCode: '+1', consumedAt: null });
    expect(attempt?.passwordHash).toMatch(/^\$argon2id\$/);

    const [mail] = await emailsTo(t.db, 'grace.hopper+navy@example.com');
    expect(mail?.subject).toBe('Your AlumLink verification code');
    expect(mail?.textBody).toMatch(/\b\d{6}\b/);
    expect(mail?.textBody).toContain('10 minutes');
    expect(mail?.htmlBody).toContain(await lastCodeSentTo(t.db, 'grace.hopper+navy@example.com'));
    // Only the HMAC of the code is stored.
    const code = await lastCodeSentTo(t.db, 'grace.hopper+navy@example.com');
    expect(attempt?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(attempt?.codeHash).not.toContain(code);

    await post('/users/verify-otp/', { email: 'grace.hopper+navy@example.com', otp: code });
    const row = await userByEmail('grace.hopper+navy@example.com');
    expect(row).toMatchObject({
      role: 'TR',
      isStaff: false,
      // From the name, never from the e-mail (which the person may hide).
      username: 'ada_lovelace',
      phoneNumber: '555 0100',
      passwordHash: attempt?.passwordHash,
    });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await attemptsOf('grace.hopper+navy@example.com'))[0]?.consumedAt).toBeInstanceOf(Date);
  });

  it('is served at /register/ too and makes usernames unique, from the name only', async () => {
    await createUser(t.db, { username: 'linus_torvalds' });
    await t.db.insert(usernameAliases).values({ oldUsername: 'linus_torvalds2', userId: (await createUser(t.db)).id });
    const linus = { first_name: 'Linus', last_name: 'Torvalds' };
    const first = await post('/register/', registration({ ...linus, email: 'kernel.hacker@one.example' }));
    expect(first.statusCode).toBe(201);
    // The alias of someone else's old username is skipped too: links by it keep their person.
    expect((await registerAndVerify(registration({ ...linus, email: 'kernel.hacker@one.example' })))?.username).toBe('linus_torvalds3');
    expect((await registerAndVerify(registration({ ...linus, email: 'Linus@two.example' })))?.username).toBe('linus_torvalds4');
    expect(
      (await registerAndVerify(registration({ first_name: 'Zoë', last_name: "O'Brien-Łukasz", email: 'zz@three.example' })))?.username,
    ).toBe('zoe_o_brien_lukasz');
    expect(
      (await registerAndVerify(registration({ first_name: '李', last_name: '+-+', email: 'secret.local@four.example' })))?.username,
    ).toMatch(/^member\d*$/);
  });

  it('ignores unknown fields (no role or staff flag can be smuggled in)', async () => {
    const body = registration({ email: 'smuggler@example.com' });
    expect(await registerAndVerify({ ...body, role: 'AD', is_staff: true, terms: true })).toMatchObject({ role: 'TR', isStaff: false });
  });

  it('answers each validation rule with its message', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [registration({ password_confirm: 'something-else-1' }), { password_confirm: [AUTH_MESSAGES.passwordsDontMatch] }],
      [registration({ password: 'short1', password_confirm: 'short1' }), { password: [AUTH_MESSAGES.passwordTooShort] }],
      [registration({ password: '1234567890', password_confirm: '1234567890' }), { password: [AUTH_MESSAGES.passwordNumeric] }],
      [registration({ email: 'not-an-email' }), { email: [AUTH_MESSAGES.invalidEmail] }],
      [registration({ country_code: '+91' }), { non_field_errors: [AUTH_MESSAGES.phonePair] }],
      [registration({ first_name: '   ' }), { first_name: [REQUIRED] }],
    ];
    for (const [body, fields] of cases) {
      const response = await post('/users/register/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual(fields);
    }
    const empty = await post('/users/register/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      first_name: [REQUIRED],
      last_name: [REQUIRED],
      email: [REQUIRED],
      password: [REQUIRED],
      password_confirm: [REQUIRED],
    });
  });

  it('answers every malformed request with a 4xx, never a 500', async () => {
    const huge = 'x'.repeat(20_000);
    const bodies: unknown[] = [
      registration({ email: 123 }),
      registration({ first_name: ['Ada'] }),
      registration({ password: { value: 'analytical-engine-1' } }),
      registration({ phone_number: 5550100 }),
      registration({ first_name: huge }),
      registration({ email: `${huge}@example.com` }),
      registration({ password: huge, password_confirm: huge }),
      registration({ site_name: huge }),
      [registration()],
      'just a string',
      null,
    ];
    for (const body of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/users/register/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).not.toContain('at ');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/users/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'Malformed JSON in request body.', code: 'invalid_json' });
    const plain = await t.app.inject({ method: 'POST', url: '/users/register/', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(plain.statusCode).toBe(415);
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/users/register/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(registration({ bio: 'x'.repeat(1_100_000) })),
    });
    expect(tooLarge.statusCode).toBe(413);
  });

  it('registering again keeps both attempts, each with its own code; the first one entered wins', async () => {
    const body = registration();
    const email = String(body.email);
    const { code: firstCode } = await registerWithCode(t.app, t.db, body);

    // Pressing the button twice: the same 201, a second attempt with its own code.
    const again = await post('/users/register/', { ...body, first_name: 'Augusta' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ detail: AUTH_MESSAGES.otpSentDetail, email });
    expect(await emailsTo(t.db, email)).toHaveLength(2);
    const secondCode = await lastCodeSentTo(t.db, email);
    const attempts = await attemptsOf(email);
    expect(attempts.map((attempt) => attempt.firstName)).toEqual(['Ada', 'Augusta']);
    expect(attempts[0]?.codeHash).not.toBe(attempts[1]?.codeHash);

    const verified = await post('/users/verify-otp/', { email, otp: firstCode });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.first_name).toBe('Ada');
    // Every attempt of the address ends with it.
    expect((await attemptsOf(email)).every((attempt) => attempt.consumedAt !== null)).toBe(true);
    expect((await post('/users/verify-otp/', { email, otp: secondCode })).statusCode).toBe(400);
    expect((await userByEmail(email))?.firstName).toBe('Ada');
  });

  it('fills a legacy unverified account from the attempt whose code is entered', async () => {
    const legacy = await createUser(t.db, { verified: false, firstName: 'Old' });
    const { code } = await registerWithCode(t.app, t.db, registration({ email: legacy.email, first_name: 'New' }));
    expect((await userByEmail(legacy.email))?.firstName).toBe('Old');
    const verified = await post('/users/verify-otp/', { email: legacy.email, otp: code });
    expect(verified.json().user).toMatchObject({ id: legacy.id, first_name: 'New' });
    expect((await userByEmail(legacy.email))?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('refuses an e-mail that belongs to a verified account', async () => {
    const existing = await createUser(t.db, { email: 'taken@example.com' });
    const response = await post('/users/register/', registration({ email: 'TAKEN@example.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [AUTH_MESSAGES.emailTaken] });
    expect((await userByEmail('taken@example.com'))?.passwordHash).toBe(existing.passwordHash);
    expect(await emailsTo(t.db, 'taken@example.com')).toHaveLength(0);
  });
});

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

describe('pending registrations cannot be taken over', () => {
  const signIn = (email: string, password: string) => post('/api/token/', { email, password });
  /** Every code e-mailed to `email`, oldest first. */
  async function codesSentTo(email: string): Promise<string[]> {
    const mails = await emailsTo(t.db, email);
    return mails.reverse().map((mail) => /\b(\d{6})\b/.exec(mail.textBody)?.[1] ?? '');
  }
  const attacker = (email: string) =>
    registration({
      email,
      first_name: 'Mallory',
      last_name: 'Attacker',
      password: 'attacker-pass-A',
      password_confirm: 'attacker-pass-A',
      country_code: '+1',
      phone_number: '555 6666',
    });
  const victim = (email: string) =>
    registration({ email, first_name: 'Ada', last_name: 'Lovelace', password: 'victim-pass-B', password_confirm: 'victim-pass-B' });

  it('an attacker who registered first does not own the account the victim verifies with their own code', async () => {
    const email = `victim.${Date.now()}.first@example.com`;
    expect((await post('/users/register/', attacker(email))).statusCode).toBe(201);
    const victimAnswer = await post('/users/register/', victim(email));
    // The same answer as for a first registration: nothing tells that someone else registered.
    expect(victimAnswer.statusCode).toBe(201);
    expect(victimAnswer.json()).toEqual({ detail: AUTH_MESSAGES.otpSentDetail, email });
    // Each attempt got its own code, so the victim has one of their own.
    const [, victimCode] = await codesSentTo(email);
    expect(victimCode).toMatch(/^\d{6}$/);

    const verified = await post('/users/verify-otp/', { email, otp: victimCode });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '',
      country_code: '',
      role: 'TR',
    });
    expect((await signIn(email, 'victim-pass-B')).statusCode).toBe(200);
    expect((await signIn(email, 'attacker-pass-A')).statusCode).toBe(401);
  });

  it('registering after the victim changes nothing: the victim verifies their own attempt', async () => {
    const email = `victim.${Date.now()}.second@example.com`;
    const { code: victimCode } = await registerWithCode(t.app, t.db, victim(email));
    expect((await post('/users/register/', attacker(email))).statusCode).toBe(201);
    // Nothing of the pending registration is visible or usable yet.
    expect((await signIn(email, 'attacker-pass-A')).json()).toEqual((await signIn(email, 'victim-pass-B')).json());

    const verified = await post('/users/verify-otp/', { email, otp: victimCode });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', phone_number: '' });
    expect((await signIn(email, 'victim-pass-B')).statusCode).toBe(200);
    expect((await signIn(email, 'attacker-pass-A')).statusCode).toBe(401);
    const row = await userByEmail(email);
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '', countryCode: '' });
    // The attacker's code (mailed to the victim) is dead once the address is verified.
    const [, attackerCode] = await codesSentTo(email);
    expect((await post('/users/verify-otp/', { email, otp: attackerCode ?? '' })).json()).toEqual({
      detail: AUTH_MESSAGES.otpInvalid,
      code: 'invalid_otp',
    });
    expect((await userByEmail(email))?.passwordHash).toBe(row?.passwordHash);
  });

  it("the attacker's code (sent to the victim's mailbox) verifies only the attacker's attempt", async () => {
    const email = `victim.${Date.now()}.third@example.com`;
    await post('/users/register/', victim(email));
    await post('/users/register/', attacker(email));
    const [victimCode, attackerCode] = await codesSentTo(email);
    expect(attackerCode).toMatch(/^\d{6}$/);
    expect(attackerCode).not.toBe(victimCode);

    const verified = await post('/users/verify-otp/', { email, otp: attackerCode });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ first_name: 'Mallory', last_name: 'Attacker' });
    expect((await signIn(email, 'attacker-pass-A')).statusCode).toBe(200);
    expect((await signIn(email, 'victim-pass-B')).statusCode).toBe(401);
    expect((await post('/users/verify-otp/', { email, otp: victimCode ?? '' })).statusCode).toBe(400);
  });

  it('a wrong code spends a try on every pending attempt of the e-mail', async () => {
    const email = `victim.${Date.now()}.fourth@example.com`;
    await post('/users/register/', victim(email));
    await post('/users/register/', attacker(email));
    const [victimCode, attackerCode] = await codesSentTo(email);
    const wrong = ['000000', '000001', '000002', '000003', '000004', '000005', '000006'].filter(
      (code) => code !== victimCode && code !== attackerCode,
    );
    for (const code of wrong.slice(0, 5)) expect((await post('/users/verify-otp/', { email, otp: code })).json().code).toBe('invalid_otp');
    for (const code of [victimCode, attackerCode]) {
      expect((await post('/users/verify-otp/', { email, otp: code ?? '' })).json().code).toBe('otp_attempts_exceeded');
    }
  });
});
