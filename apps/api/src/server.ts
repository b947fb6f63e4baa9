import cluster from 'node:cluster';
import { buildApp, type App } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type DatabaseConnection } from './db/client';
import { DataDirLockedError } from './db/lock';
import { isDatabaseEmpty, runMigrations } from './db/migrate';
import { seedDemo } from './seed/index';
import { mediaStorageFor } from './lib/storage/index';
import { mailboxStartupNotice } from './modules/mailbox/mailbox.presenter';
import { superviseWorkers } from './workers';

/** How long a shutdown waits for the requests in flight before cutting their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Once the app is closing, every answer says `Connection: close`: the client will not send
 * another request on a socket about to close, and the socket ends after the answer. (Closing
 * only ends the connections idle at that moment; one busy then would otherwise stay open, and
 * hold the shutdown, until its keep-alive timeout of 72 s.)
 */
function closeConnectionsAfterAnswerOnClose(app: App): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Errors whose message is the whole story: printed as one line, no stack trace. */
function isExpectedStartupError(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataDirLockedError;
}

function isConnectionError(error: unknown): error is Error {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  return (
    error instanceof Error &&
    (['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', '28P01', '3D000'].includes(code) ||
      error.message.includes('timeout exceeded when trying to connect'))
  );
}

/** Migrates the database and seeds the demo into an empty one when configured to. */
async function prepareDatabase(config: AppConfig, database: DatabaseConnection): Promise<void> {
  await runMigrations(database);
  if (config.seedDemo && (await isDatabaseEmpty(database))) {
    const result = await seedDemo(database.db, { media: mediaStorageFor(config) });
    if (result.seeded) console.log(`Demo data seeded (${result.steps.join(', ')}). Sign in as admin@example.com / alumlink-demo.`);
  }
}

function printStartupError(config: AppConfig, error: unknown): void {
  if (isExpectedStartupError(error)) {
    console.error(error.message);
  } else if (config.databaseUrl && isConnectionError(error)) {
    console.error(`Cannot connect to the database in DATABASE_URL: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${config.port} is already in use. Set PORT to another port.`);
  } else {
    console.error('AlumLink failed to start:', error);
  }
}

function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * WEB_CONCURRENCY > 1: this primary process migrates (and seeds) once, then runs the workers,
 * each of which starts the server below without migrating again.
 */
async function startWorkers(config: AppConfig): Promise<void> {
  let database: DatabaseConnection | null = null;
  let prepared = false;
  try {
    database = await openDatabase(config);
    await prepareDatabase(config, database);
    prepared = true;
  } catch (error) {
    printStartupError(config, error);
  } finally {
    await database?.close().catch(() => undefined);
  }
  if (!prepared) process.exit(1);
  superviseWorkers(config, () =>
    console.log(`${config.siteName} is running at http://localhost:${config.port} with ${config.webConcurrency} workers`),
  );
}

async function start(config: AppConfig): Promise<void> {
  let database: DatabaseConnection | null = null;
  let app: App | null = null;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info(`${signal} received, shutting down`);
    // Requests still running after the grace period lose their connection.
    const cutOff = setTimeout(() => app?.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    try {
      // Stops accepting connections and waits for in-flight requests.
      await app?.close();
    } finally {
      clearTimeout(cutOff);
      // Closing PGlite also releases the data directory lock.
      await database?.close();
    }
    process.exit(0);
  };
  // `on`, not `once`: a second signal (Ctrl+C reaches a worker from the terminal and from its
  // primary) must not fall through to the default handler, which exits without shutting down.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    database = await openDatabase(config);
    // Workers find the database already prepared by their primary.
    if (!cluster.isWorker) await prepareDatabase(config, database);
    app = await buildApp({ config, database });
    closeConnectionsAfterAnswerOnClose(app);
    await app.listen({ port: config.port, host: config.host });
    if (!cluster.isWorker) console.log(`${config.siteName} is running at http://localhost:${config.port}`);
    const mailboxNotice = mailboxStartupNotice(config);
    if (mailboxNotice) console.log(mailboxNotice);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    printStartupError(config, error);
    process.exit(1);
  }
}

const config = loadConfigOrExit();
if (cluster.isPrimary && config.webConcurrency > 1) await startWorkers(config);
else await start(config);
