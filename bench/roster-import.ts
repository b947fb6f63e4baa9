/**
 * Roster import bench (issue #40): imports 10,000 generated rows on the embedded database (PGlite
 * in a temporary data directory, migrated) and prints the time and the process's peak RSS.
 * Runs alone: `npx tsx bench/roster-import.ts [rows]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config/app-config';
import { openPgliteDirectory } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { rosterImports, users } from '../apps/api/src/db/schema/index';
import { runImport } from '../apps/api/src/modules/onboarding/roster-import';
import { eq } from 'drizzle-orm';

const rows = Number(process.argv[2] ?? 10_000);

function rosterCsv(count: number): Buffer {
  const lines = ['email,first_name,last_name,role'];
  for (let i = 0; i < count; i += 1) lines.push(`person${i}@bench.example,First${i},Last${i},${i % 3 === 0 ? 'TR' : 'AL'}`);
  return Buffer.from(lines.join('\n'));
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-roster-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://bench.example',
    DATA_DIR: dataDir,
    JWT_SECRET: 'x'.repeat(48),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    BACKGROUND_JOBS: 'false',
  });
  const database = await openPgliteDirectory(dataDir);
  await runMigrations(database);
  const app = await buildApp({ config, database, jobs: [] });
  await app.ready();
  try {
    const [admin] = await database.db
      .insert(users)
      .values({
        email: 'admin@bench.example',
        username: 'bench_admin',
        passwordHash: 'x',
        firstName: 'Bench',
        lastName: 'Admin',
        role: 'AD',
        isStaff: true,
      })
      .returning();
    if (!admin) throw new Error('no admin');
    const file = rosterCsv(rows);
    const [started] = await database.db
      .insert(rosterImports)
      .values({ adminId: admin.id, adminLabel: 'Bench Admin', total: rows })
      .returning();
    if (!started) throw new Error('no import');
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const rssBefore = process.memoryUsage().rss;
    const begin = performance.now();
    await runImport(app.ctx, started.id, admin, file);
    const seconds = (performance.now() - begin) / 1000;
    clearInterval(sampler);
    const [done] = await database.db.select().from(rosterImports).where(eq(rosterImports.id, started.id));
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `roster import: ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s), status ${done?.status}, ` +
        `invited ${done?.invited}, rejected ${done?.rejected}; RSS ${mb(rssBefore)} before, peak ${mb(peak)}`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
