// `npm run seed`: migrates the configured database and seeds the demo when it has no users.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { runMigrations } from '../db/migrate';
import { seedDemo } from '../seed/index';
import { mediaStorageFor } from '../lib/storage/index';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const result = await seedDemo(database.db, { media: mediaStorageFor(config) });
    if (result.seeded) {
      console.log(`Demo data seeded (${result.steps.join(', ')}). Sign in as admin@example.com / alumlink-demo.`);
    } else {
      console.log('The database already has users; the demo seed only runs on an empty database. Nothing changed.');
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
