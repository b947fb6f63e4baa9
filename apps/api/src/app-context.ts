import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppEvents } from './app-events';
import type { AppConfig } from './config';
import type { Database, DatabaseConnection, Executor, Transaction } from './db/client';
import { createEventBus, type EventBus } from './lib/event-bus';
import { enqueueEmails, type Mailer, type MailMessage } from './lib/mailer/index';
import { mediaStorageFor, type MediaStorage } from './lib/storage/index';
import { createRepositories, type Repositories } from './repositories';

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
    repositories: createRepositories(database, { postHeadFillQuietMs: config.postHeadFillQuietMs }),
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

// The unit of work (decision record 037).

/**
 * Where a change writes and what it causes (decision record 037): the app's database with its
 * effects at once (an AppContext used as a scope), or a unit of work (`ctx.transaction`), whose
 * events and mail wait for the commit and are dropped with a rollback.
 */
export type WorkScope = {
  readonly ctx: AppContext;
  /** The transaction, or the app's database outside one. */
  readonly db: Executor;
  /** Announces an event (after the commit in a unit of work). */
  emit<Name extends keyof AppEvents & string>(name: Name, payload: AppEvents[Name]): void;
  /** Queues e-mails in the outbox (in the transaction); the mailer is woken once they are committed. */
  sendMail(...messages: MailMessage[]): Promise<void>;
  /** A statement of this scope wrote to the outbox itself (lib/mailer's outboxInsertSql): wake the mailer once committed. */
  mailQueued(): void;
};

/** One transaction and what it causes, collected until it commits (ctx.transaction). */
export type UnitOfWork = WorkScope & { readonly kind: 'unit-of-work'; readonly tx: Transaction };

/** What notify and the other writers of effects take: the app context (no transaction) or a unit of work. */
export type Scope = AppContext | UnitOfWork;

/** The scope as writer: a unit of work as it is, the app context with its effects at once. */
export function workScopeOf(scope: Scope): WorkScope {
  if ('kind' in scope) return scope;
  const ctx = scope;
  return {
    ctx,
    db: ctx.db,
    emit: (name, payload) => ctx.events.emit(name, payload),
    async sendMail(...messages) {
      for (const message of messages) await ctx.mailer.send(message);
    },
    mailQueued: () => ctx.mailer.trigger(),
  };
}

/**
 * Runs `change` in one transaction; once it committed, emits the events it announced in order and
 * wakes the mailer if it queued mail. Nothing of either happens when it throws (the rollback).
 */
export async function runUnitOfWork<T>(ctx: AppContext, change: (work: UnitOfWork) => Promise<T>): Promise<T> {
  const events: (() => void)[] = [];
  let mail = false;
  const result = await ctx.db.transaction((tx) =>
    change({
      kind: 'unit-of-work',
      ctx,
      tx,
      db: tx,
      emit: (name, payload) => {
        events.push(() => ctx.events.emit(name, payload));
      },
      async sendMail(...messages) {
        if (messages.length === 0) return;
        await enqueueEmails(tx, messages);
        mail = true;
      },
      mailQueued: () => {
        mail = true;
      },
    }),
  );
  for (const emit of events) emit();
  if (mail) ctx.mailer.trigger();
  return result;
}
