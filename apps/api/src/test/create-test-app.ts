import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app';
import type { AppContext } from '../app-context';
import { loadConfig, type AppConfig } from '../config';
import type { MailerOptions } from '../lib/mailer/index';
import type { Clock } from '../lib/scheduler/index';
import type { Database, DatabaseConnection } from '../db/client';
import { recordingDatabase, type RecordedStatement } from './recording-database';
import { openTestDatabase, type TestDatabaseOptions } from './test-database';

/** A fixed signing key, so tokens made in one test file are reproducible. */
export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/**
 * A test configuration: silent logs, no demo seed, a fresh temporary DATA_DIR (media), no
 * web build unless `webDistDir` is given, and rate-limit counters of its own. Overrides win.
 */
export function createTestConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'alumlink-test-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  // Counters of their own in a Redis shared with other test runs (user ids repeat across test databases).
  return Object.freeze({ ...base, rateLimitNamespace: `alumlink-rl-test-${randomUUID()}-`, ...overrides });
}

export type TestApp = {
  app: App;
  db: Database;
  /** The app's context (`app.ctx`), for calling services directly. */
  ctx: AppContext;
  database: DatabaseConnection;
  config: AppConfig;
  /** Closes the app and drops its database and temporary data directory. */
  close(): Promise<void>;
};

/**
 * The real app on a database of its own (fresh and migrated), for `app.inject()`.
 * Mail is not sent in the background: call `app.mailer.deliverPending()`, or read the outbox
 * (`emailsTo`, `lastCodeSentTo`). Typical use: `let t: TestApp; beforeAll(async () => { t = await createTestApp(); }); afterAll(() => t.close());`
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: {
    mailer?: MailerOptions;
    clock?: Clock;
    /** Exactly these background jobs run (none by default: tests run jobs by hand). */
    jobs?: readonly string[];
    /** The app runs on a handle that appends every statement it executes here; `db` and `database` stay unrecorded. */
    recordStatementsInto?: RecordedStatement[];
    /** The database starts with 5,000 people, from a dump made once (query-plan tests; see openTestDatabase). */
    bulkPeople?: TestDatabaseOptions['bulkPeople'];
    /**
     * The app runs on this database (another test app's `database`) instead of loading a fresh one
     * (about 1.4 s of CPU on PGlite): for a second app that differs only in its configuration. Its
     * close() leaves that database open; the app that opened it closes it.
     */
    database?: DatabaseConnection;
  } = {},
): Promise<TestApp> {
  const config = createTestConfig(overrides);
  const shared = options.database;
  const database = shared ?? (await openTestDatabase(options.bulkPeople ? { bulkPeople: options.bulkPeople } : {}));
  // Not ready()-ed yet: a test may add routes before its first inject (which readies the app).
  const app = await buildApp({
    config,
    database: options.recordStatementsInto ? recordingDatabase(database, options.recordStatementsInto) : database,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  return {
    app,
    db: database.db,
    ctx: app.ctx,
    database,
    config,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
      if (!overrides.dataDir) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
