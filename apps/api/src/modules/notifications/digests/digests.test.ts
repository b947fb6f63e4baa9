import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notificationDigestItems, notificationPreferences } from '../../../db/schema/index';
import { retryDelayMs } from '../../../lib/mailer/index';
import { jobDepsOf } from '../../../lib/scheduler/index';
import {
  authHeader,
  createTestApp,
  useTestApp,
  createTestClock,
  expectRetryAfterFailure,
  createUser,
  emailsTo,
  jobOf,
  type TestUser,
} from '../../../test/index';
import { freePort, startSmtpServer } from '../../../test/smtp-server';
import { emailNotification } from '../delivery';
import { digestJob, DIGEST_CHECK_INTERVAL_MS } from './digest.scheduler';
import { runDigests } from './digest.service';

const DAY = 24 * 60 * 60 * 1000;
const t = useTestApp();

/** Digests run at 07:00 UTC (the default DIGEST_HOUR); every test uses days of its own. */
let nextDay = 0;
function freshDay(): Date {
  nextDay += 10;
  return new Date(Date.UTC(2031, 0, 1 + nextDay, 9));
}

async function waiting(person: TestUser, category: 'comment' | 'message' | 'event', text: string, frequency: 'daily' | 'weekly' = 'daily') {
  await emailNotification(t.ctx, frequency, { userId: person.id, category, text, link: '/user' }, null);
}
const digestsTo = async (person: TestUser) => (await emailsTo(t.db, person.email)).filter((mail) => mail.subject.includes('digest'));
const tokenOf = (header: string | undefined) => /token=([^>]+)>/.exec(header ?? '')?.[1] ?? '';

describe('daily and weekly digests', () => {
  it('sends one grouped e-mail per person with text, HTML and one-click unsubscribe headers, and never repeats it', async () => {
    const now = freshDay();
    const ada = await createUser(t.db, { firstName: 'Ada' });
    const bob = await createUser(t.db);
    await waiting(ada, 'comment', 'Finn commented on your post.');
    await waiting(ada, 'message', 'Sam sent you a message.');
    await waiting(ada, 'comment', 'Kim commented on your post.');
    await waiting(bob, 'event', 'New event: Cloud Night.');
    await waiting(bob, 'comment', 'Weekly only.', 'weekly');

    expect((await runDigests(t.ctx, 'daily', now)).sent).toBe(2);
    const [mail] = await digestsTo(ada);
    expect(mail?.subject).toBe('Your daily AlumLink digest: 3 new notifications');
    expect(mail?.textBody).toContain('Hello Ada,');
    expect(mail?.textBody).toMatch(/Comments \(2\)\n- Finn commented on your post\. http:\/\/localhost:3000\/user\n- Kim commented/);
    expect(mail?.textBody).toContain('Messages (1)');
    expect(mail?.htmlBody).toContain('<h3 style="margin:16px 0 4px">Comments (2)</h3>');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\/\?token=[\w-]+\.[\w-]+>$/);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await digestsTo(bob))[0]?.textBody).not.toContain('Weekly only.');

    // Same period again, and again later that day with something new: nothing more.
    expect((await runDigests(t.ctx, 'daily', now)).sent).toBe(0);
    await waiting(ada, 'comment', 'Lee commented on your post.');
    expect((await runDigests(t.ctx, 'daily', new Date(now.getTime() + 3 * 60 * 60 * 1000))).sent).toBe(0);
    expect(await digestsTo(ada)).toHaveLength(1);
    // The next day's digest carries only what is new.
    expect((await runDigests(t.ctx, 'daily', new Date(now.getTime() + DAY))).sent).toBe(1);
    const [latest] = await digestsTo(ada);
    expect(latest?.subject).toBe('Your daily AlumLink digest: 1 new notification');
    expect(latest?.textBody).toContain('Lee commented');
    expect(latest?.textBody).not.toContain('Finn commented');

    // Weekly ones go in the weekly digest.
    expect((await runDigests(t.ctx, 'weekly', now)).sent).toBe(1);
    expect((await digestsTo(bob))[0]?.subject).toBe('Your weekly AlumLink digest: 1 new notification');
  });

  it('sends nothing when nothing is new', async () => {
    const now = freshDay();
    const quiet = await createUser(t.db);
    expect((await runDigests(t.ctx, 'daily', now)).sent).toBe(0);
    expect((await runDigests(t.ctx, 'weekly', now)).sent).toBe(0);
    expect(await emailsTo(t.db, quiet.email)).toEqual([]);
  });

  it('skips inactive people and keeps their items', async () => {
    const now = freshDay();
    const gone = await createUser(t.db, { isActive: false });
    await waiting(gone, 'comment', 'Someone commented.');
    expect((await runDigests(t.ctx, 'daily', now)).sent).toBe(0);
    expect(await t.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, gone.id))).toHaveLength(1);
  });

  it('gives each person exactly one digest per period with several runs at once, in batches', async () => {
    const now = freshDay();
    const people = await Promise.all(Array.from({ length: 23 }, () => createUser(t.db)));
    for (const person of people) {
      await waiting(person, 'comment', 'One.');
      await waiting(person, 'message', 'Two.');
    }
    const runs = await Promise.all([
      runDigests(t.ctx, 'daily', now, 5),
      runDigests(t.ctx, 'daily', now, 5),
      runDigests(t.ctx, 'daily', now, 7),
      runDigests(t.ctx, 'daily', now, 3),
    ]);
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(people.length);
    for (const person of people) {
      const mails = await digestsTo(person);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain('2 new notifications');
    }
  });
});

