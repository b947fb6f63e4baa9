import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/index';
import { mailboxStartupNotice } from './mailbox.presenter';
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

describe('who can read the dev mailbox', () => {
  const urls = ['/dev/mailbox/', '/dev/mailbox/messages.json'];

  async function expectNoMailbox(t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
    for (const url of urls) {
      const response = await t.app.inject({ url, ...options });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'Not found.', code: 'not_found' });
      expect(response.body).not.toMatch(/\b\d{6}\b/);
    }
  }

  it('answers a loopback peer on the embedded default', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (const url of urls) expect((await t.app.inject({ url, remoteAddress })).statusCode, `${remoteAddress} ${url}`).toBe(200);
    }
  });

  it('is a 404 for a peer that is not this machine', async () => {
    for (const remoteAddress of ['10.0.0.5', '192.168.1.20', '203.0.113.9', '2001:db8::1', '::ffff:10.0.0.5']) {
      await expectNoMailbox(t, { remoteAddress });
    }
  });

  it('is a 404 through a proxy: X-Forwarded-For, Forwarded or X-Real-IP from a loopback peer', async () => {
    await expectNoMailbox(t, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    await expectNoMailbox(t, { headers: { forwarded: 'for=127.0.0.1' } });
    await expectNoMailbox(t, { headers: { 'x-real-ip': '127.0.0.1' } });
  });

  it('is a 404 behind a trusted proxy too, whatever address the proxy reports', async () => {
    const proxied = await createTestApp({ trustProxy: 1 }, { database: t.database });
    try {
      await expectNoMailbox(proxied, { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect((await proxied.app.inject({ url: '/dev/mailbox/messages.json' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  const closedSetups: [string, Partial<AppConfig>][] = [
    ['in production', { nodeEnv: 'production', isProduction: true }],
    ['with DATABASE_URL set', { databaseUrl: 'postgres://postgres@127.0.0.1:5432/unused' }],
    ['with SMTP_URL set', { smtpUrl: 'smtp://127.0.0.1:2525' }],
    ['with DEV_MAILBOX=off', { devMailbox: false }],
  ];
  for (const [setup, overrides] of closedSetups) {
    it(`does not exist ${setup}, even for this machine`, async () => {
      const closed = await createTestApp(overrides, { database: t.database });
      try {
        await expectNoMailbox(closed);
        expect(mailboxStartupNotice(closed.config)).toBeNull();
      } finally {
        await closed.close();
      }
    });
  }

  it('says at start-up that it is on, for this machine only, and how to turn it off', () => {
    const notice = mailboxStartupNotice(t.config);
    expect(notice).toContain(`http://localhost:${t.config.port}/dev/mailbox/`);
    expect(notice).toContain('this machine only');
    expect(notice).toContain('DEV_MAILBOX=off');
    expect(notice).not.toContain('\n');
  });
});
