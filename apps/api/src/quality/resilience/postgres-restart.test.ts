// Issue #7, resilience: PostgreSQL restarted under a steady load. While it is down every request
// answers 503 with Retry-After within 5 s (no hang); once it is back the same server process
// recovers by itself, and no write acknowledged with a 2xx is lost. Runs in the PostgreSQL suite
// only (TEST_DATABASE_URL), on a PostgreSQL server of its own: the shared one is never touched.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { createPrivatePostgres, postgresBinDir, type PrivatePostgres } from './support/private-postgres';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { isSuccess, persistedKeys, seedFixture, startWriteLoad, writeTarget, type WriteOutcome } from './support/write-load';

const onPostgresSuite = Boolean(process.env.TEST_DATABASE_URL);
const binDir = postgresBinDir();
// CI installs PostgreSQL: there a missing binary is a failure, not a reason to skip.
const runnable = binDir !== null || process.env.CI === 'true';
let dataDir: string | null = null;
let postgres: PrivatePostgres | null = null;
let server: ServerProcess | null = null;

afterAll(async () => {
  await server?.kill();
  await postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const finishedAt = (outcome: WriteOutcome) => outcome.startedAt + outcome.ms;

/** GETs `path` every 100 ms until `stop()`, recording status, Retry-After and time taken. */
function pollReads(baseUrl: string, token: string, path: string) {
  const results: { status: number | null; retryAfter: string | null; ms: number }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const startedAt = Date.now();
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        results.push({ status: response.status, retryAfter: response.headers.get('retry-after'), ms: Date.now() - startedAt });
      } catch {
        results.push({ status: null, retryAfter: null, ms: Date.now() - startedAt });
      }
      await sleep(100);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return results;
    },
  };
}

describe.skipIf(!onPostgresSuite)('PostgreSQL restarted under load (PostgreSQL suite only)', () => {
  it.skipIf(!runnable)(
    `answers 503 fast while it is down and recovers without a restart${binDir ? '' : ' (skipped: no PostgreSQL server binaries under /usr/lib/postgresql)'}`,
    { timeout: 180_000 },
    async () => {
      if (!binDir) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are missing under /usr/lib/postgresql');
      postgres = await createPrivatePostgres(binDir);
      await postgres.start();
      const setup = await openPostgres(postgres.url);
      const fixture = await (async () => {
        try {
          await runMigrations(setup);
          return await seedFixture(setup.db);
        } finally {
          await setup.close();
        }
      })();

      dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-pgrestart-'));
      server = await startServerProcess({ DATABASE_URL: postgres.url, DATA_DIR: dataDir });
      const target = await writeTarget(server.baseUrl, fixture);
      const load = startWriteLoad(server.baseUrl, target, { concurrency: 4, prefix: 'pg' });
      await load.waitForCompleted(30);

      // Down: fast shutdown cuts every session; the load and a reader keep going for 3 s.
      const stopStartedAt = Date.now();
      await postgres.stop();
      const downAt = Date.now();
      const reads = pollReads(server.baseUrl, target.token, `/social/conversations/${target.conversationId}/messages/`);
      const readiness = pollReads(server.baseUrl, target.token, '/readyz');
      await sleep(3_000);
      const readsWhileDown = await reads.stop();
      const readinessWhileDown = await readiness.stop();
      const upAt = Date.now();
      await postgres.start();
      const readyAt = Date.now();

      // Back: the same server process serves writes again without any restart.
      const firstSuccessAfter = async () => {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const recovered = load.outcomes.filter((outcome) => isSuccess(outcome) && outcome.startedAt >= readyAt);
          if (recovered.length >= 20) return Math.min(...recovered.map(finishedAt));
          if (Date.now() > deadline) throw new Error(`only ${recovered.length} writes succeeded within 30 s of PostgreSQL's restart`);
          await sleep(50);
        }
      };
      const recoveredAt = await firstSuccessAfter();
      const outcomes = await load.stop();

      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);

      // Every request got an answer: 2xx, or 503 with Retry-After; never a hang beyond 5 s.
      const failures = outcomes.filter((outcome) => !isSuccess(outcome));
      const serverErrors = server
        .logs()
        .split('\n')
        .filter((line) => line.includes('"level":50'))
        .join('\n');
      expect(
        failures.filter((outcome) => outcome.status !== 503),
        serverErrors,
      ).toEqual([]);
      expect(failures.filter((outcome) => outcome.retryAfter !== '5')).toEqual([]);
      const slowest = Math.max(...outcomes.map((outcome) => outcome.ms), ...readsWhileDown.map((read) => read.ms));
      expect(slowest).toBeLessThan(5_000);
      // While it was down: writes, reads and readiness all answered 503.
      const writesWhileDown = outcomes.filter((outcome) => outcome.startedAt >= downAt && finishedAt(outcome) <= upAt);
      expect(writesWhileDown.length).toBeGreaterThan(10);
      expect(writesWhileDown.every((outcome) => outcome.status === 503)).toBe(true);
      expect(readsWhileDown.length).toBeGreaterThan(5);
      expect(readsWhileDown.every((read) => read.status === 503 && read.retryAfter === '5')).toBe(true);
      expect(readinessWhileDown.every((read) => read.status === 503)).toBe(true);
      // Recovery follows PostgreSQL's return at once (no reconnect back-off to wait out).
      expect(recoveredAt - readyAt).toBeLessThan(5_000);

      const check = await openPostgres(postgres.url);
      try {
        const acknowledged = outcomes.filter(isSuccess).map((outcome) => outcome.key);
        const persisted = await persistedKeys(check.db, target, acknowledged);
        expect(acknowledged.filter((key) => !persisted.has(key))).toEqual([]);
      } finally {
        await check.close();
      }
      if (process.env.RESILIENCE_REPORT) {
        console.info(
          `postgres restart: stop took ${downAt - stopStartedAt} ms; ${writesWhileDown.length} writes and ${readsWhileDown.length} reads while down, slowest answer ${slowest} ms; ` +
            `first write ${recoveredAt - readyAt} ms after PostgreSQL was ready; ${outcomes.filter(isSuccess).length} acknowledged writes all kept`,
        );
      }
    },
  );
});
