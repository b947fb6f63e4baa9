import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import type { Context, Span, Tracer } from '@opentelemetry/api';
import { Command, Redis } from 'ioredis';
import pg from 'pg';
import { observePipelinedQueries, type PipelinedQuery } from '../db/pipelined-client';

/*
 * Client spans for the database drivers (node-postgres, postgres.js, PGlite) and Redis (ioredis),
 * children of the request's server span (lib/tracing.ts). Written by hand because the production
 * server is an esbuild bundle, where require-hook instrumentation does not apply. The request's
 * context travels in an AsyncLocalStorage of our own (no global context manager): a query made
 * outside a traced request (a background job) makes no span. Installed only once tracing is on:
 * without OTEL_EXPORTER_OTLP_ENDPOINT no driver is touched.
 */

export type RequestTrace = { tracer: Tracer; context: Context; api: typeof import('@opentelemetry/api') };

/** The traced request the current code runs for. */
export const requestTraces = new AsyncLocalStorage<RequestTrace>();

/** A statement is sent as written, with $1 placeholders: never the parameters' values. */
const MAX_STATEMENT_LENGTH = 2_000;

function startClientSpan(system: string, name: string, statement: string): Span | null {
  const trace = requestTraces.getStore();
  if (!trace) return null;
  return trace.tracer.startSpan(
    name,
    {
      kind: trace.api.SpanKind.CLIENT,
      attributes: { 'db.system': system, 'db.statement': statement.slice(0, MAX_STATEMENT_LENGTH) },
    },
    trace.context,
  );
}

function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: 2 /* SpanStatusCode.ERROR */ });
  }
  span.end();
}

/** `SELECT users`-like names: the operation, as OpenTelemetry's conventions ask for low cardinality. */
function operationOf(statement: string): string {
  return /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? 'QUERY';
}

function settle<T>(span: Span | null, result: T): T {
  if (span && result && typeof (result as { then?: unknown }).then === 'function')
    (result as unknown as PromiseLike<unknown>).then(
      () => endSpan(span),
      (error: unknown) => endSpan(span, error),
    );
  else span?.end();
  return result;
}

let installed = false;

/** Wraps the drivers' query methods, once per process. */
export function installClientTracing(): void {
  if (installed) return;
  installed = true;

  // node-postgres: Pool#query and transactions both end in Client#query.
  const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function tracedQuery(this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    const span = startClientSpan('postgresql', operationOf(text), text);
    if (!span) return clientQuery.apply(this, args);
    const callbackAt = args.findIndex((arg) => typeof arg === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: unknown, ...rest: unknown[]) => void;
      args[callbackAt] = (error: unknown, ...rest: unknown[]) => {
        endSpan(span, error ?? undefined);
        callback(error, ...rest);
      };
      return clientQuery.apply(this, args);
    }
    return settle(span, clientQuery.apply(this, args));
  } as typeof pg.Client.prototype.query;

  // postgres.js: the prepared statements' client (db/pipelined-client.ts).
  observePipelinedQueries((text: string, query: PipelinedQuery) => {
    const span = startClientSpan('postgresql', operationOf(text), text);
    if (!span) return;
    const { resolve, reject } = query;
    query.resolve = (value) => {
      endSpan(span);
      resolve(value);
    };
    query.reject = (reason) => {
      endSpan(span, reason);
      reject(reason);
    };
  });

  // PGlite: the embedded database's queries outside transactions.
  for (const method of ['query', 'exec'] as const) {
    const original = PGlite.prototype[method] as (...args: unknown[]) => Promise<unknown>;
    (PGlite.prototype as unknown as Record<string, unknown>)[method] = function tracedPglite(this: PGlite, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : '';
      return settle(startClientSpan('postgresql', operationOf(text), text), original.apply(this, args));
    };
  }

  // ioredis: every command passes Redis#sendCommand (again when an offline queue is flushed).
  const sendCommand = Redis.prototype.sendCommand;
  const traced = new WeakSet<Command>();
  Redis.prototype.sendCommand = function tracedCommand(this: Redis, command: Command, ...rest: unknown[]) {
    if (!traced.has(command)) {
      const name = command.name.toUpperCase();
      const span = startClientSpan('redis', name, name);
      if (span) {
        traced.add(command);
        command.promise.then(
          () => endSpan(span),
          (error: unknown) => endSpan(span, error),
        );
      }
    }
    return (sendCommand as (...args: unknown[]) => unknown).call(this, command, ...rest);
  } as typeof Redis.prototype.sendCommand;
}
