// `npm run backup` / `npm run restore` when DATABASE_URL names a PostgreSQL server (decision
// record 033): one .tar.gz holding alumlink-backup.json (the manifest), database/<table>.copy,
// media/ and jwt-secret when DATA_DIR has one.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { fail, tar } from './data-dir.ts';
import { MEDIA_ENTRY, type MediaSource } from './media-sources.ts';
import { DATABASE_DIR, dumpDatabase, loadDatabase, MANIFEST_FILE, peopleIn, openAdminClient, type Manifest } from './postgres-dump.ts';

const JWT_SECRET_FILE = 'jwt-secret';
export const POSTGRES_ARCHIVE_ENTRIES = [MANIFEST_FILE, DATABASE_DIR, MEDIA_ENTRY, JWT_SECRET_FILE] as const;

export function timestamp(): string {
  return new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export async function backupPostgres(options: {
  databaseUrl: string;
  dataDir: string;
  outDir: string;
  media: MediaSource;
}): Promise<string> {
  mkdirSync(options.outDir, { recursive: true });
  const staging = mkdtempSync(join(options.outDir, '.alumlink-backup-'));
  try {
    mkdirSync(join(staging, DATABASE_DIR));
    const database = await dumpDatabase(options.databaseUrl, staging);
    // After the database's snapshot: every medium a row names was written before it.
    const media = await options.media.stage(staging);
    const manifest: Manifest = { ...database, media: { source: options.media.name, files: media.files } };
    writeFileSync(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const secret = existsSync(join(options.dataDir, JWT_SECRET_FILE)) ? ['-C', options.dataDir, JWT_SECRET_FILE] : [];
    const archive = join(options.outDir, `alumlink-${timestamp()}.tar.gz`);
    const partial = `${archive}.partial`;
    tar(['-czf', partial, '-C', staging, MANIFEST_FILE, DATABASE_DIR, ...media.tarArgs, ...secret]);
    renameSync(partial, archive);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const megabytes = (statSync(archive).size / 1024 / 1024).toFixed(1);
    console.log(
      `Backed up PostgreSQL (${manifest.tables.length} tables, ${rows} rows, ${manifest.sequences.length} sequences) and ${media.files} media files to ${archive} (${megabytes} MB).`,
    );
    return archive;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export async function restorePostgres(options: {
  archive: string;
  databaseUrl: string;
  dataDir: string;
  media: MediaSource;
  force: boolean;
}): Promise<void> {
  mkdirSync(options.dataDir, { recursive: true });
  const unpacked = mkdtempSync(join(options.dataDir, '.restoring-'));
  try {
    tar(['-xzf', options.archive, '-C', unpacked]);
    const manifest = JSON.parse(readFileSync(join(unpacked, MANIFEST_FILE), 'utf8')) as Manifest;
    if (manifest.format !== 'alumlink-postgres-1') fail(`Unknown backup format ${String(manifest.format)}.`);

    const admin = openAdminClient(options.databaseUrl);
    const people = await peopleIn(admin).finally(() => admin.end({ timeout: 5 }));
    const secretPath = join(options.dataDir, JWT_SECRET_FILE);
    const unpackedSecret = join(unpacked, JWT_SECRET_FILE);
    const secretDiffers =
      existsSync(unpackedSecret) && existsSync(secretPath) && readFileSync(secretPath, 'utf8') !== readFileSync(unpackedSecret, 'utf8');
    const obstacles = [
      people > 0 ? `the database holds data (${people} people)` : null,
      await options.media.occupied(),
      secretDiffers ? `${secretPath} differs from the backup's` : null,
    ].filter((obstacle): obstacle is string => obstacle !== null);
    if (obstacles.length > 0 && !options.force)
      fail(`Not empty: ${obstacles.join('; ')}. Pass --force to replace them (media and the key are kept aside; the rows are not).`);

    const connection = await openPostgres(options.databaseUrl);
    try {
      await runMigrations(connection);
    } finally {
      await connection.close();
    }
    await loadDatabase(options.databaseUrl, unpacked, manifest);
    const stamp = timestamp();
    const files = await options.media.restore(join(unpacked, MEDIA_ENTRY), stamp);
    if (existsSync(unpackedSecret)) {
      if (secretDiffers) renameSync(secretPath, `${secretPath}.before-restore-${stamp}`);
      renameSync(unpackedSecret, secretPath);
    }
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${manifest.tables.length} tables (${rows} rows) and ${files} media files from a backup of ${manifest.created_at}.`,
    );
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}
