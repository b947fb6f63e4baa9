import pg from 'pg';
import type { DatabaseDriver } from './client';

export type ChannelHandlers = {
  /** One NOTIFY payload, after the transaction that sent it committed. */
  onPayload(payload: string): void;
  /**
   * True once the channel is listened to, false when the connection is lost (NOTIFYs sent while
   * down are never heard). Called again with true after a reconnection.
   */
  onListening(listening: boolean): void;
  onError(error: unknown): void;
};

/** Waits this long before the first reconnection, doubling up to the maximum. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/** LISTEN names are identifiers: only the ones this app spells. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Listens to a PostgreSQL NOTIFY channel until the returned function is called: on the embedded
 * database through PGlite's own listener, on PostgreSQL through a connection of its own (outside
 * the pool, which it must not hold), reconnecting with backoff when it is lost.
 */
export async function listenToChannel(driver: DatabaseDriver, channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`listenToChannel: not a channel name: ${channel}`);
  if (driver.kind === 'pglite') {
    const unlisten = await driver.client.listen(channel, handlers.onPayload);
    handlers.onListening(true);
    return async () => {
      handlers.onListening(false);
      if (!driver.client.closed) await unlisten();
    };
  }
  return listenOnPostgres(driver.pool.options, channel, handlers);
}

function listenOnPostgres(options: pg.PoolConfig, channel: string, handlers: ChannelHandlers): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const lost = (broken: pg.Client, error?: unknown) => {
    if (client !== broken) return;
    client = null;
    handlers.onListening(false);
    if (error) handlers.onError(error);
    broken.end().catch(() => undefined);
    if (stopped) return;
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  const connect = () => {
    retryTimer = null;
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectionTimeoutMillis,
      // A listening connection waits for notifications, never for a statement.
      keepAlive: true,
    });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(() => {
        if (client !== next) return;
        retryMs = FIRST_RETRY_MS;
        handlers.onListening(true);
      })
      .catch((error: unknown) => lost(next, error));
  };

  connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    handlers.onListening(false);
    await current?.end().catch(() => undefined);
  };
}
