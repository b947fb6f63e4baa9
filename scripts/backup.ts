// `npm run backup [-- --out <dir>]`: copies the embedded default's DATA_DIR (pgdata, media,
// jwt-secret) into <dir>/alumlink-<UTC timestamp>.tar.gz (default dir: ./backups).
// Refuses while a server holds DATA_DIR (its lock file). With DATABASE_URL: the PostgreSQL
// database, the media and jwt-secret instead (scripts/lib/postgres-backup.ts, decision record 033).
// With STORAGE=s3 the archive's media/ is the bucket's media (scripts/lib/s3-media-source.ts).
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ARCHIVED_ENTRIES, dataDirFromEnv, fail, runScript, REPO_ROOT, tar, withDataDirLock } from './lib/data-dir.ts';
import { mediaSourceFor } from './lib/media-sources.ts';
import { backupPostgres } from './lib/postgres-backup.ts';

await runScript(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const dataDir = dataDirFromEnv();
  const outDir = values.out ? resolve(process.env.INIT_CWD ?? process.cwd(), values.out) : join(REPO_ROOT, 'backups');
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await backupPostgres({ databaseUrl, dataDir, outDir, media: mediaSourceFor(process.env, dataDir) });
    return;
  }
  const media = mediaSourceFor(process.env, dataDir);
  const fromBucket = media.name !== 'local';
  const present = ARCHIVED_ENTRIES.filter((entry) => existsSync(join(dataDir, entry)) && !(fromBucket && entry === 'media'));
  if (!present.includes('pgdata')) fail(`${dataDir} holds no database (pgdata/): nothing to back up.`);

  await withDataDirLock(dataDir, async () => {
    mkdirSync(outDir, { recursive: true });
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const archive = join(outDir, `alumlink-${stamp}.tar.gz`);
    // Written under a temporary name, so a crash never leaves a truncated file that looks complete.
    const partial = `${archive}.partial`;
    const staging = mkdtempSync(join(outDir, '.alumlink-backup-'));
    try {
      const staged = fromBucket ? await media.stage(staging) : null;
      tar(['-czf', partial, '-C', dataDir, ...present, ...(staged?.tarArgs ?? [])]);
      if (staged) present.push('media');
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    const listed = tar(['-tzf', partial]).split('\n').filter(Boolean);
    if (!listed.some((entry) => entry.startsWith('pgdata/'))) fail(`The archive ${partial} holds no pgdata/: backup failed.`);
    renameSync(partial, archive);
    const megabytes = (statSync(archive).size / 1024 / 1024).toFixed(1);
    console.log(`Backed up ${dataDir} (${present.join(', ')}; ${listed.length} entries) to ${archive} (${megabytes} MB).`);
  });
});
