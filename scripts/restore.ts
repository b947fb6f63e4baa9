// `npm run restore -- <archive.tar.gz> [--force]`: restores a backup made by `npm run backup`
// into DATA_DIR. Refuses while a server holds DATA_DIR, and refuses a non-empty DATA_DIR unless
// --force (then the current contents are moved aside to <DATA_DIR>.before-restore-<timestamp>).
// With DATABASE_URL: a PostgreSQL backup into that database, refusing one that holds rows unless
// --force (scripts/lib/postgres-backup.ts, decision record 033). With STORAGE=s3 the archive's
// media go into the bucket, refusing one that holds media unless --force.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ARCHIVED_ENTRIES, dataDirFromEnv, fail, runScript, tar, withDataDirLock } from './lib/data-dir.ts';
import { mediaSourceFor } from './lib/media-sources.ts';
import { POSTGRES_ARCHIVE_ENTRIES, restorePostgres } from './lib/postgres-backup.ts';
import { MANIFEST_FILE } from './lib/postgres-dump.ts';

await runScript(async () => {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  const [archiveArgument] = positionals;
  if (!archiveArgument) fail('usage: npm run restore -- <backup.tar.gz> [--force]');
  const archive = resolve(process.env.INIT_CWD ?? process.cwd(), archiveArgument);
  if (!existsSync(archive)) fail(`No such backup: ${archive}`);

  // Only our own layouts: no absolute paths, no "..", nothing but pgdata/, media/ and jwt-secret
  // (embedded), or the manifest, database/, media/ and jwt-secret (PostgreSQL).
  const entries = tar(['-tzf', archive]).split('\n').filter(Boolean);
  const fromPostgres = entries.some((entry) => entry.replace(/^\.\//, '') === MANIFEST_FILE);
  const allowed: readonly string[] = fromPostgres ? POSTGRES_ARCHIVE_ENTRIES : ARCHIVED_ENTRIES;
  const outside = entries.filter((entry) => {
    const top = entry.replace(/^\.\//, '').split('/')[0] ?? '';
    return entry.startsWith('/') || entry.split('/').includes('..') || !allowed.includes(top);
  });
  if (outside.length > 0) fail(`${basename(archive)} is not an AlumLink backup (unexpected entries: ${outside.slice(0, 3).join(', ')}).`);
  const databaseUrl = process.env.DATABASE_URL;
  if (fromPostgres !== Boolean(databaseUrl))
    fail(
      fromPostgres
        ? `${basename(archive)} is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into.`
        : `${basename(archive)} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`,
    );
  if (databaseUrl) {
    const dataDir = dataDirFromEnv();
    await restorePostgres({ archive, databaseUrl, dataDir, media: mediaSourceFor(process.env, dataDir), force: values.force });
    return;
  }
  if (!entries.some((entry) => entry.replace(/^\.\//, '').startsWith('pgdata/'))) fail(`${basename(archive)} holds no database (pgdata/).`);

  const dataDir = dataDirFromEnv();
  const media = mediaSourceFor(process.env, dataDir);
  const intoBucket = media.name !== 'local';
  mkdirSync(dataDir, { recursive: true });
  await withDataDirLock(dataDir, async (lock) => {
    const inBucket = intoBucket ? await media.occupied() : null;
    if (inBucket && !values.force) fail(`Not empty: ${inBucket}. Pass --force to overwrite the objects of the backup's keys.`);
    const current = readdirSync(dataDir).filter((name) => join(dataDir, name) !== lock.file);
    if (current.length > 0) {
      if (!values.force)
        fail(`${dataDir} is not empty (${current.slice(0, 5).join(', ')}): pass --force to replace it (its contents are kept aside).`);
      const aside = `${dataDir}.before-restore-${new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z')}`;
      mkdirSync(aside);
      for (const name of current) renameSync(join(dataDir, name), join(aside, name));
      console.log(`Moved the current contents of ${dataDir} to ${aside}.`);
    }
    tar(['-xzf', archive, '-C', dataDir]);
    const uploaded = intoBucket ? await media.restore(join(dataDir, 'media'), '') : null;
    if (intoBucket) rmSync(join(dataDir, 'media'), { recursive: true, force: true });
    const toBucket = uploaded === null ? '' : ` (${uploaded} media files into the bucket)`;
    console.log(`Restored ${basename(archive)} (${entries.length} entries) into ${dataDir}${toBucket}.`);
  });
});
