// scripts/backup.ts and scripts/restore.ts with DATABASE_URL (decision record 033), run as an
// operator would: the demo seeded into a fresh PostgreSQL database, backed up with its media,
// restored into another empty database; every table's count and every sequence must match.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDemo } from '../seed/index';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverUrl = process.env.TEST_DATABASE_URL;
const suffix = `${process.pid}_${Date.now()}`;
const source = `alumlink_backup_source_${suffix}`;
const target = `alumlink_backup_target_${suffix}`;
let workDir: string;

function urlOf(database: string): string {
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${database}`;
  return url.toString();
}

function runScript(script: 'backup' | 'restore', env: { DATABASE_URL: string; DATA_DIR: string }, args: string[] = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, `scripts/${script}.ts`), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, INIT_CWD: REPO_ROOT, STORAGE: 'local' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function withClient<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every table's row count and every sequence's next value (which advances it). */
async function census(database: string): Promise<{ tables: Record<string, number>; sequences: Record<string, string> }> {
  return withClient(database, async (client) => {
    const tables: Record<string, number> = {};
    const names = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    for (const { name } of names.rows) tables[name] = Number((await client.query(`select count(*) as n from "${name}"`)).rows[0].n);
    const sequences: Record<string, string> = {};
    const sequenceNames = await client.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public'`);
    for (const { name } of sequenceNames.rows)
      sequences[name] = (await client.query(`select nextval('public."${name}"')::text as v`)).rows[0].v;
    return { tables, sequences };
  });
}

describe.skipIf(!serverUrl)('npm run backup / restore with DATABASE_URL (PostgreSQL suite only)', () => {
  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-pg-backup-'));
    await withClient('postgres', async (client) => {
      await client.query(`create database ${source}`);
      await client.query(`create database ${target}`);
    });
    const connection = await openPostgres(urlOf(source));
    try {
      await runMigrations(connection);
      await seedDemo(connection.db, { now: new Date('2030-06-01T12:00:00Z'), passwordHash: 'not-a-real-hash' });
    } finally {
      await connection.close();
    }
    mkdirSync(path.join(workDir, 'data/media/posts'), { recursive: true });
    writeFileSync(path.join(workDir, 'data/media/posts/photo.webp'), 'not really a photo');
  }, 180_000);

  afterAll(async () => {
    await withClient('postgres', async (client) => {
      await client.query(`drop database if exists ${source} with (force)`);
      await client.query(`drop database if exists ${target} with (force)`);
    });
    rmSync(workDir, { recursive: true, force: true });
  });

  it('backs up database and media in one archive, restores into an empty database with equal counts and sequences', async () => {
    const backup = runScript('backup', { DATABASE_URL: urlOf(source), DATA_DIR: path.join(workDir, 'data') }, [
      '--out',
      path.join(workDir, 'backups'),
    ]);
    expect(backup.status, backup.output).toBe(0);
    const [archiveName] = readdirSync(path.join(workDir, 'backups'));
    const archive = path.join(workDir, 'backups', archiveName ?? '');
    const listing = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' }).stdout;
    expect(listing).toContain('alumlink-backup.json');
    expect(listing).toContain('database/users.copy');
    expect(listing).toContain('media/posts/photo.webp');

    const restoreInto = { DATABASE_URL: urlOf(target), DATA_DIR: path.join(workDir, 'restored') };
    const restored = runScript('restore', restoreInto, [archive]);
    expect(restored.status, restored.output).toBe(0);
    expect(readFileSync(path.join(workDir, 'restored/media/posts/photo.webp'), 'utf8')).toBe('not really a photo');

    const before = await census(source);
    const after = await census(target);
    expect(Object.keys(before.tables).length).toBeGreaterThan(20);
    expect(before.tables.users).toBeGreaterThan(0);
    expect(after.tables).toEqual(before.tables);
    expect(after.sequences).toEqual(before.sequences);

    const refused = runScript('restore', restoreInto, [archive]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('the database holds data');
    const forced = runScript('restore', restoreInto, [archive, '--force']);
    expect(forced.status, forced.output).toBe(0);
    expect((await census(target)).tables).toEqual(before.tables);
  }, 300_000);

  it('fails, restoring nothing, when a table of the archive holds a row PostgreSQL refuses', async () => {
    const [archiveName] = readdirSync(path.join(workDir, 'backups'));
    const unpacked = path.join(workDir, 'damaged');
    mkdirSync(unpacked);
    spawnSync('tar', ['-xzf', path.join(workDir, 'backups', archiveName ?? ''), '-C', unpacked]);
    const users = path.join(unpacked, 'database/users.copy');
    const [firstRow] = readFileSync(users, 'utf8').split('\n');
    writeFileSync(users, `${readFileSync(users, 'utf8')}${firstRow ?? ''}\n`);
    const damaged = path.join(workDir, 'damaged.tar.gz');
    spawnSync('tar', ['-czf', damaged, '-C', unpacked, 'alumlink-backup.json', 'database', 'media']);
    await withClient('postgres', (client) =>
      client.query(`drop database ${target} with (force)`).then(() => client.query(`create database ${target}`)),
    );
    const result = runScript('restore', { DATABASE_URL: urlOf(target), DATA_DIR: path.join(workDir, 'damaged-data') }, [damaged]);
    expect(result.status, result.output).toBe(1);
    expect(result.output).toContain('did not confirm the rows of users');
    expect((await census(target)).tables.users).toBe(0);
  }, 120_000);

  it('refuses a PostgreSQL archive without DATABASE_URL', () => {
    const [archiveName] = readdirSync(path.join(workDir, 'backups'));
    const result = runScript('restore', { DATABASE_URL: '', DATA_DIR: path.join(workDir, 'elsewhere') }, [
      path.join(workDir, 'backups', archiveName ?? ''),
    ]);
    expect(result.status).toBe(1);
    expect(result.output).toContain('is a PostgreSQL backup');
  });
});
