import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../db/schema/index';
import { authHeader, useTestApp, createTestClock, expectRetryAfterFailure, createUser, emailsTo, type TestClock } from '../../test/index';
import { dataExportJob } from './data-export.scheduler';

const INTERVAL_MS = 60_000;
// The data-export job runs (every EXPORT_WORKER_MS) on a clock the tests advance.
const clock: TestClock = createTestClock(new Date());
const t = useTestApp({ exportWorkerMs: INTERVAL_MS, rateLimitMultiplier: 100 }, { clock, jobs: ['data-export'] });

beforeAll(async () => {
  await t.app.ready();
});

async function askForExport() {
  const person = await createUser(t.db);
  const response = await t.app.inject({ method: 'POST', url: '/api/account/export/', headers: await authHeader(t.app, person) });
  expect(response.statusCode).toBe(202);
  return { person, exportId: response.json<{ export: { id: number } }>().export.id };
}
const exportRow = async (id: number) => (await t.db.select().from(dataExports).where(eq(dataExports.id, id)))[0];

describe('the data export worker', () => {
  it('builds a new request at once (the request wakes it), once, and e-mails the link once', async () => {
    const { person, exportId } = await askForExport();
    await clock.advance(0);
    expect((await exportRow(exportId))?.status).toBe('ready');
    await clock.advance(3 * INTERVAL_MS);
    expect(await exportRow(exportId)).toMatchObject({ status: 'ready', attempts: 1 });
    expect(await emailsTo(t.db, person.email)).toHaveLength(1);
  });

  it('purges an export at the first tick after it expired, and not before', async () => {
    const { exportId } = await askForExport();
    await clock.advance(0);
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(clock.now().getTime() + INTERVAL_MS + 1_000) })
      .where(eq(dataExports.id, exportId));
    await clock.advance(INTERVAL_MS);
    expect(await exportRow(exportId)).toBeDefined();
    await clock.advance(INTERVAL_MS);
    expect(await exportRow(exportId)).toBeUndefined();
  });

  it('retries at the next tick when a run fails', async () => {
    const jobClock = createTestClock(clock.now());
    const { exportId } = await askForExport();
    await expectRetryAfterFailure(t, dataExportJob, jobClock, INTERVAL_MS, {
      afterFailure: async () => {
        expect((await exportRow(exportId))?.status).toBe('pending');
      },
      afterRetry: async () => {
        expect((await exportRow(exportId))?.status).toBe('ready');
      },
    });
  });
});
