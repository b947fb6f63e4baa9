// `npx tsx bench/digests.ts [--people 20000] [--items 3]`: one daily digest run for many people,
// timed, with its memory (peak RSS and heap) sampled every 20 ms. PGlite in a temporary directory,
// or PostgreSQL with BENCH_DATABASE_URL (a database of its own is created and dropped). Results
// are in docs/performance.md ("Notification digests").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPgliteDirectory, openPostgres, type DatabaseConnection } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { runDigests } from '../apps/api/src/modules/notifications/digests/digest.service';

const { values } = parseArgs({ options: { people: { type: 'string', default: '20000' }, items: { type: 'string', default: '3' } } });
const PEOPLE = Number(values.people);
const ITEMS = Number(values.items);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'alumlink-digest-bench-'));
const benchDatabase = `alumlink_bench_digests_${process.pid}`;

/** PostgreSQL: loads on a connection without the server's 15 s statement timeout, then runs on the server's own settings. */
async function openTarget(): Promise<{
  connection: DatabaseConnection;
  loader: DatabaseConnection;
  label: string;
  drop: () => Promise<void>;
}> {
  if (!databaseUrl) {
    const connection = await openPgliteDirectory(dataDir);
    return { connection, loader: connection, label: 'PGlite (temporary directory)', drop: async () => undefined };
  }
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${benchDatabase}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${benchDatabase}`;
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  return {
    connection: await openPostgres(url.toString()),
    loader: await openPostgres(url.toString(), { statementTimeoutMs: 600_000 }),
    label: `PostgreSQL ${rows[0]?.server_version ?? ''}`,
    drop: async () => {
      await admin.query(`drop database if exists ${benchDatabase}`);
      await admin.end();
    },
  };
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const target = await openTarget();
try {
  await runMigrations(target.loader);
  const loader = target.loader.db;
  const loadStart = performance.now();
  await loader.execute(`
    insert into users (email, username, password_hash, first_name, last_name, email_verified_at)
    select 'digest' || g || '@example.com', 'digest' || g, 'x', 'First' || g, 'Last' || g, now() from generate_series(1, ${PEOPLE}) g`);
  await loader.execute(`
    insert into notification_digest_items (user_id, category, frequency, text, link)
    select u.id, (array['comment', 'event', 'referral'])[1 + (i % 3)], 'daily', 'Someone ' || i || ' commented on your post.', '/user'
    from users u, generate_series(1, ${ITEMS}) i`);
  await loader.execute('analyze');
  if (target.loader !== target.connection) await target.loader.close();
  const db = target.connection.db;
  console.log(
    `${target.label}: ${PEOPLE} people, ${PEOPLE * ITEMS} waiting items, loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  // NODE_ENV=test: no background job runs (BACKGROUND_JOBS defaults to off), so nothing sends the digests it queues.
  const app = await buildApp({ config, database: target.connection });
  await app.ready();

  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const start = performance.now();
  const report = await runDigests(app.ctx, 'daily', new Date());
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakRss = Math.max(peakRss, after.rss);
  peakHeap = Math.max(peakHeap, after.heapUsed);

  const [queued] = (await db.execute(`select count(*)::int as count from outgoing_emails`)).rows as { count: number }[];
  const again = await runDigests(app.ctx, 'daily', new Date());
  console.log(`digests queued: ${report.sent} (outbox rows: ${queued?.count}); a second run queued ${again.sent}`);
  console.log(`time: ${seconds.toFixed(2)} s (${Math.round(report.sent / seconds)} digests/s)`);
  console.log(`RSS: ${mib(before.rss)} before, peak ${mib(peakRss)} (+${mib(peakRss - before.rss)})`);
  console.log(`heap used: ${mib(before.heapUsed)} before, peak ${mib(peakHeap)} (+${mib(peakHeap - before.heapUsed)})`);
  await app.close();
} finally {
  await target.connection.close();
  await target.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
