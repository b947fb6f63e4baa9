import { AUTH_MESSAGES } from '@alumlink/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../db/schema/index';
import { RESET_CODE_TRIES } from './one-time-codes';
import { createTestApp, createUser, emailsTo, lastCodeSentTo, type TestApp } from '../../test/index';
import { otherCode } from './auth.test-helpers';

// Password reset is no lock-out (docs/security.md, "Password reset"): with the real limits
// (multiplier 1), someone who only knows the e-mail cannot stop the owner getting a code or
// spend the owner's tries, while guessing stays cut off.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 1 });
});
afterAll(() => t.close());

const OWNER_ADDRESS = '198.51.100.7';
const TOO_MANY_ATTEMPTS = { detail: AUTH_MESSAGES.otpTooManyAttempts, code: 'otp_attempts_exceeded' };
const INVALID_OTP = { detail: AUTH_MESSAGES.otpInvalid, code: 'invalid_otp' };

const forgot = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/users/forgot-password/', remoteAddress, payload: { email } });
const reset = (email: string, otp: string, remoteAddress: string, password = 'brand-new-password-1') =>
  t.app.inject({
    method: 'POST',
    url: '/users/reset-password/',
    remoteAddress,
    payload: { email, otp, password, password_confirm: password },
  });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/', remoteAddress: OWNER_ADDRESS, payload: { email, password } });

/** The owner asks for a code (answered 200 whatever happened) and reads the newest one in their mailbox. */
async function ownerGetsCode(email: string): Promise<string> {
  const response = await forgot(email, OWNER_ADDRESS);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ detail: AUTH_MESSAGES.codeSentIfExists });
  return lastCodeSentTo(t.db, email);
}

async function expectOwnerResets(email: string, otp: string): Promise<void> {
  const response = await reset(email, otp, OWNER_ADDRESS);
  expect(response.json()).toEqual({ detail: AUTH_MESSAGES.passwordReset });
  expect(response.statusCode).toBe(200);
  expect((await signIn(email, 'brand-new-password-1')).statusCode).toBe(200);
}

describe('forgot-password cannot be spent by someone else', () => {
  it("an attacker's 10 requests for the owner's e-mail do not stop the owner getting a code and resetting", async () => {
    const owner = await createUser(t.db);
    for (let request = 1; request <= 10; request += 1) {
      const response = await forgot(owner.email, `203.0.113.${request}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: AUTH_MESSAGES.codeSentIfExists });
    }
    // The one-minute cooldown: one code e-mail for all of them, no mail bombing.
    expect(await emailsTo(t.db, owner.email)).toHaveLength(1);
    // The owner's own request is answered; the code in their mailbox (still valid) works.
    const otp = await ownerGetsCode(owner.email);
    expect(await emailsTo(t.db, owner.email)).toHaveLength(1);
    await expectOwnerResets(owner.email, otp);
  });

  it('still limits one address: 10 requests per 15 minutes, whatever the e-mail', async () => {
    for (let request = 1; request <= 10; request += 1) {
      expect((await forgot(`someone.${request}@example.com`, '203.0.114.1')).statusCode).toBe(200);
    }
    const limited = await forgot('someone.else@example.com', '203.0.114.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('reset-password: wrong codes from another address do not spend the owner’s tries', () => {
  it("an attacker's 10 wrong codes from two addresses do not stop the owner's correct code", async () => {
    const owner = await createUser(t.db);
    const otp = await ownerGetsCode(owner.email);
    const wrong = otherCode(otp);
    for (const address of ['203.0.113.50', '203.0.113.51']) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await reset(owner.email, wrong, address)).json()).toEqual(INVALID_OTP);
      }
    }
    await expectOwnerResets(owner.email, otp);
  });

  it('cuts guessing from one address off after 5 wrong codes, even the right one after that', async () => {
    const owner = await createUser(t.db);
    const otp = await ownerGetsCode(owner.email);
    const guesser = '203.0.113.60';
    for (let attempt = 1; attempt <= RESET_CODE_TRIES.perAddress; attempt += 1) {
      const response = await reset(owner.email, otherCode(otp), guesser);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_OTP);
    }
    const cutOff = await reset(owner.email, otp, guesser);
    expect(cutOff.statusCode).toBe(400);
    expect(cutOff.json()).toEqual(TOO_MANY_ATTEMPTS);
    // An IPv6 guesser counts per /64: another address of the same /64 is cut off too.
    for (let attempt = 1; attempt <= RESET_CODE_TRIES.perAddress; attempt += 1) {
      expect((await reset(owner.email, otherCode(otp), `2001:db8:7:1::${attempt}`)).json()).toEqual(INVALID_OTP);
    }
    expect((await reset(owner.email, otp, '2001:db8:7:1::99')).json()).toEqual(TOO_MANY_ATTEMPTS);
    // The code itself is alive for its owner.
    await expectOwnerResets(owner.email, otp);
  });

  it(`kills the code after ${RESET_CODE_TRIES.perCode} wrong tries from all addresses together`, async () => {
    const owner = await createUser(t.db);
    const otp = await ownerGetsCode(owner.email);
    const addresses = RESET_CODE_TRIES.perCode / RESET_CODE_TRIES.perAddress;
    for (let address = 1; address <= addresses; address += 1) {
      for (let attempt = 1; attempt <= RESET_CODE_TRIES.perAddress; attempt += 1) {
        expect((await reset(owner.email, otherCode(otp), `192.0.2.${address}`)).json()).toEqual(INVALID_OTP);
      }
    }
    expect((await reset(owner.email, otp, OWNER_ADDRESS)).json()).toEqual(TOO_MANY_ATTEMPTS);
    // A new code (after the one-minute cooldown) works again.
    await t.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 1000) })
      .where(eq(oneTimeCodes.userId, owner.id));
    await expectOwnerResets(owner.email, await ownerGetsCode(owner.email));
  });

  it(`allows ${RESET_CODE_TRIES.perAccountPerDay} wrong tries per account a day over all its codes (new codes give no fresh guesses)`, async () => {
    const owner = await createUser(t.db);
    await ownerGetsCode(owner.email);
    // An earlier code, issued two minutes ago, took all but one of the day's wrong tries.
    const spent = RESET_CODE_TRIES.perAccountPerDay - 1;
    const earlier = and(eq(oneTimeCodes.userId, owner.id), eq(oneTimeCodes.purpose, 'reset'));
    await t.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 1000), attempts: spent })
      .where(earlier);
    const otp = await ownerGetsCode(owner.email);
    expect((await reset(owner.email, otherCode(otp), '203.0.113.70')).json()).toEqual(INVALID_OTP);
    expect((await reset(owner.email, otp, OWNER_ADDRESS)).json()).toEqual(TOO_MANY_ATTEMPTS);
    // A day later the earlier code's tries no longer count.
    await t.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(and(earlier, eq(oneTimeCodes.attempts, spent)));
    await expectOwnerResets(owner.email, otp);
  });
});
