import type { AppContext } from './app-context';
import type { AppEvents } from './app-events';
import type { Executor, Transaction } from './db/client';
import { enqueueEmails, type MailMessage } from './lib/mailer/index';

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
