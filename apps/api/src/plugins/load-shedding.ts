import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverBusy } from '../lib/errors';

/** Probes answer whatever the load: an orchestrator must see a busy worker as alive. */
const PROBES = new Set(['/healthz', '/readyz']);

/** Seconds a refused client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Load shedding: a worker serves at most `config.maxRequestsInFlight` requests at once and answers
 * one more at once with 503 `busy` (Retry-After: 1), before any work (no token check, no query).
 * Past its capacity a server that queues everything answers everyone late, and every late answer
 * still costs its whole work: the queue only grows, and clients that gave up are served anyway.
 * With a bound the queue stays short (see `maxRequestsInFlight`), the requests taken are answered
 * in time, and the rest learn it at once. The count is released when the response closes, sent
 * or aborted (a client that hangs up frees its place at once).
 */
export function registerLoadShedding(app: FastifyInstance): void {
  const max = app.config.maxRequestsInFlight;
  let inFlight = 0;
  const release = () => {
    inFlight -= 1;
  };
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (PROBES.has(request.url)) return done();
    if (inFlight >= max) return done(serverBusy(RETRY_AFTER_SECONDS));
    // A WebSocket upgrade is refused when the worker is full, but holds no place: its response
    // only closes with the socket, hours later.
    if (request.headers.upgrade !== undefined) return done();
    inFlight += 1;
    reply.raw.once('close', release);
    done();
  });
}
