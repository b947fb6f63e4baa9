// The embedded data directory across close and reopen (migrated from scratch twice): the operations
// tier, `npm run test:resilience` (vitest.config.ts OPERATIONS_SUITES); the lock itself: lock.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDirectory } from './client';
import { DataDirLockedError } from './lock';
import { runMigrations } from './migrate';
import { communities } from './schema/index';
import { createCommunity } from '../test/index';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-db-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  if (!child.pid) throw new Error('could not spawn');
  return child.pid;
}

describe('embedded PGlite directory', () => {
  it('keeps data across close and reopen, refusing a second open meanwhile', async () => {
    const dir = tempDir();
    const first = await openPgliteDirectory(dir);
    // Keeps the data directory small (the default lets WAL grow towards 1 GB).
    const wal = await first.db.execute<{ size: string }>(sql`select current_setting('max_wal_size') as size`);
    expect(wal.rows[0]?.size).toBe('64MB');
    await runMigrations(first);
    await createCommunity(first.db, { slug: 'kept', name: 'Kept across restarts' });

    const second = openPgliteDirectory(dir);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`Another AlumLink server is using ${dir} (pid ${process.pid})`);

    await first.close();
    expect(existsSync(path.join(dir, 'alumlink.lock'))).toBe(false);

    // A crash leaves the lock behind: the next start takes it over.
    writeFileSync(path.join(dir, 'alumlink.lock'), `${deadPid()}\n`);
    const reopened = await openPgliteDirectory(dir);
    try {
      await runMigrations(reopened);
      const rows = await reopened.db.select().from(communities).where(eq(communities.slug, 'kept'));
      expect(rows.map((row) => row.name)).toEqual(['Kept across restarts']);
    } finally {
      await reopened.close();
    }
    // Two fresh directories, each created and migrated from scratch (39 migrations, not the test dump):
    // 20-30 s on two busy cores.
  }, 120_000);
});