describe('unsubscribe links', () => {
  it('GET shows what the link stops without changing it; the one-click POST, without sign-in, turns those e-mails off', async () => {
    const now = freshDay();
    const person = await createUser(t.db, { email: 'reader.one@example.com' });
    await waiting(person, 'comment', 'Finn commented on your post.');
    await waiting(person, 'event', 'New event.');
    await runDigests(t.ctx, 'daily', now);
    const [mail] = await digestsTo(person);
    const token = tokenOf(mail?.headers?.['List-Unsubscribe']);
    expect(token).not.toBe('');

    const shown = await t.app.inject({ url: `/api/unsubscribe/?token=${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ categories: ['comment', 'event'], email: 'r***@example.com', unsubscribed: false });
    expect(await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, person.id))).toEqual([]);

    // What a mail client sends for List-Unsubscribe-Post (RFC 8058).
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ unsubscribed: true });
    const settings = (await t.app.inject({ url: '/social/settings/notifications/', headers: await authHeader(t.app, person) })).json();
    expect(settings.types).toMatchObject({
      comment: { in_app: true, email: 'off' },
      event: { in_app: true, email: 'off' },
      message: { email: 'instant' },
    });

    // Nothing waits for a digest any more, and no digest goes out the next day.
    await t.app.inject({ method: 'POST', url: `/api/unsubscribe/?token=${token}` }); // twice is fine
    expect((await runDigests(t.ctx, 'daily', new Date(now.getTime() + DAY))).sent).toBe(0);
    expect(await digestsTo(person)).toHaveLength(1);
  });

  it('has a link per type in the body, and refuses forged or malformed tokens', async () => {
    const now = freshDay();
    const person = await createUser(t.db);
    await waiting(person, 'comment', 'A comment.');
    await waiting(person, 'message', 'A message.');
    await runDigests(t.ctx, 'daily', now);
    const [mail] = await digestsTo(person);
    const links = [...(mail?.textBody ?? '').matchAll(/Stop e-mails about (\w+): \S+\?token=(\S+)/g)];
    expect(links.map((link) => link[1])).toEqual(['comments', 'messages']);
    const commentsOnly = links[0]?.[2] ?? '';
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/?token=${commentsOnly}` })).json()).toMatchObject({
      categories: ['comment'],
      unsubscribed: true,
    });
    const types = (await t.app.inject({ url: '/social/settings/notifications/', headers: await authHeader(t.app, person) })).json().types;
    expect(types).toMatchObject({ comment: { email: 'off' }, message: { email: 'instant' } });

    const [payload = '', signature = ''] = commentsOnly.split('.');
    const forged = `${Buffer.from(`${person.id + 1}.comment`).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.${'A'.repeat(43)}`, 'nonsense', `${payload}.${signature}x`]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/?token=${encodeURIComponent(bad)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_token' });
    }
    expect((await t.app.inject({ url: '/api/unsubscribe/' })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/digests/run/', () => {
  it('lets administrators send the due digests now (audited); others are refused', async () => {
    const admin = await createUser(t.db, { role: 'AD' });
    const person = await createUser(t.db);
    await waiting(person, 'comment', 'Run by hand.', 'weekly');
    const trainee = await createUser(t.db, { role: 'TR' });
    const url = '/api/admin/digests/run/';
    expect(
      (await t.app.inject({ method: 'POST', url, headers: await authHeader(t.app, trainee), payload: { frequency: 'weekly' } })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: await authHeader(t.app, admin), payload: { frequency: 'hourly' } })).statusCode,
    ).toBe(400);

    const run = await t.app.inject({ method: 'POST', url, headers: await authHeader(t.app, admin), payload: { frequency: 'weekly' } });
    expect(run.statusCode).toBe(200);
    expect(run.json().sent).toBeGreaterThanOrEqual(1);
    expect((await digestsTo(person))[0]?.textBody).toContain('Run by hand.');
    const again = await t.app.inject({ method: 'POST', url, headers: await authHeader(t.app, admin), payload: { frequency: 'weekly' } });
    expect(again.json()).toEqual({ sent: 0 });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'digest.run'), eq(auditLog.actorId, admin.id)));
    expect(entries).toHaveLength(2);
  });
});

