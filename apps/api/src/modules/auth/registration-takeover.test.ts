import { AUTH_MESSAGES } from '@alumlink/contract';
import { describe, expect, it } from 'vitest';
import { emailsTo } from '../../test/index';
import { registerWithCode, registration } from './auth.test-helpers';
import { useRegistrationApp } from './registration.test-helpers';

const { t, post, userByEmail } = useRegistrationApp();

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
