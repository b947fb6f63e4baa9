import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppEvents } from './app-events';
import type { AppConfig } from './config';
import type { Database, DatabaseConnection } from './db/client';
import { createEventBus, type EventBus } from './lib/event-bus';
import type { Mailer } from './lib/mailer/index';
import { mediaStorageFor, type MediaStorage } from './lib/storage/index';
import { createRepositories, type Repositories } from './repositories';
import { runUnitOfWork, type UnitOfWork } from './unit-of-work';

/** Whether a person is looking at a conversation right now (the realtime hub knows). */
export type ConversationPresence = { isViewing(userId: number, conversationId: number): Promise<boolean> };

/** The presence the realtime plugin provides; without one (no hub yet, CLI) nobody is looking. */
export type PresenceSlot = ConversationPresence & { provide(source: ConversationPresence | null): void };

/**
 * Everything a service needs from its app, built once per app by `buildApp` (`app.ctx`).
 * Every service takes it (or a `Pick` of it) as its first parameter: `service(app.ctx, ...)`.
 * Functions that run inside a caller's transaction (repositories, `...Within` helpers) take an
 * `Executor` (the db or the transaction) instead, so they join the caller's transaction.
 */
export type AppContext = {
  readonly config: AppConfig;
  readonly db: Database;
  /** The connection behind `db` (kind, ping, close). */
  readonly database: DatabaseConnection;
  readonly mailer: Mailer;
  /** Uploaded images (DATA_DIR/media). */
  readonly storage: MediaStorage;
  /** Announcements after a change committed (the realtime plugin listens). */
  readonly events: EventBus<AppEvents>;
  /** The app's repositories that own prepared statements. */
  readonly repositories: Repositories;
  readonly presence: PresenceSlot;
  readonly log: FastifyBaseLogger;
  /**
   * Runs `change` in one transaction (a unit of work, decision record 037): the events it emits,
   * the notifications it stores and the mail it queues are announced and sent once it committed.
   */
  transaction<T>(change: (work: UnitOfWork) => Promise<T>): Promise<T>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app context every service receives (app-context.ts). */
    ctx: AppContext;
  }
}

function createPresenceSlot(): PresenceSlot {
  let source: ConversationPresence | null = null;
  return {
    isViewing: async (userId, conversationId) => (source ? source.isViewing(userId, conversationId) : false),
    provide: (next) => {
      source = next;
    },
  };
}

export type AppContextParts = Pick<AppContext, 'config' | 'database' | 'mailer' | 'log'>;

/** Builds an app's context from its configuration, connection, mailer and logger. */
export function createAppContext({ config, database, mailer, log }: AppContextParts): AppContext {
  return Object.freeze({
    config,
    db: database.db,
    database,
    mailer,
    storage: mediaStorageFor(config),
    events: createEventBus<AppEvents>((error, event) => log.error({ err: error, event }, 'An event listener failed')),
    repositories: createRepositories(database),
    presence: createPresenceSlot(),
    log,
    // `this`: a context spread with another database (a job's dependencies in tests) runs its units there.
    transaction<T>(this: AppContext, change: (work: UnitOfWork) => Promise<T>): Promise<T> {
      return runUnitOfWork(this, change);
    },
  });
}

/** Decorates `app.ctx` (needs `config`, `database` and `mailer` decorated first). */
export const appContextPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.decorate('ctx', createAppContext({ config: app.config, database: app.database, mailer: app.mailer, log: app.log }));
  },
  { name: 'app-context' },
);