describe('the digest job', () => {
  const HOUR = 60 * 60 * 1000;

  it('sends a period’s digest at the first tick after the digest hour, once, and nothing before', async () => {
    // 06:59 UTC on a day of its own: yesterday's period is over (nothing waited then), today's begins at 07:00.
    const clock = createTestClock(new Date(freshDay().getTime() - 2 * HOUR - 60_000));
    const deps = jobDepsOf(t.app, clock);
    const job = jobOf(digestJob, deps);
    job.start();
    await clock.advance(0);
    const person = await createUser(t.db);
    await waiting(person, 'comment', 'Scheduled.');
    await clock.advance(DIGEST_CHECK_INTERVAL_MS / 2);
    expect(await digestsTo(person)).toHaveLength(0);
    await clock.advance(DIGEST_CHECK_INTERVAL_MS / 2);
    expect(await digestsTo(person)).toHaveLength(1);
    await waiting(person, 'comment', 'Too late for today.');
    await clock.advance(10 * DIGEST_CHECK_INTERVAL_MS);
    await job.stop();
    expect(await digestsTo(person)).toHaveLength(1);
  });

  it('retries at the next tick when a run fails', async () => {
    const clock = createTestClock(freshDay());
    const person = await createUser(t.db);
    await waiting(person, 'comment', 'After a failure.');
    await expectRetryAfterFailure(t, digestJob, clock, DIGEST_CHECK_INTERVAL_MS, {
      afterFailure: async () => {
        expect(await digestsTo(person)).toHaveLength(0);
      },
      afterRetry: async () => {
        expect(await digestsTo(person)).toHaveLength(1);
      },
    });
  });
});

describe('an SMTP outage', () => {
  it('loses no digest: it waits in the outbox and goes out, with its headers and both parts, once SMTP is back', async () => {
    const port = await freePort();
    const down = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const person = await createUser(down.db);
      await emailNotification(down.app.ctx, 'daily', { userId: person.id, category: 'comment', text: 'Kept safe.', link: '/user' }, null);
      expect((await runDigests(down.app.ctx, 'daily', new Date())).sent).toBe(1);
      expect(await down.app.mailer.deliverPending()).toEqual({ sent: 0, failed: 1 });
      expect((await emailsTo(down.db, person.email))[0]).toMatchObject({ status: 'queued', attempts: 1 });
      // Running again while it waits does not write a second one.
      expect((await runDigests(down.app.ctx, 'daily', new Date())).sent).toBe(0);

      const smtp = await startSmtpServer(port);
      try {
        const later = new Date(Date.now() + retryDelayMs(1) + 1_000);
        expect(await down.app.mailer.deliverPending(later)).toEqual({ sent: 1, failed: 0 });
        expect(smtp.received).toHaveLength(1);
        // Unfolded (long header lines continue on indented lines).
        const raw = (smtp.received[0]?.raw ?? '').replace(/\r\n[ \t]+/g, ' ');
        expect(raw).toMatch(/^List-Unsubscribe:\s*<http:\/\/localhost:3000\/api\/unsubscribe\/\?token=[\w.-]+>/m);
        expect(raw).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/m);
        expect(raw).toContain('multipart/alternative');
        expect(raw).toContain('Content-Type: text/plain');
        expect(raw).toContain('Content-Type: text/html');
      } finally {
        await smtp.close();
      }
    } finally {
      await down.close();
    }
  });
});
