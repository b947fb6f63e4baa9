import { AUTH_MESSAGES, REQUIRED } from '@alumlink/contract';
import { describe, expect, it } from 'vitest';
import { usernameAliases } from '../../db/schema/index';
import { createUser, emailsTo, lastCodeSentTo } from '../../test/index';
import { registerWithCode, registration } from './auth.test-helpers';
import { useRegistrationApp } from './registration.test-helpers';

const { t, post, attemptsOf, userByEmail, registerAndVerify } = useRegistrationApp();

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
