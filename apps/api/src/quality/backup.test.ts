// scripts/backup.ts and scripts/restore.ts, run as an operator would (`npm run backup`,
// `npm run restore`) on a real embedded data directory: refusals, and a round trip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDirectory, type DatabaseConnection } from '../db/client';
import { acquireDataDirLock } from '../db/lock';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let workDir: string;

function runScript(script: 'backup' | 'restore', dataDir: string, args: string[] = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, `scripts/${script}.ts`), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: REPO_ROOT, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function query(connection: DatabaseConnection, sql: string): Promise<unknown[]> {
  if (connection.driver.kind !== 'pglite') throw new Error('expected PGlite');
  return (await connection.driver.client.query(sql)).rows;
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-backup-'));
  const dataDir = path.join(workDir, 'data');
  const connection = await openPgliteDirectory(dataDir);
  await query(connection, 'create table kept (note text)');
  await query(connection, "insert into kept values ('survives a restore')");
  await connection.close();
  mkdirSync(path.join(dataDir, 'media/posts'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media/posts/photo.webp'), 'not really a photo');
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'the-signing-key');
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('npm run backup / npm run restore', () => {
  it('refuses to back up while a server holds the data directory', () => {
    const dataDir = path.join(workDir, 'data');
    const lock = acquireDataDirLock(dataDir);
    try {
      const result = runScript('backup', dataDir, ['--out', path.join(workDir, 'backups')]);
      expect(result.status).toBe(1);
      expect(result.output).toContain('stop the server first');
    } finally {
      lock.release();
    }
    expect(existsSync(path.join(workDir, 'backups'))).toBe(false);
  });

  it('backs up, refuses to restore over a non-empty directory, and restores into an empty one', async () => {
    const dataDir = path.join(workDir, 'data');
    const backup = runScript('backup', dataDir, ['--out', path.join(workDir, 'backups')]);
    expect(backup.status, backup.output).toBe(0);
    const [archiveName] = readdirSync(path.join(workDir, 'backups'));
    expect(archiveName).toMatch(/^alumlink-\d{8}T\d{6}Z\.tar\.gz$/);
    const archive = path.join(workDir, 'backups', archiveName ?? '');
    expect(existsSync(path.join(dataDir, 'alumlink.lock')), 'the lock is released').toBe(false);

    const refused = runScript('restore', dataDir, [archive]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('is not empty');

    const fresh = path.join(workDir, 'fresh');
    const restored = runScript('restore', fresh, [archive]);
    expect(restored.status, restored.output).toBe(0);
    expect(readFileSync(path.join(fresh, 'jwt-secret'), 'utf8')).toBe('the-signing-key');
    expect(readFileSync(path.join(fresh, 'media/posts/photo.webp'), 'utf8')).toBe('not really a photo');
    const connection = await openPgliteDirectory(fresh);
    try {
      expect(await query(connection, 'select note from kept')).toEqual([{ note: 'survives a restore' }]);
    } finally {
      await connection.close();
    }

    const forced = runScript('restore', dataDir, [archive, '--force']);
    expect(forced.status, forced.output).toBe(0);
    expect(
      readdirSync(workDir).some((name) => name.startsWith('data.before-restore-')),
      'old contents kept aside',
    ).toBe(true);
  }, 120_000);

  it('refuses an archive that is not an AlumLink backup', () => {
    const foreign = path.join(workDir, 'foreign.tar.gz');
    writeFileSync(path.join(workDir, 'evil.sh'), 'echo hi');
    spawnSync('tar', ['-czf', foreign, '-C', workDir, 'evil.sh']);
    const result = runScript('restore', path.join(workDir, 'other'), [foreign]);
    expect(result.status).toBe(1);
    expect(result.output).toContain('is not an AlumLink backup');
  });
});
