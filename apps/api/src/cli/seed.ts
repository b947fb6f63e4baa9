// `npm run seed`: migrates the configured database and seeds the demo when it has no users.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { runCommand } from './run-command';
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

runCommand(main);
