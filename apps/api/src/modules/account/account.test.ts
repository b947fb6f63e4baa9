import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { authHeader, createTestApp, createUser, emailsTo, lastCodeSentTo, type TestApp, type TestUser } from '../../test/index';
import { otherCode, registration } from '../auth/auth.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
});
afterAll(() => t.close());

const post = async (user: TestUser | null, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: user ? await authHeader(t.app, user) : {} });
const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

async function rowOf(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('POST /api/account/password/', () => {
  it('changes the password, signs out every other session, answers fresh tokens and e-mails a notice', async () => {
    const user = await createUser(t.db);
    const elsewhere = (await signIn(user.email, user.password)).json();
    const response = await post(user, '/api/account/password/', {
      current_password: user.password,
      new_password: 'a-brand-new-one-2',
      new_password_confirm: 'a-brand-new-one-2',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.detail).toBe(ACCOUNT_MESSAGES.passwordChanged);

    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a-brand-new-one-2')).statusCode).toBe(200);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
    expect((await refresh(body.tokens.refresh)).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/social/profiles/me/', headers: { authorization: `Bearer ${body.tokens.access}` } });
    expect(me.statusCode).toBe(200);

    const [notice] = await emailsTo(t.db, user.email);
    expect(notice?.subject).toBe('AlumLink: your password was changed');
    expect(notice?.textBody).not.toContain('a-brand-new-one-2');
  });

  it('refuses a missing or wrong current password and the registration rules, changing nothing', async () => {
    const user = await createUser(t.db);
    const fresh = { new_password: 'a-brand-new-one-2', new_password_confirm: 'a-brand-new-one-2' };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [fresh, { current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] }],
      [{ ...fresh, current_password: '' }, { current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] }],
      [{ ...fresh, current_password: 'wrong-password-1' }, { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] }],
      [
        { current_password: user.password, new_password: 'short1', new_password_confirm: 'short1' },
        { new_password: [AUTH_MESSAGES.passwordTooShort] },
      ],
      [
        { current_password: user.password, new_password: '1234567890', new_password_confirm: '1234567890' },
        { new_password: [AUTH_MESSAGES.passwordNumeric] },
      ],
      [
        { current_password: user.password, new_password: 'a-brand-new-one-2', new_password_confirm: 'another-one-3' },
        { new_password_confirm: [AUTH_MESSAGES.passwordsDontMatch] },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await post(user, '/api/account/password/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual(fields);
    }
    expect((await rowOf(user.id))?.passwordHash).toBe(user.passwordHash);
    expect(await emailsTo(t.db, user.email)).toHaveLength(0);
    expect((await post(null, '/api/account/password/', { current_password: user.password, ...fresh })).statusCode).toBe(401);
  });
});

describe('POST /api/account/email/ and /api/account/email/confirm/', () => {
  const newAddress = () => `moved.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

  it('e-mails a code to the new address; the code switches the e-mail and the old address is told', async () => {
    const user = await createUser(t.db);
    const target = newAddress();
    const started = await post(user, '/api/account/email/', { current_password: user.password, new_email: target.toUpperCase() });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ detail: ACCOUNT_MESSAGES.emailCodeSent, new_email: target });
    const [codeMail] = await emailsTo(t.db, target);
    expect(codeMail?.subject).toBe('Your AlumLink e-mail change code');
    expect(await emailsTo(t.db, user.email)).toHaveLength(0);
    // Nothing changes before the code is entered.
    expect((await rowOf(user.id))?.email).toBe(user.email);

    const code = await lastCodeSentTo(t.db, target);
    const wrong = await post(user, '/api/account/email/confirm/', { otp: otherCode(code) });
    expect(wrong.json()).toEqual({ detail: AUTH_MESSAGES.otpInvalid, code: 'invalid_otp' });
    // Someone else's code for this change is useless: codes are bound to the person.
    expect((await post(await createUser(t.db), '/api/account/email/confirm/', { otp: code })).statusCode).toBe(400);

    const confirmed = await post(user, '/api/account/email/confirm/', { otp: code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ detail: ACCOUNT_MESSAGES.emailChanged, user: { id: user.id, email: target } });
    expect((await rowOf(user.id))?.email).toBe(target);
    expect((await signIn(target, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    const [notice] = await emailsTo(t.db, user.email);
    expect(notice?.subject).toBe('AlumLink: your e-mail address was changed');
    expect(notice?.textBody).toContain(target);
    // A code works once.
    expect((await post(user, '/api/account/email/confirm/', { otp: code })).statusCode).toBe(400);
  });

  it('refuses a wrong password, the same address and a taken one (409), sending nothing', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const target = newAddress();
    const wrong = await post(user, '/api/account/email/', { current_password: 'wrong-password-1', new_email: target });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    const missing = await post(user, '/api/account/email/', { new_email: target });
    expect(missing.json()).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] });
    const same = await post(user, '/api/account/email/', { current_password: user.password, new_email: user.email.toUpperCase() });
    expect(same.json()).toEqual({ new_email: [ACCOUNT_MESSAGES.emailSame] });
    const taken = await post(user, '/api/account/email/', { current_password: user.password, new_email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: AUTH_MESSAGES.emailTaken, code: 'email_taken' });
    const invalid = await post(user, '/api/account/email/', { current_password: user.password, new_email: 'nope' });
    expect(invalid.json()).toEqual({ new_email: [AUTH_MESSAGES.invalidEmail] });
    expect(await emailsTo(t.db, target)).toHaveLength(0);
    expect(await emailsTo(t.db, other.email)).toHaveLength(0);
  });

  it('fails at confirm with 409 when the address was taken meanwhile, and ends pending sign-ups of the new address', async () => {
    const user = await createUser(t.db);
    const target = newAddress();
    await post(user, '/api/account/email/', { current_password: user.password, new_email: target });
    const code = await lastCodeSentTo(t.db, target);
    const squatter = await createUser(t.db, { email: target });
    const taken = await post(user, '/api/account/email/confirm/', { otp: code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    expect((await rowOf(user.id))?.email).toBe(user.email);
    await t.db.delete(users).where(eq(users.id, squatter.id));

    // A sign-up of the address pending meanwhile cannot take it after the change.
    const pending = registration({ email: target });
    expect((await t.app.inject({ method: 'POST', url: '/users/register/', payload: pending })).statusCode).toBe(201);
    const signupCode = await lastCodeSentTo(t.db, target);
    expect((await post(user, '/api/account/email/confirm/', { otp: code })).statusCode).toBe(200);
    const verify = await t.app.inject({ method: 'POST', url: '/users/verify-otp/', payload: { email: target, otp: signupCode } });
    expect(verify.statusCode).toBe(400);
    expect((await rowOf(user.id))?.email).toBe(target);
  });

  it('a new request replaces the previous code (only the last address can be confirmed)', async () => {
    const user = await createUser(t.db);
    const first = newAddress();
    const second = newAddress();
    await post(user, '/api/account/email/', { current_password: user.password, new_email: first });
    const firstCode = await lastCodeSentTo(t.db, first);
    await post(user, '/api/account/email/', { current_password: user.password, new_email: second });
    const secondCode = await lastCodeSentTo(t.db, second);
    expect((await post(user, '/api/account/email/confirm/', { otp: firstCode })).statusCode).toBe(400);
    expect((await post(user, '/api/account/email/confirm/', { otp: secondCode })).json().user.email).toBe(second);
  });
});
