import type { AdminSystem } from '@alumlink/contract';
import { adminSystemSchema } from '@alumlink/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordJobRun } from '../../../lib/scheduler/index';
import { authHeader, useTestApp, createUser } from '../../../test/index';

const t = useTestApp();
let adminAuth: { authorization: string };

beforeAll(async () => {
  adminAuth = await authHeader(t.app, await createUser(t.db, { role: 'AD' }));
});

async function readSystem(): Promise<AdminSystem> {
  const response = await t.app.inject({ url: '/api/admin/system/', headers: adminAuth });
  expect(response.statusCode).toBe(200);
  return adminSystemSchema.parse(response.json());
}

describe('GET /api/admin/system/', () => {
  it('is for administrators only: 401 signed out, 403 for every other role', async () => {
    expect((await t.app.inject({ url: '/api/admin/system/' })).statusCode).toBe(401);
    for (const role of ['TR', 'IN', 'AL'] as const) {
      const response = await t.app.inject({
        url: '/api/admin/system/',
        headers: await authHeader(t.app, await createUser(t.db, { role })),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('shows the version, the shape of the instance and every declared job, also those that never ran', async () => {
    const system = await readSystem();
    expect(system.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.parse(system.started_at)).toBeLessThanOrEqual(Date.now());
    expect(system.workers).toBe(1);
    expect(system.database.kind).toBe(t.database.kind);
    expect(system.storage.kind).toBe('local');
    expect(system.jobs.map((job) => job.name)).toEqual(t.app.jobs.names);
    expect(system.jobs.find((job) => job.name === 'event-reminders')).toEqual({
      name: 'event-reminders',
      last_run_at: null,
      last_success_at: null,
      failures_24h: 0,
      last_error: null,
    });
  });

  it('shows each job’s last run, last success and failures of the last 24 hours, as recorded by any instance', async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    await recordJobRun(t.db, 'referral-expiry', at(30), at(30), { ok: true });
    await recordJobRun(t.db, 'referral-expiry', at(20), at(20), { ok: false, error: new Error('connection refused') });
    await recordJobRun(t.db, 'referral-expiry', at(10), at(10), { ok: false, error: new Error('connection refused') });
    await recordJobRun(t.db, 'referral-expiry', at(26 * 60), at(26 * 60), { ok: false, error: new Error('long ago') });
    const job = (await readSystem()).jobs.find((candidate) => candidate.name === 'referral-expiry');
    expect(job).toEqual({
      name: 'referral-expiry',
      // A run recorded late (another instance) moves nothing back in time; it counts only within 24 hours.
      last_run_at: at(10).toISOString(),
      last_success_at: at(30).toISOString(),
      failures_24h: 2,
      last_error: 'connection refused',
    });
  });

  it('shows the outbox: waiting e-mails, the oldest one, and those given up in the last 24 hours', async () => {
    const before = (await readSystem()).outbox;
    await t.app.mailer.enqueue(t.db, { to: 'someone@example.com', subject: 'Waiting', text: 'Hi.', html: null });
    const after = (await readSystem()).outbox;
    expect(after.pending).toBe(before.pending + 1);
    expect(after.oldest_at).not.toBeNull();
    expect(after.failed_24h).toBe(0);
  });
});
