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

/** A listened channel: `caughtUp` and `stop`. */
export type ListeningChannel = {
  /**
   * Resolves true once every NOTIFY committed before the call has been handed to onPayload, false
   * when the channel is not listened to (or its connection failed meanwhile).
   */
  caughtUp(): Promise<boolean>;
  /** Stops listening (onListening(false)). */
  stop(): Promise<void>;
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
export async function listenToChannel(driver: DatabaseDriver, channel: string, handlers: ChannelHandlers): Promise<ListeningChannel> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`listenToChannel: not a channel name: ${channel}`);
  if (driver.kind === 'pglite') {
    const unlisten = await driver.client.listen(channel, handlers.onPayload);
    let listening = true;
    handlers.onListening(true);
    return {
      // PGlite hands a notification to its listeners (queued microtasks) while it reads the answer
      // to the COMMIT that sent it, before that COMMIT's caller resumes: one process, one backend.
      caughtUp: async () => listening,
      async stop() {
        listening = false;
        handlers.onListening(false);
        if (!driver.client.closed) await unlisten();
      },
    };
  }
  return listenOnPostgres(driver.pool.options, channel, handlers);
}

/**
 * Runs `ping` for the callers that arrive while none is on its way, one at a time: a caller arriving
 * while one runs shares the next one, sent once it answered (so that it starts after the call).
 */
function sharedPings(ping: () => Promise<boolean>): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;
  const start = () => {
    const started = ping().finally(() => {
      if (running === started) running = null;
    });
    running = started;
    return started;
  };
  return () => {
    if (!running) return start();
    next ??= running.then(() => {
      next = null;
      return start();
    });
    return next;
  };
}

function listenOnPostgres(options: pg.PoolConfig, channel: string, handlers: ChannelHandlers): ListeningChannel {
  let stopped = false;
  let client: pg.Client | null = null;
  let listening: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const lost = (broken: pg.Client, error?: unknown) => {
    if (client !== broken) return;
    client = null;
    listening = null;
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
        listening = next;
        handlers.onListening(true);
      })
      .catch((error: unknown) => lost(next, error));
  };

  connect();
  return {
    // The server sends a notification to a listening connection as soon as the sending transaction
    // committed (it signals the listening backend before the COMMIT returns), or at the latest
    // before it is ready for the next statement: so once a statement sent after the call has been
    // answered on the listening connection, every notification committed before the call has been
    // read from it, in order, and handed on.
    caughtUp: sharedPings(async () => {
      const current = listening;
      if (!current) return false;
      try {
        await current.query('select 1');
        return listening === current;
      } catch {
        return false;
      }
    }),
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      listening = null;
      handlers.onListening(false);
      await current?.end().catch(() => undefined);
    },
  };
}
