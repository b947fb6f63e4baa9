// Sign-in failures slow an account down instead of locking its owner out (SIGN_IN_THROTTLE).
import { SIGN_IN_THROTTLED_CODE } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, signInThrottles } from '../../db/schema/index';
import { SIGN_IN_THROTTLE } from '../../lib/rate-limits';
import { createTestApp, createUser, emailsTo, lastCodeSentTo, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 1 });
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<typeof signIn>>;

const signIn = (email: string, password: string, remoteAddress: string, unlockCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token/',
    remoteAddress,
    payload: { email, password, ...(unlockCode === undefined ? {} : { unlock_code: unlockCode }) },
  });

function expectSignedIn(response: Answer): void {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
}

function expectThrottled(response: Answer): void {
  expect(response.statusCode, response.body).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(SIGN_IN_THROTTLE.maxDelaySeconds);
  expect(response.json()).toEqual({ detail: expect.stringContaining(`Try again in ${seconds} seconds`), code: SIGN_IN_THROTTLED_CODE });
}

/** The attacker's wrong passwords from one address, until the account is throttled. */
async function attack(email: string, address: string): Promise<void> {
  for (let attempt = 1; attempt <= SIGN_IN_THROTTLE.freeFailures; attempt += 1) {
    expect((await signIn(email, `wrong-guess-${attempt}`, address)).statusCode).toBe(401);
  }
  expectThrottled(await signIn(email, 'wrong-guess-next', address));
}

const unlockEmails = async (user: TestUser) => (await emailsTo(t.db, user.email)).filter((mail) => mail.subject.includes('unlock code'));

describe('sign-in throttling', () => {
  it('lets the owner in from an address they signed in from before while the attacker stays throttled', async () => {
    const owner = await createUser(t.db);
    expectSignedIn(await signIn(owner.email, owner.password, '10.40.0.1'));
    await attack(owner.email, '10.40.9.9');
    // Throttled means not even checked: the right password from the attacker's address is refused too.
    expectThrottled(await signIn(owner.email, owner.password, '10.40.9.9'));
    expectSignedIn(await signIn(owner.email, owner.password, '10.40.0.1'));
    // The owner's sign-in does not give the attacker a fresh set of tries.
    expectThrottled(await signIn(owner.email, 'wrong-guess-after', '10.40.9.9'));
    expectThrottled(await signIn(owner.email.toUpperCase(), 'wrong-guess-after', '10.40.9.10'));
  });

  it('lets the owner in from a new address with the mailed unlock code and the password; the attacker cannot spend the code', async () => {
    const owner = await createUser(t.db);
    await attack(owner.email, '10.41.9.9');
    expectThrottled(await signIn(owner.email, owner.password, '10.41.0.1'));
    expect(await unlockEmails(owner)).toHaveLength(1);
    const code = await lastCodeSentTo(t.db, owner.email);
    const wrongCode = code === '000000' ? '111111' : '000000';

    // With a code the password is checked, but a wrong password or a wrong code answer alike.
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const guess = await signIn(owner.email, `wrong-guess-code-${attempt}`, `10.41.8.${attempt}`, wrongCode);
      expect(guess.statusCode).toBe(401);
      expect(guess.json()).toMatchObject({ code: 'invalid_credentials' });
    }
    const rightPasswordWrongCode = await signIn(owner.email, owner.password, '10.41.0.1', wrongCode);
    expect(rightPasswordWrongCode.statusCode).toBe(401);
    expect(rightPasswordWrongCode.json()).toMatchObject({ code: 'invalid_credentials' });

    expectSignedIn(await signIn(owner.email, owner.password, '10.41.0.1', code));
    expectThrottled(await signIn(owner.email, 'wrong-guess-after', '10.41.9.9'));
  });

  it('e-mails the unlock code once per window, whoever keeps trying, and again after it', async () => {
    const owner = await createUser(t.db);
    await attack(owner.email, '10.42.9.9');
    for (let attempt = 1; attempt <= 3; attempt += 1) expectThrottled(await signIn(owner.email, 'again', `10.42.8.${attempt}`));
    expectThrottled(await signIn(owner.email, owner.password, '10.42.0.1'));
    expect(await unlockEmails(owner)).toHaveLength(1);

    const longAgo = new Date(Date.now() - (SIGN_IN_THROTTLE.unlockMailSeconds + 1) * 1000);
    await t.db
      .update(signInThrottles)
      .set({ unlockMailedAt: longAgo })
      .where(sql`true`);
    await t.db.update(oneTimeCodes).set({ createdAt: longAgo }).where(eq(oneTimeCodes.userId, owner.id));
    expectThrottled(await signIn(owner.email, 'again', '10.42.7.1'));
    expectThrottled(await signIn(owner.email, 'again', '10.42.7.2'));
    expect(await unlockEmails(owner)).toHaveLength(2);
  });

  it('throttles an unknown e-mail the same way (and mails nobody)', async () => {
    const owner = await createUser(t.db);
    await attack(owner.email, '10.43.9.9');
    const known = await signIn(owner.email, 'again', '10.43.9.9');
    await attack('nobody-here@nowhere.example', '10.43.9.8');
    const unknown = await signIn('nobody-here@nowhere.example', 'again', '10.43.9.8');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json<{ detail: string }>().detail.replace(/\d+ seconds/, 'N seconds')).toBe(
      known.json<{ detail: string }>().detail.replace(/\d+ seconds/, 'N seconds'),
    );
    expect(await emailsTo(t.db, 'nobody-here@nowhere.example')).toEqual([]);
  });

  it('doubles the delay with each further failure, up to the maximum', async () => {
    const owner = await createUser(t.db);
    await attack(owner.email, '10.44.9.9');
    const delays: number[] = [];
    for (let extra = 0; extra < 10; extra += 1) {
      // Let the current throttle run out, then fail once more.
      await t.db
        .update(signInThrottles)
        .set({ blockedUntil: new Date(Date.now() - 1000) })
        .where(sql`true`);
      expect((await signIn(owner.email, `wrong-${extra}`, `10.44.8.${extra}`)).statusCode).toBe(401);
      const throttled = await signIn(owner.email, 'again', `10.44.7.${extra}`);
      expectThrottled(throttled);
      delays.push(Number(throttled.headers['retry-after']));
    }
    expect(delays.slice(0, 3)).toEqual([60, 120, 240]);
    expect(delays.at(-1)).toBe(SIGN_IN_THROTTLE.maxDelaySeconds);
  });

  it('forgets a few failures (typos) once the owner gets the password right', async () => {
    const owner = await createUser(t.db);
    for (let attempt = 1; attempt < SIGN_IN_THROTTLE.freeFailures; attempt += 1) {
      expect((await signIn(owner.email, `typo-${attempt}`, '10.45.0.1')).statusCode).toBe(401);
    }
    expectSignedIn(await signIn(owner.email, owner.password, '10.45.0.2'));
    for (let attempt = 1; attempt < SIGN_IN_THROTTLE.freeFailures; attempt += 1) {
      expect((await signIn(owner.email, `typo-again-${attempt}`, '10.45.0.3')).statusCode).toBe(401);
    }
  });
});
