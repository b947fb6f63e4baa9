import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPgliteMemory, openPostgres } from '../db/client';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate';
import { newTestDatabaseName, TEST_DATABASE_PREFIX, withDatabaseName } from './test-database-info';
import './test-database-info';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TMP_DIR = path.join(API_DIR, '.tmp');
const STALE_AFTER_SECONDS = 2 * 60 * 60;

/** What the dump holds besides the migrations (changing it rebuilds cached dumps). */
const DUMP_FORMAT = 'postgres-database-only, uncompressed';

/** Hash of the migrations, the PGlite version and the dump format: the cached dump is rebuilt when any changes. */
function templateFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(DUMP_FORMAT);
  const pgliteVersion = (
    JSON.parse(readFileSync(path.join(API_DIR, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
  ).version;
  hash.update(pgliteVersion);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(entry).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/**
 * One migrated PGlite per migration set, dumped once; each test file loads a copy. Loading is
 * most of a test file's setup, so the dump is kept small and cheap to unpack: the `template0` and
 * `template1` databases are dropped (no test creates a database on PGlite; they were two thirds
 * of its files) and the tarball is not compressed (gunzip cost more than reading the bytes).
 */
async function preparePgliteDump(): Promise<string> {
  mkdirSync(TMP_DIR, { recursive: true });
  const name = `test-template-${templateFingerprint()}`;
  const dumpFile = path.join(TMP_DIR, `${name}.tar`);
  removeOldDumps(name);
  try {
    statSync(dumpFile);
    return dumpFile;
  } catch {
    // Not built yet.
  }
  const connection = await openPgliteMemory();
  try {
    await runMigrations(connection);
    if (connection.driver.kind !== 'pglite') throw new Error('expected PGlite');
    const client = connection.driver.client;
    await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
    await client.exec('drop database template0');
    await client.exec('drop database template1');
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    const partial = `${dumpFile}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, dumpFile);
    return dumpFile;
  } finally {
    await connection.close();
  }
}

/** Deletes dumps of other migration sets (and their bulk-people dumps) not touched for a while. */
function removeOldDumps(current: string): void {
  for (const entry of readdirSync(TMP_DIR)) {
    if (!entry.startsWith('test-template-') || entry.startsWith(current)) continue;
    const file = path.join(TMP_DIR, entry);
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_AFTER_SECONDS * 1000) rmSync(file, { force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

/** Drops databases left behind by crashed runs (their names carry their creation time). */
async function dropStaleDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
    `${TEST_DATABASE_PREFIX}\\_%`,
  ]);
  const now = Math.floor(Date.now() / 1000);
  for (const { datname } of rows) {
    const created = Number(datname.split('_')[3]);
    if (Number.isFinite(created) && now - created > STALE_AFTER_SECONDS) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
  }
}

/** A migrated template database for this run; each test file creates its copy from it. */
async function preparePostgresTemplate(adminUrl: string): Promise<{ template: string; teardown: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = newTestDatabaseName('tpl');
  try {
    await dropStaleDatabases(admin);
    await admin.query(`create database "${template}"`);
  } finally {
    await admin.end();
  }
  const connection = await openPostgres(withDatabaseName(adminUrl, template));
  try {
    await runMigrations(connection);
  } finally {
    await connection.close();
  }
  const teardown = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists "${template}" with (force)`);
    } finally {
      await client.end();
    }
  };
  return { template, teardown };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { template, teardown } = await preparePostgresTemplate(adminUrl);
    project.provide('testDatabase', { kind: 'postgres', adminUrl, template });
    return teardown;
  }
  project.provide('testDatabase', { kind: 'pglite', dumpFile: await preparePgliteDump() });
  return undefined;
}
