import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/index';
import { registration } from '../auth/auth.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
});
afterAll(() => t.close());

describe('dev mailbox', () => {
  it('lists the messages to one address as JSON, newest first', async () => {
    const body = registration();
    const email = String(body.email);
    await t.app.inject({ method: 'POST', url: '/users/register/', payload: body });
    await t.app.inject({ method: 'POST', url: '/users/register/', payload: registration() });
    await t.app.mailer.enqueue(t.db, { to: email, subject: 'Later', text: 'second', html: null });

    const response = await t.app.inject({ url: `/dev/mailbox/messages.json?to=${encodeURIComponent(email.toUpperCase())}` });
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ to: email, subject: 'Later', status: 'queued' });
    expect(results[1].subject).toBe('Your AlumLink verification code');
    expect(results[1].text).toMatch(/\b\d{6}\b/);
    expect(new Date(results[1].created_at).getTime()).toBeLessThanOrEqual(new Date(results[0].created_at).getTime());

    const all = await t.app.inject({ url: '/dev/mailbox/messages.json' });
    expect(all.json().results.length).toBeGreaterThanOrEqual(3);
  });

  it('shows an escaped HTML page', async () => {
    await t.app.mailer.enqueue(t.db, { to: 'x@example.com', subject: '<script>alert(1)</script>', text: 'a & b', html: null });
    const response = await t.app.inject({ url: '/dev/mailbox/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('a &amp; b');
  });
});

describe('dev mailbox in production', () => {
  it('does not exist', async () => {
    const production = await createTestApp({ nodeEnv: 'production', isProduction: true });
    try {
      expect((await production.app.inject({ url: '/dev/mailbox/' })).statusCode).toBe(404);
      expect((await production.app.inject({ url: '/dev/mailbox/messages.json' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
